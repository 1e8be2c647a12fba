import { lazy, Suspense, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { cx } from '@/shared/lib/class-names';
import { Icon } from '@/shared/ui/icon';
import { DEFAULT_SIZE, keyMove, TurnButtons, useSwipe } from './gallery-parts';
import styles from './photo-gallery.module.css';

const loadFullScreen = () => import('./full-screen-view');
const FullScreenView = lazy(loadFullScreen);

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

function useTurn(total: number) {
  const [index, setIndex] = useState(0);
  const go = (to: number) => setIndex(((to % total) + total) % total);
  return { index: Math.min(index, Math.max(total - 1, 0)), go };
}

/**
 * The photos of a listing: the cover large, thumbnails below, arrows and swipe to turn, a
 * "1 / 12" counter, and a full-screen view (Esc closes it). Every image carries its width and
 * height, so nothing moves while they load. Photos show whole (contained on a neutral
 * background, never cropped), here and in full screen; only the thumbnails are cropped.
 */
export function PhotoGallery({ images, labels, priority = false, className }: PhotoGalleryProps) {
  const total = images.length;
  const { index, go } = useTurn(total);
  const [fullScreen, setFullScreen] = useState(false);
  const swipe = useSwipe((direction) => go(index + direction));
  const thumbnails = useRef<HTMLOListElement>(null);
  // The full-screen view's code starts loading when a pointer or focus nears its buttons.
  const prepareFullScreen = () => void loadFullScreen().catch(() => undefined);

  useEffect(() => {
    const strip = thumbnails.current;
    const current = strip?.children[index] as HTMLElement | undefined;
    if (!strip || !current) return;
    // The current thumbnail in view, without scrolling the page.
    const left = current.offsetLeft - (strip.clientWidth - current.clientWidth) / 2;
    strip.scrollTo?.({ left, behavior: 'smooth' });
  }, [index]);

  if (total === 0) {
    // No photos: one compact line, not a large empty frame.
    return (
      <div className={cx(styles.gallery, className)}>
        <p className={styles.empty} data-testid="gallery-empty">
          <Icon name="home" className={styles.emptyIcon} />
          {labels.empty}
        </p>
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
    <section
      className={cx(styles.gallery, className)}
      aria-label={labels.region}
      aria-roledescription="galleria"
      tabIndex={0}
      onKeyDown={onKeyDown}
      data-testid="photo-gallery"
    >
      <div className={styles.stage} {...swipe}>
        {/* A click on the picture opens it large; keyboards have the full-screen button below. */}
        <button
          type="button"
          className={styles.open}
          onClick={() => setFullScreen(true)}
          onPointerEnter={prepareFullScreen}
          onPointerDown={prepareFullScreen}
          tabIndex={-1}
        >
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
        <TurnButtons index={index} total={total} go={go} labels={labels} />
        <p className={styles.counter} aria-live="polite" data-testid="gallery-counter">
          {labels.counter(index + 1, total)}
        </p>
        <button
          type="button"
          className={styles.expand}
          onClick={() => setFullScreen(true)}
          onPointerEnter={prepareFullScreen}
          onFocus={prepareFullScreen}
        >
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
                <img
                  src={item.thumbnailUrl || item.url}
                  alt=""
                  width={96}
                  height={72}
                  loading="lazy"
                  decoding="async"
                  draggable={false}
                />
              </button>
            </li>
          ))}
        </ol>
      ) : null}
      {fullScreen ? (
        <Suspense fallback={null}>
          <FullScreenView images={images} index={index} go={go} labels={labels} onClose={() => setFullScreen(false)} />
        </Suspense>
      ) : null}
    </section>
  );
}
