import { Link } from '@tanstack/react-router';
import { useTranslation } from '@/shared/i18n';
import { formatThousands } from '@/shared/lib/number';
import type { HomeListing } from '../api/listing-queries';
import { SELL_TYPE } from '../model/landing-mode';
import styles from './listing-card.module.css';

export interface ListingCardProps {
  listing: HomeListing;
  /** The heading level of the card title inside the page's outline. */
  headingLevel?: 'h2' | 'h3' | 'h4';
}

/**
 * A listing in the landing's grid; its title links to the listing's page and the link's
 * area covers the whole card, so the card is one target and one tab stop.
 */
export function ListingCard({ listing, headingLevel: Heading = 'h3' }: ListingCardProps) {
  const { t } = useTranslation('landing');
  const isRent = listing.SellType === SELL_TYPE.RENT;
  const image = listing.ThumbnailUrl || listing.ImageUrl;
  const price =
    listing.Price && listing.Price > 0
      ? t(isRent ? 'card.priceRent' : 'card.price', { price: formatThousands(listing.Price) })
      : t('card.priceOnRequest');

  return (
    <article className={styles.card}>
      <div className={styles.media}>
        {image ? (
          <img
            className={styles.image}
            src={image}
            alt={t('card.imageAlt', { title: listing.Title })}
            loading="lazy"
            decoding="async"
            width={400}
            height={300}
          />
        ) : (
          <div className={styles.placeholder}>{t('card.noImage')}</div>
        )}
        <span className={styles.tag}>{t(isRent ? 'card.rent' : 'card.sale')}</span>
      </div>
      <div className={styles.body}>
        <p className={styles.price}>{price}</p>
        <Heading className={styles.title}>
          <Link to="/immobile/$id" params={{ id: String(listing.Id) }} className={styles.link}>
            {listing.Title}
          </Link>
        </Heading>
        <p className={styles.location}>
          {listing.ProvinceCode
            ? t('card.location', { city: listing.CityName, province: listing.ProvinceCode })
            : listing.CityName}
        </p>
        <ul className={styles.facts}>
          {listing.SurfaceM2 ? (
            <li>
              <abbr title={t('card.surfaceLabel')} className={styles.abbr}>
                {t('card.surface', { value: formatThousands(listing.SurfaceM2) })}
              </abbr>
            </li>
          ) : null}
          {listing.Rooms ? <li>{t('card.rooms', { count: listing.Rooms })}</li> : null}
          {listing.Bathrooms ? <li>{t('card.bathrooms', { count: listing.Bathrooms })}</li> : null}
        </ul>
      </div>
    </article>
  );
}
