import { useTranslation } from '@/shared/i18n';
import { PageMeta } from '@/shared/ui/page-meta';
import { SimilarListings } from './deferred-sections';
import { cx } from '@/shared/lib/class-names';
import { detailLayout } from '@/shared/ui/detail-layout';
import styles from './property-page.module.css';

/** A listing its owner removed: the page answers 410 and offers similar listings. */
export function PropertyGonePage({ id }: { id: number }) {
  const { t } = useTranslation('property');
  return (
    <div className={cx(detailLayout.page, styles.page)}>
      <PageMeta title={t('meta.goneTitle')} description={t('meta.goneDescription')} noindex />
      <div className={styles.gone}>
        <h1 className={styles.title}>{t('gone.title')}</h1>
        <p>{t('gone.text')}</p>
        <a className={styles.textLink} href="/ricerca">
          {t('gone.search')}
        </a>
      </div>
      <SimilarListings id={id} />
    </div>
  );
}
