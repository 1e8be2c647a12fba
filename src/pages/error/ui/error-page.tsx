import { useTranslation } from '@/shared/i18n';
import styles from './error-layout.module.css';
import { buttonClassName } from '@/shared/ui/button';
import { PageMeta } from '@/shared/ui/page-meta';

export interface ErrorPageProps {
  /** The caught error, when this page is a render-error fallback; never shown to the visitor. */
  error?: unknown;
  /** Resets the boundary that caught the error; without it, retrying reloads the page. */
  reset?: () => void;
}

/**
 * /error and the fallback of a render-error boundary. Links are plain anchors: after a
 * render error a full reload is the surest way back to a working page.
 */
export function ErrorPage({ reset }: ErrorPageProps) {
  const { t } = useTranslation('errors');

  const retry = () => {
    if (reset) reset();
    else window.location.reload();
  };

  return (
    <div className={styles.page}>
      <PageMeta title={t('error.metaTitle')} noindex />
      <div className={styles.inner}>
        <h1 className={styles.title}>{t('error.title')}</h1>
        <p className={styles.text}>{t('error.text')}</p>
        <p className={styles.muted}>
          <a href="/contatti" className={styles.secondary}>
            {t('error.contact')}
          </a>
        </p>
        <div className={styles.actions}>
          <button type="button" className={buttonClassName()} onClick={retry}>
            {t('error.retry')}
          </button>
          <a href="/" className={styles.secondary}>
            {t('error.home')}
          </a>
        </div>
      </div>
    </div>
  );
}
