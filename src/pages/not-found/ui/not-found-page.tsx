import { Link } from '@tanstack/react-router';
import { useTranslation } from '@/shared/i18n';
import styles from './not-found-page.module.css';
import { buttonClassName } from '@/shared/ui/button';
import { PageMeta } from '@/shared/ui/page-meta';

export function NotFoundPage() {
  const { t } = useTranslation('errors');

  return (
    <div className={styles.page}>
      <PageMeta title={t('notFound.metaTitle')} noindex />
      <div className={styles.inner}>
        <p className={styles.code}>{t('notFound.code')}</p>
        <h1 className={styles.title}>{t('notFound.title')}</h1>
        <p className={styles.text}>{t('notFound.text')}</p>
        <nav aria-labelledby="not-found-links">
          <h2 id="not-found-links" className={styles.linksTitle}>
            {t('notFound.linksTitle')}
          </h2>
          <ul className={styles.links}>
            <li>
              <Link to="/" className={buttonClassName()}>
                {t('notFound.home')}
              </Link>
            </li>
            <li>
              <Link to="/comprocasa" className={styles.link}>
                {t('notFound.searchBuy')}
              </Link>
            </li>
            <li>
              <Link to="/trovocasa" className={styles.link}>
                {t('notFound.searchRent')}
              </Link>
            </li>
            <li>
              <Link to="/faq" className={styles.link}>
                {t('notFound.faq')}
              </Link>
            </li>
            <li>
              <Link to="/contatti" className={styles.link}>
                {t('notFound.contact')}
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </div>
  );
}
