import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { formatPrice, formatSurface } from '@/entities/listing';
import { useTranslation } from '@/shared/i18n';
import type { ListingDraft, MyListingItem as Item } from '../api/my-listings-api';
import type { ActionsFor, StatusAction } from '../model/listing-actions';
import { formatDate } from '../model/messages';
import styles from './my-listings.module.css';
import { ListingLinks } from './listing-links';
import { ServiceBadges } from './service-badges';
import { StatusActions } from './status-actions';
import { StatusBadge } from './status-badge';
import { WaitingVisitsLink } from './waiting-visits';

export interface MyListingItemProps {
  listing: Item;
  actionsFor: ActionsFor;
  onChanged: (action: StatusAction, draft: ListingDraft) => void;
  /** The first rows load their photo at once (above the fold). */
  priority?: boolean;
  /** Visit requests waiting for the owner's answer (undefined while they are counted). */
  waitingVisits?: number;
}

/**
 * One of my listings: its cover, title, price and town, its status, how many keep it and
 * asked to visit it, when it last changed, and the status changes allowed.
 */
export function MyListingItem({ listing, actionsFor, onChanged, priority = false, waitingVisits }: MyListingItemProps) {
  const { t } = useTranslation('my-listings');
  const headingId = useId();
  const title = listing.Title ?? t('untitled');
  const price = formatPrice(listing.Price, listing.SellType === 2 ? 2 : 1);
  const facts = [listing.City, formatSurface(listing.SurfaceM2)].filter(Boolean).join(' · ');

  return (
    <article className={styles.item} aria-labelledby={headingId} data-testid="my-listing" data-listing-id={listing.Id}>
      <div className={styles.cover}>
        {listing.ImageUrl ? (
          <img
            src={listing.ImageUrl}
            alt=""
            width={400}
            height={300}
            loading={priority ? 'eager' : 'lazy'}
            decoding="async"
            className={styles.coverImage}
          />
        ) : (
          <span className={styles.noPhoto}>{t('item.noPhoto')}</span>
        )}
      </div>
      <div className={styles.body}>
        <div className={styles.head}>
          <StatusBadge status={listing.Status} sellType={listing.SellType} />
          <span className={styles.kind}>{t(listing.SellType === 2 ? 'item.rent' : 'item.sale')}</span>
        </div>
        <h2 id={headingId} className={styles.itemTitle}>
          <Link to="/myrexer/annuncio/$id" params={{ id: String(listing.Id) }} className={styles.itemLink}>
            {title}
          </Link>
        </h2>
        <p className={styles.price}>{price ?? t('item.noPrice')}</p>
        {facts ? <p className={styles.facts}>{facts}</p> : null}
        <ServiceBadges highlightedUntil={listing.HighlightedUntil} premiumUntil={listing.PremiumUntil} />
        <dl className={styles.stats}>
          <div className={styles.stat}>
            <dt>{t('item.favorites')}</dt>
            <dd data-testid="favorites-count">{listing.FavoritesCount}</dd>
          </div>
          <div className={styles.stat}>
            <dt>{t('item.visitRequests')}</dt>
            <dd data-testid="visit-requests-count">{listing.VisitRequestsCount}</dd>
          </div>
          <div className={styles.stat}>
            <dt>{t('item.views')}</dt>
            <dd data-testid="views-count">{listing.Views}</dd>
          </div>
        </dl>
        <WaitingVisitsLink count={waitingVisits} />
        <p className={styles.updated}>{t('item.updated', { date: formatDate(listing.UpdatedAt) })}</p>
        {listing.Status === 1 ? <p className={styles.note}>{t('item.draftNote')}</p> : null}
        <ListingLinks listing={listing} />
        <StatusActions listing={listing} actionsFor={actionsFor} onChanged={onChanged} />
      </div>
    </article>
  );
}

/** The place of a row while the list loads: the same size, so nothing moves when it comes. */
export function MyListingItemSkeleton() {
  return (
    <div className={styles.item} aria-hidden="true" data-testid="my-listing-skeleton">
      <div className={styles.cover} />
      <div className={styles.body}>
        <span className={styles.bone} style={{ width: '30%' }} />
        <span className={styles.bone} style={{ width: '80%', height: '1.4rem' }} />
        <span className={styles.bone} style={{ width: '40%', height: '1.3rem' }} />
        <span className={styles.bone} style={{ width: '55%' }} />
        <span className={styles.bone} style={{ width: '65%' }} />
      </div>
    </div>
  );
}
