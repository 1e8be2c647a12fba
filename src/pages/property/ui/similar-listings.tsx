import { useQuery } from '@tanstack/react-query';
import { ListingCard } from '@/entities/listing';
import { FavoriteToggle } from '@/features/toggle-favorite';
import { useTranslation } from '@/shared/i18n';
import { similarListingsQueryOptions } from '../api/property-api';
import { SIMILAR_LISTINGS_ID } from './deferred-ids';
import { detailLayout } from '@/shared/ui/detail-layout';
import styles from './property-page.module.css';

export function SimilarListings({ id, headingLevel = 'h2' }: { id: number; headingLevel?: 'h2' | 'h3' }) {
  const { t } = useTranslation('property');
  const similar = useQuery(similarListingsQueryOptions(id));
  const Heading = headingLevel;
  const items = similar.data?.Items ?? [];
  if (similar.isPending) return null;
  return (
    <section
      id={SIMILAR_LISTINGS_ID}
      className={styles.similar}
      aria-labelledby="property-similar"
      data-testid="similar-listings"
    >
      <Heading id="property-similar" className={detailLayout.sectionTitle}>
        {t('similar.title')}
      </Heading>
      {items.length === 0 ? (
        <p className={detailLayout.note}>{t('similar.empty')}</p>
      ) : (
        <ul className={detailLayout.cardGrid}>
          {items.map((listing) => (
            <li key={listing.Id}>
              <ListingCard
                listing={listing}
                headingLevel={headingLevel === 'h2' ? 'h3' : 'h4'}
                action={<FavoriteToggle propertyId={listing.Id} listing={listing} />}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
