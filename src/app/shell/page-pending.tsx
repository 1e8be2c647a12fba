import { useTranslation } from '@/shared/i18n';
import { Spinner } from '@/shared/ui/spinner';
import styles from './page-pending.module.css';

/** What a page shows while its code or translations load (Suspense fallback). */
export function PagePending() {
  const { t, ready } = useTranslation('common', { useSuspense: false });
  return (
    <div className={styles.pending}>
      <Spinner label={ready ? t('pending.label') : ''} />
    </div>
  );
}
