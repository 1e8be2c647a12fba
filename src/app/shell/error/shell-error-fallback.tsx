import { useTranslation } from '@/shared/i18n';
import styles from './shell-error-fallback.module.css';

/**
 * The fallback when the shell itself fails (outside the router, so no router links):
 * plain anchors and a reload, as after a render error a full reload is the surest way back.
 */
export function ShellErrorFallback() {
  const { t } = useTranslation('common');
  return (
    <main className={styles.page} role="alert">
      <h1 className={styles.title}>{t('shellError.title')}</h1>
      <p className={styles.text}>{t('shellError.text')}</p>
      <p className={styles.actions}>
        <button type="button" className={styles.button} onClick={() => window.location.reload()}>
          {t('shellError.reload')}
        </button>
        <a href="/" className={styles.link}>
          {t('shellError.home')}
        </a>
      </p>
    </main>
  );
}
