import { Link } from '@tanstack/react-router';
import { useTranslation } from '@/shared/i18n';
import styles from './error-layout.module.css';
import { buttonClassName } from '@/shared/ui/button';
import { PageMeta } from '@/shared/ui/page-meta';

/** /genericerror: where the transport sends a visitor whose token is missing. */
export function GenericErrorPage() {
  const { t } = useTranslation('errors');

  return (
    <div className={styles.page}>
      <PageMeta title={t('generic.metaTitle')} noindex />
      <div className={styles.inner}>
        <h1 className={styles.title}>{t('generic.title')}</h1>
        <p className={styles.text}>{t('generic.text')}</p>
        <div className={styles.actions}>
          <Link to="/" className={buttonClassName()}>
            {t('generic.home')}
          </Link>
          <Link to="/contatti" className={styles.secondary}>
            {t('generic.contact')}
          </Link>
        </div>
      </div>
    </div>
  );
}
