import { useRef, type PointerEvent } from 'react';
import { cx } from '@/shared/lib/class-names';
import { Icon } from '@/shared/ui/icon';
import styles from './photo-gallery.module.css';

/** The images' shape when they do not say: 4:3, like the listing photos. */
export const DEFAULT_SIZE = { width: 1200, height: 900 };
/** A horizontal move longer than this, in CSS pixels, turns the picture. */
const SWIPE_MIN_PX = 40;

/** The key a gallery answers: arrows turn, Home and End jump. */
export function keyMove(key: string, index: number, total: number): number | null {
  if (key === 'ArrowRight') return index + 1;
  if (key === 'ArrowLeft') return index - 1;
  if (key === 'Home') return 0;
  if (key === 'End') return total - 1;
  return null;
}

export function useSwipe(onSwipe: (direction: 1 | -1) => void) {
  const start = useRef<{ x: number; y: number; id: number } | null>(null);
  return {
    onPointerDown: (event: PointerEvent) => {
      if (event.pointerType === 'mouse') return;
      start.current = { x: event.clientX, y: event.clientY, id: event.pointerId };
    },
    onPointerUp: (event: PointerEvent) => {
      const from = start.current;
      start.current = null;
      if (!from || from.id !== event.pointerId) return;
      const dx = event.clientX - from.x;
      if (Math.abs(dx) >= SWIPE_MIN_PX && Math.abs(dx) > Math.abs(event.clientY - from.y)) onSwipe(dx < 0 ? 1 : -1);
    },
    onPointerCancel: () => {
      start.current = null;
    },
  };
}

/** The arrows that turn the picture, on the gallery and in full screen; none for a single picture. */
export function TurnButtons({
  index,
  total,
  go,
  labels,
}: {
  index: number;
  total: number;
  go: (to: number) => void;
  labels: { previous: string; next: string };
}) {
  if (total <= 1) return null;
  return (
    <>
      <button
        type="button"
        className={cx(styles.turn, styles.previous)}
        onClick={() => go(index - 1)}
        aria-label={labels.previous}
      >
        <Icon name="chevron-right" className={styles.flip} />
      </button>
      <button
        type="button"
        className={cx(styles.turn, styles.next)}
        onClick={() => go(index + 1)}
        aria-label={labels.next}
      >
        <Icon name="chevron-right" />
      </button>
    </>
  );
}
