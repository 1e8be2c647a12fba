import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import {
  agencyReviewQueueQueryOptions,
  decideAgencyReview,
  moderationQueueKey,
  type ModerationItem,
} from '@/features/agency-reviews';
import { ApiError } from '@/shared/api';
import { useTranslation } from '@/shared/i18n';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { EmptyState } from '@/shared/ui/empty-state';
import { HrefLink } from '@/shared/ui/href-link';
import { Page } from '@/shared/ui/page';
import { PageMeta } from '@/shared/ui/page-meta';
import { Spinner } from '@/shared/ui/spinner';
import { RatingStars } from '@/shared/ui/star-rating';
import { TextField } from '@/shared/ui/text-field';
import styles from './agency-review-moderation-page.module.css';

type Decided = { id: number; outcome: 'approved' | 'rejected' };

const DAY = new Intl.DateTimeFormat('it-IT', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Rome',
});

function PendingReview({
  review,
  onDecided,
  onStale,
}: {
  review: ModerationItem;
  onDecided: (d: Decided) => void;
  onStale: () => void;
}) {
  const { t } = useTranslation('agency-review-moderation');
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonShown, setReasonShown] = useState(false);
  const [busy, setBusy] = useState<'approve' | 'reject' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const titleId = `pending-agency-review-${review.Id}`;

  const decide = async (decision: 'approve' | 'reject') => {
    setBusy(decision);
    setError(null);
    try {
      await decideAgencyReview(review, decision, reason.trim());
      onDecided({ id: review.Id, outcome: decision === 'approve' ? 'approved' : 'rejected' });
    } catch (e) {
      const name = e instanceof ApiError ? e.body?.ExceptionTypeString : undefined;
      setError(
        name === 'ReviewChanged'
          ? t('errors.changed')
          : name === 'ReviewNotFound'
            ? t('errors.notPending')
            : t('errors.failed'),
      );
      // The author edited it meanwhile: the queue is read again, with the text now stored.
      if (name === 'ReviewChanged') onStale();
    } finally {
      setBusy(null);
    }
  };
  const reject = (event: FormEvent) => {
    event.preventDefault();
    setReasonShown(true);
    if (reason.trim().length < 3) return;
    void decide('reject');
  };

  return (
    <article className={styles.card} aria-labelledby={titleId} data-testid="pending-agency-review">
      <RatingStars rating={review.Rating} label={t('rating', { value: review.Rating })} />
      <h2 id={titleId} className={styles.cardTitle}>
        {t('of', { author: review.AuthorName })}{' '}
        <HrefLink href={`/agenzie/${review.Agency.Slug}`}>{review.Agency.Name}</HrefLink>
      </h2>
      <p className={styles.text}>{review.Text}</p>
      <p className={styles.meta}>
        {t(`basis.${review.Basis}`)} ·{' '}
        {review.EditedAt
          ? t('editedOn', { date: DAY.format(new Date(review.EditedAt)) })
          : t('sentOn', { date: DAY.format(new Date(review.CreatedAt)) })}
      </p>
      {review.Status === 'approved' ? <p className={styles.published}>{t('publishedReported')}</p> : null}
      {review.Answer ? (
        <p className={styles.meta}>
          <strong>{t('answer')}</strong> {review.Answer}
        </p>
      ) : null}
      {review.Reports.length > 0 ? (
        <div className={styles.reports}>
          <p className={styles.reportsTitle}>{t('reports', { count: review.Reports.length })}</p>
          <ul>
            {review.Reports.map((report, index) => (
              <li key={index}>
                {report.Reason ?? t('reportNoReason')}
                {report.FromAgency ? ` — ${t(`reportFrom.${report.FromAgency}`)}` : ''}
                {report.New ? '' : ` (${t('reportSeen')})`}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {error ? <Alert tone="error" title={error} /> : null}
      {rejecting ? (
        <form className={styles.reject} onSubmit={reject} noValidate>
          <TextField
            label={t('reason')}
            help={t('reasonHelp')}
            value={reason}
            maxLength={300}
            onChange={(e) => setReason(e.target.value)}
            error={reasonShown && reason.trim().length < 3 ? t('errors.reason') : undefined}
            autoFocus
            required
          />
          <div className={styles.actions}>
            <Button type="submit" variant="primary" loading={busy === 'reject'}>
              {t('confirmReject')}
            </Button>
            <Button variant="ghost" onClick={() => setRejecting(false)} disabled={busy !== null}>
              {t('cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <div className={styles.actions}>
          <Button onClick={() => void decide('approve')} loading={busy === 'approve'} aria-describedby={titleId}>
            {t('approve')}
          </Button>
          <Button
            variant="secondary"
            onClick={() => setRejecting(true)}
            disabled={busy !== null}
            aria-describedby={titleId}
          >
            {t('reject')}
          </Button>
        </div>
      )}
    </article>
  );
}

/** /myrexer/moderazione: the agencies' reviews waiting for a moderator (moderators only). */
export function AgencyReviewModerationPage() {
  const { t } = useTranslation('agency-review-moderation');
  const queryClient = useQueryClient();
  const pending = useQuery(agencyReviewQueueQueryOptions());
  const [last, setLast] = useState<Decided | null>(null);

  const onDecided = (decided: Decided) => {
    setLast(decided);
    queryClient.setQueryData(moderationQueueKey, (old: { Items: ModerationItem[]; More: boolean } | undefined) =>
      old ? { ...old, Items: old.Items.filter((item) => item.Id !== decided.id) } : old,
    );
    void queryClient.invalidateQueries({ queryKey: ['agency'] });
  };
  const forbidden = pending.error instanceof ApiError && pending.error.status === 403;

  return (
    <Page title={t('title')} intro={t('intro')}>
      <PageMeta title={t('meta.title')} noindex />
      <div role="status" className={styles.live}>
        {last ? t(last.outcome) : null}
      </div>
      {pending.data ? (
        pending.data.Items.length === 0 ? (
          <EmptyState title={t('empty.title')} text={t('empty.text')} />
        ) : (
          <ul className={styles.list} aria-label={t('listLabel', { count: pending.data.Items.length })}>
            {pending.data.Items.map((review) => (
              <li key={review.Id}>
                <PendingReview review={review} onDecided={onDecided} onStale={() => void pending.refetch()} />
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
