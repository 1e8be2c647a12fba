import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { createPortal } from 'react-dom';
import { cx } from '@/shared/lib/class-names';
import { Icon } from '@/shared/ui/icon';
import styles from './photo-gallery.module.css';

export interface GalleryImage {
  url: string;
  thumbnailUrl?: string | null;
  width?: number | null;
  height?: number | null;
  alt: string;
}

export interface PhotoGalleryLabels {
  /** The gallery's name ("Foto dell'immobile"). */
  region: string;
  previous: string;
  next: string;
  fullScreen: string;
  close: string;
  /** "1 / 12". */
  counter: (position: number, total: number) => string;
  /** A thumbnail's button ("Foto 3"). */
  thumbnail: (position: number) => string;
  empty: string;
}

export interface PhotoGalleryProps {
  images: GalleryImage[];
  labels: PhotoGalleryLabels;
  /** The cover loads at once (it is the page's largest picture). */
  priority?: boolean;
  className?: string;
}

/** The images' shape when they do not say: 4:3, like the listing photos. */
const DEFAULT_SIZE = { width: 1200, height: 900 };
/** A horizontal move longer than this, in CSS pixels, turns the picture. */
const SWIPE_MIN_PX = 40;

function useTurn(total: number) {
  const [index, setIndex] = useState(0);
  const go = (to: number) => setIndex(((to % total) + total) % total);
  return { index: Math.min(index, Math.max(total - 1, 0)), go };
}

/** The key a gallery answers: arrows turn, Home and End jump. */
function keyMove(key: string, index: number, total: number): number | null {
  if (key === 'ArrowRight') return index + 1;
  if (key === 'ArrowLeft') return index - 1;
  if (key === 'Home') return 0;
  if (key === 'End') return total - 1;
  return null;
}

function useSwipe(onSwipe: (direction: 1 | -1) => void) {
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

/**
 * The photos of a listing: the cover large, thumbnails below, arrows and swipe to turn, a
 * "1 / 12" counter, and a full-screen view (Esc closes it). Every image carries its width and
 * height, so nothing moves while they load.
 */
export function PhotoGallery({ images, labels, priority = false, className }: PhotoGalleryProps) {
  const total = images.length;
  const { index, go } = useTurn(total);
  const [fullScreen, setFullScreen] = useState(false);
  const swipe = useSwipe((direction) => go(index + direction));
  const thumbnails = useRef<HTMLOListElement>(null);

  useEffect(() => {
    const strip = thumbnails.current;
    const current = strip?.children[index] as HTMLElement | undefined;
    if (!strip || !current) return;
    // The current thumbnail in view, without scrolling the page.
    const left = current.offsetLeft - (strip.clientWidth - current.clientWidth) / 2;
    strip.scrollTo?.({ left, behavior: 'smooth' });
  }, [index]);

  if (total === 0) {
    return (
      <div className={cx(styles.gallery, className)}>
        <div className={cx(styles.stage, styles.empty)}>{labels.empty}</div>
      </div>
    );
  }

  const image = images[index];
  const onKeyDown = (event: KeyboardEvent) => {
    const to = keyMove(event.key, index, total);
    if (to === null) return;
    event.preventDefault();
    go(to);
  };

  return (
    <section className={cx(styles.gallery, className)} aria-label={labels.region} aria-roledescription="galleria" tabIndex={0} onKeyDown={onKeyDown} data-testid="photo-gallery">
      <div className={styles.stage} {...swipe}>
        {/* A click on the picture opens it large; keyboards have the full-screen button below. */}
        <button type="button" className={styles.open} onClick={() => setFullScreen(true)} tabIndex={-1}>
          <img
            key={image.url}
            className={styles.image}
            src={image.url}
            alt={image.alt}
            width={image.width ?? DEFAULT_SIZE.width}
            height={image.height ?? DEFAULT_SIZE.height}
            loading={priority && index === 0 ? 'eager' : 'lazy'}
            fetchPriority={priority && index === 0 ? 'high' : undefined}
            decoding="async"
            draggable={false}
          />
        </button>
        {total > 1 ? (
          <>
            <button type="button" className={cx(styles.turn, styles.previous)} onClick={() => go(index - 1)} aria-label={labels.previous}>
              <Icon name="chevron-right" className={styles.flip} />
            </button>
            <button type="button" className={cx(styles.turn, styles.next)} onClick={() => go(index + 1)} aria-label={labels.next}>
              <Icon name="chevron-right" />
            </button>
          </>
        ) : null}
        <p className={styles.counter} aria-live="polite" data-testid="gallery-counter">
          {labels.counter(index + 1, total)}
        </p>
        <button type="button" className={styles.expand} onClick={() => setFullScreen(true)}>
          <Icon name="external" />
          <span>{labels.fullScreen}</span>
        </button>
      </div>
      {total > 1 ? (
        <ol className={styles.thumbnails} ref={thumbnails}>
          {images.map((item, position) => (
            <li key={item.url}>
              <button
                type="button"
                className={cx(styles.thumbnail, position === index && styles.current)}
                onClick={() => go(position)}
                aria-label={labels.thumbnail(position + 1)}
                aria-current={position === index ? 'true' : undefined}
              >
                <img src={item.thumbnailUrl || item.url} alt="" width={96} height={72} loading="lazy" decoding="async" draggable={false} />
              </button>
            </li>
          ))}
        </ol>
      ) : null}
      {fullScreen ? <FullScreenView images={images} index={index} go={go} labels={labels} onClose={() => setFullScreen(false)} /> : null}
    </section>
  );
}

function FullScreenView({ images, index, go, labels, onClose }: { images: GalleryImage[]; index: number; go: (to: number) => void; labels: PhotoGalleryLabels; onClose: () => void }) {
  const dialog = useRef<HTMLDivElement>(null);
  const total = images.length;
  const image = images[index];
  const swipe = useSwipe((direction) => go(index + direction));

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const doc = element.ownerDocument;
    const opener = doc.activeElement instanceof HTMLElement ? doc.activeElement : null;
    element.focus();
    // The page behind is inert and still while the photos fill the screen.
    const siblings = Array.from(doc.body.children).filter((child): child is HTMLElement => child instanceof HTMLElement && !child.contains(element));
    const wasInert = siblings.map((child) => child.inert);
    siblings.forEach((child) => (child.inert = true));
    const overflow = doc.body.style.overflow;
    doc.body.style.overflow = 'hidden';
    return () => {
      siblings.forEach((child, position) => (child.inert = wasInert[position]));
      doc.body.style.overflow = overflow;
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    event.stopPropagation();
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
      return;
    }
    if (event.key === 'Tab') {
      // Focus stays among the view's buttons.
      const buttons = Array.from(event.currentTarget.querySelectorAll<HTMLElement>('button'));
      const at = buttons.indexOf(event.target as HTMLElement);
      const next = event.shiftKey ? (at <= 0 ? buttons.length - 1 : at - 1) : at === buttons.length - 1 ? 0 : at + 1;
      event.preventDefault();
      buttons[next]?.focus();
      return;
    }
    const to = keyMove(event.key, index, total);
    if (to === null) return;
    event.preventDefault();
    go(to);
  };

  return createPortal(
    <div ref={dialog} className={styles.fullScreen} role="dialog" aria-modal="true" aria-label={labels.region} tabIndex={-1} onKeyDown={onKeyDown}>
      <div className={styles.fullScreenBar}>
        <p className={styles.fullScreenCounter}>{labels.counter(index + 1, total)}</p>
        <button type="button" className={styles.close} onClick={onClose} aria-label={labels.close}>
          <Icon name="close" />
        </button>
      </div>
      <div className={styles.fullScreenStage} {...swipe}>
        <img
          key={image.url}
          className={styles.fullScreenImage}
          src={image.url}
          alt={image.alt}
          width={image.width ?? DEFAULT_SIZE.width}
          height={image.height ?? DEFAULT_SIZE.height}
          draggable={false}
        />
        {total > 1 ? (
          <>
            <button type="button" className={cx(styles.turn, styles.previous)} onClick={() => go(index - 1)} aria-label={labels.previous}>
              <Icon name="chevron-right" className={styles.flip} />
            </button>
            <button type="button" className={cx(styles.turn, styles.next)} onClick={() => go(index + 1)} aria-label={labels.next}>
              <Icon name="chevron-right" />
            </button>
          </>
        ) : null}
      </div>
    </div>,
    document.body,
  );
}
