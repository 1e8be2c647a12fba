import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  approveSiteReview,
  pendingSiteReviewsQueryOptions,
  rejectSiteReview,
  type ModerationSiteReview,
} from '@/entities/site-review';
import { ApiError } from '@/shared/api';
import { useTranslation } from '@/shared/i18n';
import { RatingStars } from '@/shared/ui/star-rating';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { EmptyState } from '@/shared/ui/empty-state';
import { Page } from '@/shared/ui/page';
import { PageMeta } from '@/shared/ui/page-meta';
import { Spinner } from '@/shared/ui/spinner';
import { ModerationDecision, moderationStyles as styles } from '@/shared/ui/moderation';

type Decided = { id: number; outcome: 'approved' | 'rejected' };

/** Why a decision was not saved because the queue the moderator read is out of date. */
type Stale = 'changed' | 'notPending';

function formatDay(iso: string): string {
  return new Intl.DateTimeFormat('it-IT', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/Rome',
  }).format(new Date(iso));
}

/**
 * One waiting review with its two decisions; rejecting asks for the reason its author will read.
 * Each decision names the version shown (its UpdatedAt): when its author edited it meanwhile the
 * server decides nothing, and the card says so while the queue is loaded again with the new text.
 */
function PendingReview({
  review,
  onDecided,
  onStale,
}: {
  review: ModerationSiteReview;
  onDecided: (d: Decided) => void;
  onStale: (why: Stale) => void;
}) {
  const { t } = useTranslation('site-review-moderation');
  const titleId = `pending-review-${review.Id}`;

  const describeFailure = (e: unknown) => {
    const name = e instanceof ApiError ? e.body?.ExceptionTypeString : undefined;
    if (name === 'SiteReviewChanged') {
      onStale('changed');
      return t('errors.changed');
    }
    if (name === 'SiteReviewNotPending') {
      onStale('notPending');
      return null;
    }
    return t('errors.failed');
  };

  return (
    <article className={styles.card} aria-labelledby={titleId} data-testid="pending-site-review">
      <RatingStars rating={review.Rating} label={t('rating', { value: review.Rating })} />
      <h2 id={titleId} className={styles.cardTitle}>
        {review.Title}
      </h2>
      <p className={styles.text}>{review.Text}</p>
      <p className={styles.meta}>
        <strong>{review.DisplayName}</strong>, {review.Town} · {t(`roles.${review.Role}`)} ·{' '}
        {t('sentOn', { date: formatDay(review.UpdatedAt) })}
      </p>
      <ModerationDecision
        titleId={titleId}
        labels={{
          approve: t('approve'),
          reject: t('reject'),
          reason: t('reason'),
          reasonHelp: t('reasonHelp'),
          reasonMissing: t('errors.reason'),
          confirmReject: t('confirmReject'),
          cancel: t('cancel'),
        }}
        approve={async () => {
          await approveSiteReview(review.Id, review.UpdatedAt);
          onDecided({ id: review.Id, outcome: 'approved' });
        }}
        reject={async (reason) => {
          await rejectSiteReview(review.Id, reason, review.UpdatedAt);
          onDecided({ id: review.Id, outcome: 'rejected' });
        }}
        describeFailure={describeFailure}
      />
    </article>
  );
}

/** /myrexer/moderazione/rexer: the reviews of Rexer waiting for a moderator (moderators only). */
export function SiteReviewModerationPage() {
  const { t } = useTranslation('site-review-moderation');
  const queryClient = useQueryClient();
  const pending = useQuery(pendingSiteReviewsQueryOptions());
  const [last, setLast] = useState<Decided | null>(null);
  const [stale, setStale] = useState(false);

  const onDecided = (decided: Decided) => {
    setLast(decided);
    setStale(false);
    queryClient.setQueryData(pendingSiteReviewsQueryOptions().queryKey, (old) =>
      old ? { Items: old.Items.filter((item) => item.Id !== decided.id) } : old,
    );
    void queryClient.invalidateQueries({ queryKey: ['review', 'rexer', 'list'] });
  };

  /** The queue shown is out of date: load it again (a review another moderator decided leaves it, an edited one shows its new text). */
  const onStale = (why: Stale) => {
    setLast(null);
    setStale(why === 'notPending');
    void pending.refetch();
  };

  const forbidden = pending.error instanceof ApiError && pending.error.status === 403;

  return (
    <Page title={t('title')} intro={t('intro')}>
      <PageMeta title={t('meta.title')} noindex />
      <div role="status" className={styles.live}>
        {last ? (last.outcome === 'approved' ? t('approved') : t('rejected')) : null}
      </div>
      {stale ? <Alert tone="info" title={t('errors.notPending')} /> : null}
      {pending.data ? (
        pending.data.Items.length === 0 ? (
          <EmptyState title={t('empty.title')} text={t('empty.text')} />
        ) : (
          <ul className={styles.list} aria-label={t('listLabel', { count: pending.data.Items.length })}>
            {pending.data.Items.map((review) => (
              <li key={review.Id}>
                <PendingReview review={review} onDecided={onDecided} onStale={onStale} />
              </li>
            ))}
          </ul>
        )
      ) : forbidden ? (
        <Alert tone="error" title={t('forbidden')} />
      ) : pending.isError ? (
        <Alert tone="error" title={t('loadError')}>
          <Button variant="secondary" size="small" onClick={() => void pending.refetch()}>
            {t('retry')}
          </Button>
        </Alert>
      ) : (
        <div className={styles.placeholder}>
          <Spinner label={t('loading')} />
        </div>
      )}
    </Page>
  );
}
