import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { LOGIN_SOURCE } from '@domain/session';
import { loadSessionRuntime, useSessionView } from '@/entities/session';
import { useTranslation } from '@/shared/i18n';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { RatingStars } from '@/shared/ui/star-rating';
import {
  agencyReviewsKey,
  agencyReviewsQueryOptions,
  myAgencyReviewQueryOptions,
  type AgencyMyReview,
  type AgencyReview,
} from '../api/agency-reviews-api';
import { AnswerForm } from './answer-form';
import { ReportDialog } from './report-dialog';
import { ReviewFormDialog } from './review-form-dialog';
import styles from './agency-reviews.module.css';

const DAY = new Intl.DateTimeFormat('it-IT', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Rome',
});
const RATING = new Intl.NumberFormat('it-IT', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

export interface AgencyReviewsProps {
  slug: string;
  name: string;
}

/**
 * An agency's verified reviews on its page: the average of the approved ones and their count,
 * the reader's own review (write, see where it stands, edit), the reviews with the agency's
 * answers, a report button on each, and the answer form for the agency's own accounts.
 */
export function AgencyReviews({ slug, name }: AgencyReviewsProps) {
  const { t } = useTranslation('agency-reviews');
  const session = useSessionView();
  const queryClient = useQueryClient();
  const username = session.isLoggedIn ? session.username : null;
  const reviews = useInfiniteQuery(agencyReviewsQueryOptions(slug));
  const mine = useQuery(myAgencyReviewQueryOptions(slug, username));
  const [formOpen, setFormOpen] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [reporting, setReporting] = useState<number | null>(null);

  const first = reviews.data?.pages[0];
  const items = reviews.data?.pages.flatMap((page) => page.Reviews) ?? [];
  const own = mine.data?.Review ?? null;

  const refresh = () => queryClient.invalidateQueries({ queryKey: agencyReviewsKey(slug) });
  const login = () =>
    void loadSessionRuntime().then((runtime) =>
      runtime.openLogin({ source: LOGIN_SOURCE.callbackOnly, onLoggedIn: () => void refresh() }),
    );

  return (
    <section className={styles.section} aria-labelledby="agency-reviews-title" data-testid="agency-reviews">
      <h2 id="agency-reviews-title" className={styles.title}>
        {t('title')}
      </h2>

      {first ? (
        first.Count > 0 && first.Rating != null ? (
          <p className={styles.summary} data-testid="agency-reviews-summary">
            <RatingStars
              rating={first.Rating}
              size="large"
              label={t('summary.starsLabel', { rating: RATING.format(first.Rating) })}
            />
            <span className={styles.average}>{t('summary.value', { rating: RATING.format(first.Rating) })}</span>
            <span className={styles.count}>{t('summary.count', { count: first.Count })}</span>
          </p>
        ) : (
          <p className={styles.summary} data-testid="agency-reviews-summary">
            {t('summary.none')}
          </p>
        )
      ) : null}
      <p className={styles.note}>{t('summary.verified')}</p>

      {notice ? (
        <Alert tone="success" className={styles.notice}>
          {notice}
        </Alert>
      ) : null}

      <MyReview
        state={username === null ? 'anonymous' : mine.data ? mine.data : 'loading'}
        onLogin={login}
        onWrite={() => {
          setNotice(null);
          setFormOpen(true);
        }}
      />

      {reviews.isError ? (
        <div className={styles.failed}>
          <p>{t('list.failed')}</p>
          <Button variant="secondary" onClick={() => void reviews.refetch()}>
            {t('list.retry')}
          </Button>
        </div>
      ) : reviews.isPending ? (
        <p className={styles.note}>{t('list.loading')}</p>
      ) : items.length > 0 ? (
        <ol className={styles.list}>
          {items.map((review) => (
            <li key={review.Id}>
              <ReviewItem
                review={review}
                canReport={own?.Id !== review.Id && !mine.data?.IsAgencyMember}
                canAnswer={mine.data?.IsAgencyMember === true}
                onReport={() => (username === null ? login() : setReporting(review.Id))}
                onAnswered={() => {
                  setNotice(t('answer.saved'));
                  void refresh();
                }}
              />
            </li>
          ))}
        </ol>
      ) : null}
      {reviews.hasNextPage ? (
        <Button
          variant="secondary"
          onClick={() => void reviews.fetchNextPage()}
          disabled={reviews.isFetchingNextPage}
          className={styles.more}
        >
          {t('list.more')}
        </Button>
      ) : null}

      <ReviewFormDialog
        open={formOpen}
        onClose={() => setFormOpen(false)}
        slug={slug}
        agencyName={name}
        review={own}
        onSaved={() => {
          setFormOpen(false);
          setNotice(t('mine.saved'));
          void refresh();
        }}
      />
      <ReportDialog
        reviewId={reporting}
        onClose={() => setReporting(null)}
        onReported={(hidden) => {
          setReporting(null);
          setNotice(t(hidden ? 'review.reportedHidden' : 'review.reported'));
          void refresh();
        }}
      />
    </section>
  );
}

function MyReview({
  state,
  onLogin,
  onWrite,
}: {
  state: 'anonymous' | 'loading' | AgencyMyReview;
  onLogin: () => void;
  onWrite: () => void;
}) {
  const { t } = useTranslation('agency-reviews');
  if (state === 'loading') return null;
  if (state === 'anonymous')
    return (
      <div className={styles.mine}>
        <Button variant="primary" onClick={onLogin} data-testid="review-login">
          {t('mine.loginToWrite')}
        </Button>
      </div>
    );
  if (state.IsAgencyMember) return <p className={styles.mine}>{t('mine.member')}</p>;
  if (state.WorksForAgency && !state.Review) return <p className={styles.mine}>{t('mine.otherAgency')}</p>;
  const review = state.Review;
  if (review)
    return (
      <div className={styles.mine} data-testid="my-review">
        <p className={styles.mineTitle}>{t('mine.title')}</p>
        <p>
          <RatingStars rating={review.Rating} size="small" label={t('review.stars', { count: review.Rating })} />{' '}
          <span className={styles.status} data-status={review.Status}>
            {review.Status === 'rejected'
              ? t('mine.rejected', { reason: review.RejectionReason ?? '' })
              : t(`mine.${review.Status}`)}
          </span>
        </p>
        <Button variant="secondary" onClick={onWrite}>
          {t('mine.edit')}
        </Button>
      </div>
    );
  if (state.CanReview)
    return (
      <div className={styles.mine}>
        <Button variant="primary" onClick={onWrite} aria-haspopup="dialog" data-testid="review-write">
          {t('mine.write')}
        </Button>
      </div>
    );
  return <p className={styles.mine}>{t('mine.notAllowed')}</p>;
}

function ReviewItem({
  review,
  canReport,
  canAnswer,
  onReport,
  onAnswered,
}: {
  review: AgencyReview;
  canReport: boolean;
  canAnswer: boolean;
  onReport: () => void;
  onAnswered: () => void;
}) {
  const { t } = useTranslation('agency-reviews');
  const [answering, setAnswering] = useState(false);
  const headingId = `review-${review.Id}`;
  return (
    <article className={styles.review} aria-labelledby={headingId} data-testid="agency-review">
      <header className={styles.reviewHead}>
        <RatingStars rating={review.Rating} size="small" label={t('review.stars', { count: review.Rating })} />
        <h3 id={headingId} className={styles.author}>
          {review.AuthorName}
        </h3>
        <p className={styles.meta}>
          <time dateTime={review.CreatedAt}>{DAY.format(new Date(review.CreatedAt))}</time>
          {review.Edited ? ` · ${t('review.edited')}` : ''} · {t(`basis.${review.Basis}`)}
        </p>
      </header>
      <p className={styles.text}>{review.Text}</p>
      {review.Answer && !answering ? (
        <div className={styles.answer}>
          <p className={styles.answerTitle}>{t('review.answer')}</p>
          <p className={styles.text}>{review.Answer.Text}</p>
        </div>
      ) : null}
      {answering ? (
        <AnswerForm
          reviewId={review.Id}
          initial={review.Answer?.Text ?? ''}
          onDone={() => {
            setAnswering(false);
            onAnswered();
          }}
          onCancel={() => setAnswering(false)}
        />
      ) : (
        <div className={styles.actions}>
          {canAnswer ? (
            <Button variant="secondary" size="small" onClick={() => setAnswering(true)}>
              {t(review.Answer ? 'review.answerEdit' : 'review.answerCta')}
            </Button>
          ) : null}
          {canReport ? (
            <Button variant="ghost" size="small" onClick={onReport} aria-haspopup="dialog">
              {t('review.report')}
            </Button>
          ) : null}
        </div>
      )}
    </article>
  );
}
