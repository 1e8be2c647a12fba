import { Component, lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n';
import { cx } from '@/shared/lib/class-names';
import type { SearchMapProps } from '../model/types';
import styles from './search-map-frame.module.css';

// The only way to the map module: a dynamic import, so maplibre travels in its own chunk.
const loadMap = () => import('./search-map');
const LazyMap = lazy(loadMap);

/** Starts loading the map's code early (on hover of a "Mappa" button, say). */
export function preloadSearchMap(): void {
  void loadMap().catch(() => undefined);
}

const noSubscribe = () => () => undefined;

/** False on the server and while hydrating, true once the browser has taken over. */
function useInBrowser(): boolean {
  return useSyncExternalStore(
    noSubscribe,
    () => true,
    () => false,
  );
}

/**
 * The map as pages use it. Renders an empty box of the caller's size on the server and until
 * hydration is done, then the map module (maplibre, loaded on demand) in the same box.
 */
export function SearchMap(props: SearchMapProps) {
  const inBrowser = useInBrowser();
  const frame = <MapFrame className={props.className} ariaLabel={props.ariaLabel} busy />;
  if (!inBrowser) return frame;
  return (
    <MapLoadBoundary fallback={<MapFrame className={props.className} ariaLabel={props.ariaLabel} failed />}>
      <Suspense fallback={frame}>
        <LazyMap {...props} />
      </Suspense>
    </MapLoadBoundary>
  );
}

function MapFrame({
  className,
  ariaLabel,
  busy,
  failed,
}: {
  className?: string;
  ariaLabel: string;
  busy?: boolean;
  failed?: boolean;
}) {
  return (
    <div className={cx(styles.frame, className)} role="region" aria-label={ariaLabel} aria-busy={busy || undefined}>
      {failed ? <MapUnavailable /> : null}
    </div>
  );
}

function MapUnavailable() {
  const { t } = useTranslation('search-map');
  return (
    <p className={styles.message} role="status">
      {t('unavailable')}
    </p>
  );
}

/** A chunk that failed to load (offline, a new deployment) leaves the page usable. */
class MapLoadBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
