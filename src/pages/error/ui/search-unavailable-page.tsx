import { Link, useRouter } from '@tanstack/react-router';
import { useTranslation } from '@/shared/i18n';
import styles from './error-layout.module.css';
import { buttonClassName } from '@/shared/ui/button';
import { PageMeta } from '@/shared/ui/page-meta';

/**
 * In place of a page whose search did not answer in time (503: the place search of an SEO
 * results page): the page may well exist, so this is no 404. Retrying loads the page again.
 */
export function SearchUnavailablePage() {
  const { t } = useTranslation('errors');
  const router = useRouter();

  return (
    <div className={styles.page}>
      <PageMeta title={t('searchUnavailable.metaTitle')} noindex />
      <div className={styles.inner}>
        <p className={styles.code}>503</p>
        <h1 className={styles.title}>{t('searchUnavailable.title')}</h1>
        <p className={styles.text}>{t('searchUnavailable.text')}</p>
        <div className={styles.actions}>
          <button type="button" className={buttonClassName()} onClick={() => void router.invalidate()}>
            {t('searchUnavailable.retry')}
          </button>
          <Link to="/" className={styles.secondary}>
            {t('searchUnavailable.home')}
          </Link>
        </div>
      </div>
    </div>
  );
}
