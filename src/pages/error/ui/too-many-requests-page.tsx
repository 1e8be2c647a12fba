import { Link, useRouter } from '@tanstack/react-router';
import { useTranslation } from '@/shared/i18n';
import styles from './error-layout.module.css';
import { buttonClassName } from '@/shared/ui/button';
import { PageMeta } from '@/shared/ui/page-meta';

export interface TooManyRequestsPageProps {
  /** Shown in place of the page that was asked for (not at /toomanyrequest): retrying loads that page again. */
  inPlace?: boolean;
}

/**
 * /toomanyrequest: where the transport sends a visitor after a 429 answer; also shown in place
 * of a page whose data the visitor's limits refused (an SEO results page whose place search
 * answered 429).
 */
export function TooManyRequestsPage({ inPlace = false }: TooManyRequestsPageProps) {
  const { t } = useTranslation('errors');
  const router = useRouter();

  const retry = () => {
    if (inPlace) void router.invalidate();
    else if (router.history.canGoBack()) router.history.back();
    else void router.navigate({ to: '/' });
  };

  return (
    <div className={styles.page}>
      <PageMeta title={t('tooManyRequests.metaTitle')} noindex />
      <div className={styles.inner}>
        <p className={styles.code}>429</p>
        <h1 className={styles.title}>{t('tooManyRequests.title')}</h1>
        <p className={styles.text}>{t('tooManyRequests.text')}</p>
        <p className={styles.text}>
          <strong>{t('tooManyRequests.when')}</strong>
        </p>
        <p className={styles.muted}>{t('tooManyRequests.shared')}</p>
        <div className={styles.actions}>
          <button type="button" className={buttonClassName()} onClick={retry}>
            {t('tooManyRequests.retry')}
          </button>
          <Link to="/" className={styles.secondary}>
            {t('tooManyRequests.home')}
          </Link>
        </div>
      </div>
    </div>
  );
}
