import { useEffect, useRef, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { Icon } from '@/shared/ui/icon';
import { DEFAULT_SIZE, keyMove, TurnButtons, useSwipe } from './gallery-parts';
import type { GalleryImage, PhotoGalleryLabels } from './photo-gallery';
import styles from './photo-gallery.module.css';

/** The gallery's full-screen view, loaded when it first opens. */
export default function FullScreenView({
  images,
  index,
  go,
  labels,
  onClose,
}: {
  images: GalleryImage[];
  index: number;
  go: (to: number) => void;
  labels: PhotoGalleryLabels;
  onClose: () => void;
}) {
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
    const siblings = Array.from(doc.body.children).filter(
      (child): child is HTMLElement => child instanceof HTMLElement && !child.contains(element),
    );
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
    <div
      ref={dialog}
      className={styles.fullScreen}
      role="dialog"
      aria-modal="true"
      aria-label={labels.region}
      tabIndex={-1}
      onKeyDown={onKeyDown}
    >
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
        <TurnButtons index={index} total={total} go={go} labels={labels} />
      </div>
    </div>,
    document.body,
  );
}
