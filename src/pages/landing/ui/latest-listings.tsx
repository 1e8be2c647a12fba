import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/shared/i18n';
import { latestListingsQueryOptions } from '../api/listing-queries';
import { LISTINGS_SHOWN, MODE_CONFIG, type LandingMode } from '../model/landing-mode';
import { ListingCard } from './listing-card';
import styles from './landing-page.module.css';

export function LatestListings({ mode }: { mode: LandingMode }) {
  const { t } = useTranslation('landing');
  const query = useQuery(latestListingsQueryOptions({ sellType: MODE_CONFIG[mode].sellType, limit: LISTINGS_SHOWN }));

  return (
    <section className={styles.section} aria-labelledby="landing-listings">
      <h2 id="landing-listings" className={styles.sectionTitle}>
        {t(`modes.${mode}.listings.title`)}
      </h2>
      <p className={styles.sectionText}>{t(`modes.${mode}.listings.text`)}</p>
      {query.isPending ? (
        <p className={styles.status} role="status">
          {t('common.loading')}
        </p>
      ) : query.isError ? (
        <div className={styles.status} role="alert">
          <p>{t('common.loadError')}</p>
          <button type="button" className={styles.secondaryButton} onClick={() => void query.refetch()}>
            {t('common.retry')}
          </button>
        </div>
      ) : query.data.length === 0 ? (
        <p className={styles.status}>{t(`modes.${mode}.listings.empty`)}</p>
      ) : (
        <ul className={styles.listingGrid}>
          {query.data.map((listing) => (
            <li key={listing.Id}>
              <ListingCard listing={listing} headingLevel="h3" />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
