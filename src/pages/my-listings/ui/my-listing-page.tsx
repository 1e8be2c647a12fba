import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { formatPrice, formatSurface } from '@/entities/listing';
import { useLiveRefetchInterval } from '@/shared/api';
import { useTranslation } from '@/shared/i18n';
import { Alert } from '@/shared/ui/alert';
import { Button, buttonClassName } from '@/shared/ui/button';
import { Page } from '@/shared/ui/page';
import { PageMeta } from '@/shared/ui/page-meta';
import {
  myListingQueryOptions,
  waitingVisitsQueryOptions,
  type ListingDraft,
  type MyListing,
} from '../api/my-listings-api';
import type { ActionsFor } from '../model/listing-actions';
import { formatDate, isListingNotFound } from '../model/messages';
import styles from './my-listings.module.css';
import { ListingLinks } from './listing-links';
import { ServiceBadges } from './service-badges';
import { StatusActions } from './status-actions';
import { StatusBadge } from './status-badge';
import { EmptyState } from '@/shared/ui/empty-state';
import { VisitAvailabilityEditor } from '@/features/visit-availability';
import { WaitingVisitsSection } from './waiting-visits';

export interface MyListingPageProps {
  id: number;
  actionsFor: ActionsFor;
  /** What a listing that is not the caller's (or is gone) shows: the not-found page. */
  notFound: ReactNode;
}

/**
 * /myrexer/annuncio/{id}: the owner's view of one listing: its status, its quality score
 * with what to add next, the status changes allowed, and its public page when published.
 */
export function MyListingPage({ id, actionsFor, notFound }: MyListingPageProps) {
  const { t } = useTranslation('my-listings');
  const query = useQuery(myListingQueryOptions(id));
  const [notice, setNotice] = useState('');
  const [deleted, setDeleted] = useState(false);

  if (query.isError && isListingNotFound(query.error) && !deleted) return <>{notFound}</>;
  const data = query.data;
  const title = data ? (data.listing.Title ?? data.draft.GeneratedTitle ?? t('untitled')) : t('detail.loadingTitle');

  return (
    <Page
      title={deleted ? t('detail.deletedTitle') : title}
      width="narrow"
      top={
        <Link to="/myrexer/annunci" className={styles.back}>
          {t('detail.back')}
        </Link>
      }
    >
      <PageMeta title={t('detail.meta', { title: data ? title : t('title') })} noindex />
      <p className={styles.notice} role="status" data-testid="my-listing-notice">
        {notice}
      </p>
      {deleted ? (
        <EmptyState
          text={t('detail.deletedText')}
          actions={
            <Link to="/myrexer/annunci" className={buttonClassName()}>
              {t('detail.backToList')}
            </Link>
          }
        />
      ) : data ? (
        <Detail
          listing={data.listing}
          draft={data.draft}
          actionsFor={actionsFor}
          onChanged={(action) => {
            if (action.event === 'DELETE') setDeleted(true);
            setNotice(t(`done.${action.event}`, { title }));
          }}
        />
      ) : query.isError ? (
        <Alert tone="error" title={t('detail.loadError')}>
          <Button variant="secondary" size="small" onClick={() => void query.refetch()}>
            {t('retry')}
          </Button>
        </Alert>
      ) : (
        <div className={styles.detailSkeleton} role="status" aria-label={t('loading')} />
      )}
    </Page>
  );
}

function Detail({
  listing,
  draft,
  actionsFor,
  onChanged,
}: {
  listing: MyListing;
  draft: ListingDraft;
  actionsFor: ActionsFor;
  onChanged: Parameters<typeof StatusActions>[0]['onChanged'];
}) {
  const { t } = useTranslation('my-listings');
  // The status changes here first: the listing's answer is cached, the draft's is the latest.
  const status = draft.Status;
  const price = formatPrice(listing.Price, listing.SellType === 2 ? 2 : 1);
  const facts = [
    listing.City,
    formatSurface(listing.SurfaceM2),
    listing.Rooms ? t('detail.rooms', { count: listing.Rooms }) : null,
  ]
    .filter(Boolean)
    .join(' · ');
  const cover = listing.MediaInfo.find((media) => media.IsCover);
  const score = draft.Quality.Score;
  const waiting = useQuery({ ...waitingVisitsQueryOptions(), refetchInterval: useLiveRefetchInterval() });
  const waitingCount = waiting.data ? (waiting.data[listing.Id] ?? 0) : waiting.isError ? null : undefined;
  // Visits concern a listing that is, or will be, on the market: not a sold or let one.
  const takesVisits = status !== 4;

  return (
    <div className={styles.detail} data-testid="my-listing-detail" data-listing-id={listing.Id}>
      <section className={styles.summary} aria-label={t('detail.summary')}>
        <div className={styles.cover}>
          {cover ? (
            <img src={cover.ThumbnailUrl ?? cover.Url} alt="" width={400} height={300} className={styles.coverImage} />
          ) : (
            <span className={styles.noPhoto}>{t('item.noPhoto')}</span>
          )}
        </div>
        <div className={styles.body}>
          <div className={styles.head}>
            <StatusBadge status={status} sellType={listing.SellType} />
            <span className={styles.kind}>{t(listing.SellType === 2 ? 'item.rent' : 'item.sale')}</span>
          </div>
          <p className={styles.price}>{price ?? t('item.noPrice')}</p>
          {facts ? <p className={styles.facts}>{facts}</p> : null}
          <p className={styles.updated}>
            {[
              listing.PublishedAt ? t('detail.published', { date: formatDate(listing.PublishedAt) }) : null,
              t('item.updated', { date: formatDate(draft.UpdatedAt) }),
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
          <ServiceBadges highlightedUntil={listing.HighlightedUntil} premiumUntil={listing.PremiumUntil} />
          <p className={styles.statusNote}>{t(`detail.statusNote.${status}`)}</p>
          {status === 2 ? (
            <a href={`/immobile/${listing.Id}`} className={styles.publicLink} data-testid="public-page-link">
              {t('detail.publicPage')}
            </a>
          ) : null}
          <ListingLinks
            listing={{ Id: listing.Id, Status: status, Title: listing.Title, SellType: listing.SellType }}
          />
          <StatusActions
            listing={{ Id: listing.Id, Status: status, Title: listing.Title, SellType: listing.SellType }}
            actionsFor={actionsFor}
            onChanged={onChanged}
          />
        </div>
      </section>
      {takesVisits ? (
        <>
          <WaitingVisitsSection count={waitingCount} />
          <VisitAvailabilityEditor propertyId={listing.Id} published={status === 2} />
        </>
      ) : null}
      <section className={styles.quality} aria-labelledby="quality-title" data-testid="quality">
        <h2 id="quality-title" className={styles.sectionTitle}>
          {t('quality.title')}
        </h2>
        <div className={styles.score}>
          <meter
            className={styles.meter}
            min={0}
            max={100}
            low={50}
            high={80}
            optimum={100}
            value={score}
            aria-labelledby="quality-score"
          />
          <span id="quality-score" className={styles.scoreText}>
            {t('quality.score', { score })}
          </span>
        </div>
        {draft.Quality.Next.length > 0 ? (
          <>
            <p className={styles.qualityIntro}>{t('quality.next')}</p>
            <ul className={styles.hints}>
              {draft.Quality.Next.map((hint) => (
                <li key={hint}>{t(`quality.hints.${hint}`)}</li>
              ))}
            </ul>
          </>
        ) : (
          <p className={styles.qualityIntro}>{t('quality.complete')}</p>
        )}
      </section>
    </div>
  );
}
