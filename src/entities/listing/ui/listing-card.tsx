import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n';
import { cx } from '@/shared/lib/class-names';
import { formatPrice, formatPricePerM2, formatSurface } from '../lib/format';
import { isPriceRecentlyReduced, type SearchListing } from '../model/search-listing';
import styles from './listing-card.module.css';

/** The cover's intrinsic size: the thumbnails are 4:3. */
export const LISTING_IMAGE_SIZE = { width: 400, height: 300 } as const;

export interface ListingCardProps {
  listing: SearchListing;
  /** The heading level of the card's title inside the page's outline. */
  headingLevel?: 'h2' | 'h3' | 'h4';
  /** The first cards of a page load their cover at once; the others when scrolled near. */
  priority?: boolean;
  /** A button over the cover (the favourite toggle); it stays clickable above the card's link. */
  action?: ReactNode;
  /** Highlighted (the map's selected marker). */
  selected?: boolean;
  className?: string;
  /** The time the price cut is measured from (tests); default now. */
  now?: number;
}

/**
 * A listing in a list. The whole card is one link to the listing's page (the title's link
 * stretched over the card), so keyboard users meet one stop per card plus the action. In a
 * narrow column the card stands (cover above); from 600 px of room it lies (cover left).
 */
export function ListingCard({
  listing,
  headingLevel: Heading = 'h3',
  priority = false,
  action,
  selected = false,
  className,
  now,
}: ListingCardProps) {
  const { t } = useTranslation('listing');
  const image = listing.ThumbnailUrl || listing.ImageUrl;
  const price = formatPrice(listing.Price, listing.SellType);
  const reduced = isPriceRecentlyReduced(listing, now);
  const previous = reduced ? formatPrice(listing.PreviousPrice, listing.SellType) : null;
  const perM2 = formatPricePerM2(listing.PricePerM2);
  const surface = formatSurface(listing.SurfaceM2);
  const city = listing.CityName
    ? listing.ProvinceCode
      ? t('card.city', { city: listing.CityName, province: listing.ProvinceCode })
      : listing.CityName
    : null;
  const location = [listing.Address, listing.DistrictName, city].filter(Boolean).join(', ');

  return (
    <div className={cx(styles.frame, className)} data-listing-id={listing.Id}>
      <article className={cx(styles.card, selected && styles.selected)} aria-current={selected ? 'true' : undefined}>
        <div className={styles.media}>
          {image ? (
            <img
              className={styles.image}
              src={image}
              alt=""
              width={LISTING_IMAGE_SIZE.width}
              height={LISTING_IMAGE_SIZE.height}
              loading={priority ? 'eager' : 'lazy'}
              fetchPriority={priority ? 'high' : undefined}
              decoding="async"
            />
          ) : (
            <div className={styles.placeholder}>{t('card.noImage')}</div>
          )}
          <div className={styles.badges}>
            {listing.Highlighted ? (
              <span className={cx(styles.badge, styles.highlighted)}>{t('card.highlighted')}</span>
            ) : null}
            {listing.IsNewBuild ? (
              <span className={cx(styles.badge, styles.newBuild)}>{t('card.newBuild')}</span>
            ) : null}
            {reduced ? <span className={cx(styles.badge, styles.reduced)}>{t('card.priceReduced')}</span> : null}
          </div>
          {listing.PhotoCount > 1 ? (
            <span className={styles.photos}>{t('card.photos', { count: listing.PhotoCount })}</span>
          ) : null}
          {action ? <div className={styles.action}>{action}</div> : null}
        </div>
        <div className={styles.body}>
          <p className={styles.priceRow}>
            <span className={styles.price}>{price ?? t('card.priceOnRequest')}</span>
            {previous ? (
              <s className={styles.previous}>
                <span className="visually-hidden">{t('card.previousPrice')} </span>
                {previous}
              </s>
            ) : null}
            {perM2 ? <span className={styles.perM2}>{perM2}</span> : null}
          </p>
          <Heading className={styles.title}>
            <Link to="/immobile/$id" params={{ id: String(listing.Id) }} className={styles.link}>
              {listing.Title}
            </Link>
          </Heading>
          <p className={styles.location}>{location || '\u00a0'}</p>
          <ul className={styles.facts}>
            {surface ? <li>{surface}</li> : null}
            {listing.Rooms ? <li>{t('card.rooms', { count: listing.Rooms })}</li> : null}
            {listing.Bathrooms ? <li>{t('card.bathrooms', { count: listing.Bathrooms })}</li> : null}
            {listing.Floor !== null ? <li>{floorLabel(listing.Floor, t)}</li> : null}
            {listing.EnergyClass ? <li>{t('card.energyClass', { code: listing.EnergyClass })}</li> : null}
          </ul>
          <p className={styles.agency} data-testid="listing-publisher">
            <span className="visually-hidden">{t('card.publishedBy')} </span>
            {listing.AgencyName ? (
              <>
                <span className={styles.publisherKind}>{t('card.agency')}</span> {listing.AgencyName}
              </>
            ) : (
              <span className={styles.publisherKind}>{t('card.private')}</span>
            )}
          </p>
        </div>
      </article>
    </div>
  );
}

function floorLabel(floor: number, t: (key: string, options?: Record<string, unknown>) => string): string {
  if (floor < 0) return t('card.floorBasement');
  if (floor === 0) return t('card.floorGround');
  return t('card.floor', { floor });
}

/** The card's place while a list loads: the same frame and rows, so nothing moves when it arrives. */
export function ListingCardSkeleton({ className }: { className?: string }) {
  return (
    <div className={cx(styles.frame, className)} aria-hidden="true" data-testid="listing-card-skeleton">
      <div className={cx(styles.card, styles.skeleton)}>
        <div className={styles.media} />
        <div className={styles.body}>
          <p className={styles.priceRow}>
            <span className={cx(styles.bone, styles.bonePrice)} />
          </p>
          <p className={styles.title}>
            <span className={cx(styles.bone, styles.boneTitle)} />
          </p>
          <p className={styles.location}>
            <span className={cx(styles.bone, styles.boneLine)} />
          </p>
          <p className={styles.facts}>
            <span className={cx(styles.bone, styles.boneLine)} />
          </p>
          <p className={styles.agency}>
            <span className={cx(styles.bone, styles.boneShort)} />
          </p>
        </div>
      </div>
    </div>
  );
}
