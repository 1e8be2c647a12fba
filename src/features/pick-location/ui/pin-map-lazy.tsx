import { Component, lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n';
import type { PinMapProps } from './pin-map';
import styles from './location-picker.module.css';

// The only way to the map module: a dynamic import, so maplibre travels in its own chunk and
// loads when the seller opens the map, never with the step or the first screen.
const loadPinMap = () => import('./pin-map');
const LazyPinMap = lazy(loadPinMap);

/** Starts loading the map's code early (when a town is chosen, say). */
export function preloadPinMap(): void {
  void loadPinMap().catch(() => undefined);
}

export function PinMapLazy(props: PinMapProps) {
  return (
    <MapLoadBoundary fallback={<MapUnavailable />}>
      <Suspense fallback={<div className={styles.mapLoading} aria-busy="true" />}>
        <LazyPinMap {...props} />
      </Suspense>
    </MapLoadBoundary>
  );
}

function MapUnavailable() {
  const { t } = useTranslation('pick-location');
  return (
    <p className={styles.mapLoading} role="status">
      {t('map.unavailable')}
    </p>
  );
}

/** A chunk that failed to load (offline, a new deployment) leaves the form usable. */
class MapLoadBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
