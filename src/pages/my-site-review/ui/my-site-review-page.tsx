import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import {
  mySiteReviewQueryOptions,
  saveMySiteReview,
  type MySiteReview,
  type MySiteReviewAnswer,
} from '@/entities/site-review';
import { useSessionView } from '@/entities/session';
import { useTranslation } from '@/shared/i18n';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { Page } from '@/shared/ui/page';
import { PageMeta } from '@/shared/ui/page-meta';
import { Spinner } from '@/shared/ui/spinner';
import { draftOf } from '../model/review-form';
import { SiteReviewForm, type SiteReviewFormProps } from './site-review-form';
import styles from './my-site-review-page.module.css';

/** Where the review stands, as its author reads it. */
function ReviewStatus({ review }: { review: MySiteReview }) {
  const { t } = useTranslation('my-site-review');
  if (review.Status === 'approved')
    return (
      <Alert tone="success" title={t('status.approved.title')} live={false}>
        <p className={styles.statusText}>
          {t('status.approved.text')} <Link to="/diconodinoi">{t('status.approved.link')}</Link>
        </p>
      </Alert>
    );
  if (review.Status === 'rejected')
    return (
      <Alert tone="error" title={t('status.rejected.title')} live={false}>
        <p className={styles.statusText}>{t('status.rejected.reason', { reason: review.RejectionReason ?? '' })}</p>
        <p className={styles.statusText}>{t('status.rejected.text')}</p>
      </Alert>
    );
  return (
    <Alert tone="info" title={t('status.pending.title')} live={false}>
      <p className={styles.statusText}>{t('status.pending.text')}</p>
    </Alert>
  );
}

export interface MySiteReviewPageProps {
  /** Sends the review (the API's by default; a test gives its own). */
  save?: SiteReviewFormProps['save'];
}

/** /myrexer/recensione: the user's review of Rexer, its status and the form to write or edit it. */
export function MySiteReviewPage({ save = saveMySiteReview }: MySiteReviewPageProps) {
  const { t } = useTranslation('my-site-review');
  const session = useSessionView();
  const queryClient = useQueryClient();
  const options = mySiteReviewQueryOptions(session.username);
  const mine = useQuery(options);

  const onSaved = (review: MySiteReview) => {
    queryClient.setQueryData(options.queryKey, (old: MySiteReviewAnswer | undefined) =>
      old ? { ...old, Review: review } : { Review: review, Suggested: { DisplayName: null, Town: null } },
    );
    void queryClient.invalidateQueries({ queryKey: ['review', 'rexer', 'list'] });
  };

  return (
    <Page width="narrow" title={t('title')} intro={t('intro')}>
      <PageMeta title={t('meta.title')} noindex />
      {mine.data ? (
        <div className={styles.stack}>
          {mine.data.Review ? (
            <section aria-labelledby="site-review-status" className={styles.stack}>
              <h2 id="site-review-status" className="visually-hidden">
                {t('status.heading')}
              </h2>
              <ReviewStatus review={mine.data.Review} />
            </section>
          ) : null}
          <SiteReviewForm
            key={mine.data.Review ? `edit-${mine.data.Review.Id}` : 'create'}
            initial={draftOf(mine.data)}
            mode={mine.data.Review ? 'edit' : 'create'}
            save={save}
            onSaved={onSaved}
          />
        </div>
      ) : mine.isError ? (
        <Alert tone="error" title={t('loadError')}>
          <Button variant="secondary" size="small" onClick={() => void mine.refetch()}>
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
