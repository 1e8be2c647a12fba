import { useRouterState } from '@tanstack/react-router';
import { useTranslation } from '@/shared/i18n';
import { Spinner } from '@/shared/ui/spinner';
import { useDelayedFlag } from '../../model/delayed-flag';
import { loaderStore, useLoaderActive, type LoaderStore } from '../../model/loader-store';
import styles from './global-loader.module.css';

/** Quick navigations never flash the overlay: it shows only after this long. */
export const GLOBAL_LOADER_DELAY_MS = 300;

/** The overlay shown while a navigation or a pushed task takes longer than 300 ms. */
export function GlobalLoader({ store = loaderStore }: { store?: LoaderStore }) {
  const { t } = useTranslation('common');
  const navigating = useRouterState({ select: (state) => state.status === 'pending' });
  const busy = useLoaderActive(store);
  const visible = useDelayedFlag(navigating || busy, GLOBAL_LOADER_DELAY_MS);
  if (!visible) return null;
  return (
    <div className={styles.overlay} data-testid="global-loader">
      <Spinner label={t('loader.label')} size="large" />
    </div>
  );
}
