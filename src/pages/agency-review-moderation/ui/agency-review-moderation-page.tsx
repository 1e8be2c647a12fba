import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  agencyReviewQueueQueryOptions,
  decideAgencyAnswer,
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
import { ModerationDecision, moderationStyles } from '@/shared/ui/moderation';
import styles from './agency-review-moderation-page.module.css';

type Decided = { id: number; outcome: 'approved' | 'rejected' };

const DAY = new Intl.DateTimeFormat('it-IT', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Rome',
});

/** The agency's answer waiting to show: «Pubblica la risposta» or «Togli la risposta». */
function PendingAnswer({
  review,
  version,
  onDone,
  onStale,
}: {
  review: ModerationItem;
  version: string;
  onDone: (outcome: 'answerApproved' | 'answerRejected') => void;
  onStale: () => void;
}) {
  const { t } = useTranslation('agency-review-moderation');
  const [busy, setBusy] = useState<'approve' | 'reject' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const decide = async (decision: 'approve' | 'reject') => {
    setBusy(decision);
    setError(null);
    try {
      await decideAgencyAnswer(review.Id, version, decision);
      onDone(decision === 'approve' ? 'answerApproved' : 'answerRejected');
    } catch (e) {
      const name = e instanceof ApiError ? e.body?.ExceptionTypeString : undefined;
      if (name === 'ReviewChanged' || name === 'ReviewNotFound') onStale();
      setError(name === 'ReviewChanged' ? t('errors.answerChanged') : t('errors.failed'));
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className={styles.answer} data-testid="pending-answer">
      <p className={styles.answerTitle}>{t('answerPending')}</p>
      <p className={moderationStyles.text}>{review.Answer}</p>
      {error ? <Alert tone="error" title={error} /> : null}
      <div className={moderationStyles.actions}>
        <Button size="small" onClick={() => void decide('approve')} loading={busy === 'approve'}>
          {t('answerApprove')}
        </Button>
        <Button
          size="small"
          variant="secondary"
          onClick={() => void decide('reject')}
          loading={busy === 'reject'}
          disabled={busy !== null}
        >
          {t('answerReject')}
        </Button>
      </div>
    </div>
  );
}

function PendingReview({
  review,
  onDecided,
  onStale,
  onAnswerDone,
}: {
  review: ModerationItem;
  onDecided: (d: Decided) => void;
  onStale: () => void;
  onAnswerDone: (outcome: 'answerApproved' | 'answerRejected') => void;
}) {
  const { t } = useTranslation('agency-review-moderation');
  const titleId = `pending-agency-review-${review.Id}`;
  const describeFailure = (e: unknown) => {
    const name = e instanceof ApiError ? e.body?.ExceptionTypeString : undefined;
    // The author edited it meanwhile: the queue is read again, with the text now stored.
    if (name === 'ReviewChanged') onStale();
    return name === 'ReviewChanged'
      ? t('errors.changed')
      : name === 'ReviewNotFound'
        ? t('errors.notPending')
        : t('errors.failed');
  };

  return (
    <article className={moderationStyles.card} aria-labelledby={titleId} data-testid="pending-agency-review">
      <RatingStars rating={review.Rating} label={t('rating', { value: review.Rating })} />
      <h2 id={titleId} className={moderationStyles.cardTitle}>
        {t('of', { author: review.AuthorName })}{' '}
        <HrefLink href={`/agenzie/${review.Agency.Slug}`}>{review.Agency.Name}</HrefLink>
      </h2>
      <p className={moderationStyles.text}>{review.Text}</p>
      <p className={moderationStyles.meta}>
        {t(`basis.${review.Basis}`)} · {t('authorSince', { date: DAY.format(new Date(review.AuthorSince)) })} ·{' '}
        {review.EditedAt
          ? t('editedOn', { date: DAY.format(new Date(review.EditedAt)) })
          : t('sentOn', { date: DAY.format(new Date(review.CreatedAt)) })}
      </p>
      {review.Status === 'approved' ? <p className={styles.published}>{t('publishedReported')}</p> : null}
      {review.Answer && !review.AnswerPending ? (
        <p className={moderationStyles.meta}>
          <strong>{t('answer')}</strong> {review.Answer}
        </p>
      ) : null}
      {review.Answer && review.AnswerPending ? (
        <PendingAnswer review={review} version={review.AnswerPending.Version} onDone={onAnswerDone} onStale={onStale} />
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
      <ModerationDecision
        titleId={titleId}
        minReason={3}
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
          await decideAgencyReview(review, 'approve');
          onDecided({ id: review.Id, outcome: 'approved' });
        }}
        reject={async (reason) => {
          await decideAgencyReview(review, 'reject', reason);
          onDecided({ id: review.Id, outcome: 'rejected' });
        }}
        describeFailure={describeFailure}
      />
    </article>
  );
}

/** /myrexer/moderazione: the agencies' reviews waiting for a moderator (moderators only). */
export function AgencyReviewModerationPage() {
  const { t } = useTranslation('agency-review-moderation');
  const queryClient = useQueryClient();
  const pending = useQuery(agencyReviewQueueQueryOptions());
  const [last, setLast] = useState<Decided | null>(null);
  const [answerOutcome, setAnswerOutcome] = useState<'answerApproved' | 'answerRejected' | null>(null);

  const onDecided = (decided: Decided) => {
    setLast(decided);
    setAnswerOutcome(null);
    queryClient.setQueryData(moderationQueueKey, (old: { Items: ModerationItem[]; More: boolean } | undefined) =>
      old ? { ...old, Items: old.Items.filter((item) => item.Id !== decided.id) } : old,
    );
    void queryClient.invalidateQueries({ queryKey: ['agency'] });
  };
  const forbidden = pending.error instanceof ApiError && pending.error.status === 403;

  return (
    <Page title={t('title')} intro={t('intro')}>
      <PageMeta title={t('meta.title')} noindex />
      <div role="status" className={moderationStyles.live}>
        {answerOutcome ? t(answerOutcome) : last ? t(last.outcome) : null}
      </div>
      {pending.data ? (
        pending.data.Items.length === 0 ? (
          <EmptyState title={t('empty.title')} text={t('empty.text')} />
        ) : (
          <ul className={moderationStyles.list} aria-label={t('listLabel', { count: pending.data.Items.length })}>
            {pending.data.Items.map((review) => (
              <li key={review.Id}>
                <PendingReview
                  review={review}
                  onDecided={onDecided}
                  onStale={() => void pending.refetch()}
                  onAnswerDone={(outcome) => {
                    setAnswerOutcome(outcome);
                    void pending.refetch();
                  }}
                />
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
        <div className={moderationStyles.placeholder}>
          <Spinner label={t('loading')} />
        </div>
      )}
    </Page>
  );
}
