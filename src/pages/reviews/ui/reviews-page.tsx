import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { siteReviewsQueryOptions, type PublicSiteReview } from '@/entities/site-review';
import { useTranslation } from '@/shared/i18n';
import { RatingStars } from '@/shared/ui/star-rating';
import { Alert } from '@/shared/ui/alert';
import { Button, buttonClassName } from '@/shared/ui/button';
import { Page } from '@/shared/ui/page';
import { PageMeta } from '@/shared/ui/page-meta';
import { Spinner } from '@/shared/ui/spinner';
import { formatAverage, formatReviewDate } from '../lib/review-text';
import styles from './reviews-page.module.css';

function ReviewCard({ review }: { review: PublicSiteReview }) {
  const { t } = useTranslation('reviews');
  return (
    <article className={styles.card} data-testid="site-review">
      <div className={styles.cardHead}>
        <RatingStars rating={review.Rating} label={t('rating', { value: review.Rating })} />
        {review.IsExample ? (
          <span className={styles.badge} title={t('exampleHint')}>
            {t('exampleBadge')}
          </span>
        ) : null}
      </div>
      <h3 className={styles.cardTitle}>{review.Title}</h3>
      <blockquote className={styles.quote}>
        <p>{review.Text}</p>
      </blockquote>
      <p className={styles.author}>
        <strong>{review.DisplayName}</strong>, {review.Town} · {t(`roles.${review.Role}`)}
      </p>
      <p className={styles.date}>{t('publishedOn', { date: formatReviewDate(review.PublishedAt) })}</p>
    </article>
  );
}

/** /diconodinoi: the approved reviews of Rexer, their average and count, and how to write one. */
export function ReviewsPage() {
  const { t } = useTranslation('reviews');
  const list = useInfiniteQuery(siteReviewsQueryOptions());
  const first = list.data?.pages[0];
  const items = list.data?.pages.flatMap((page) => page.Items);

  return (
    <Page width="wide" title={t('title')} intro={t('intro')}>
      <PageMeta title={t('meta.title')} description={t('meta.description')} />

      {first && items ? (
        <>
          <section className={styles.summary} aria-labelledby="reviews-summary">
            <h2 id="reviews-summary" className="visually-hidden">
              {t('summary.title')}
            </h2>
            {first.Average !== null && first.Count > 0 ? (
              <>
                <p className={styles.average}>
                  <span className={styles.averageValue}>{formatAverage(first.Average)}</span>
                  <span className={styles.averageOf}>{t('summary.outOf')}</span>
                </p>
                <RatingStars
                  rating={first.Average}
                  size="large"
                  label={t('summary.averageLabel', { value: formatAverage(first.Average) })}
                />
                <p className={styles.count}>{t('summary.count', { count: first.Count })}</p>
              </>
            ) : (
              <p className={styles.count}>{t('summary.none')}</p>
            )}
          </section>

          {items.length > 0 ? (
            <ul className={styles.list} aria-label={t('listLabel')}>
              {items.map((review) => (
                <li key={review.Id}>
                  <ReviewCard review={review} />
                </li>
              ))}
            </ul>
          ) : null}
          {list.hasNextPage ? (
            <div className={styles.more}>
              <Button variant="secondary" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
                {t('more')}
              </Button>
            </div>
          ) : null}
          {list.isFetchNextPageError ? <Alert tone="error" title={t('loadError')} /> : null}
        </>
      ) : list.isError ? (
        <Alert tone="error" title={t('loadError')}>
          <Button variant="secondary" size="small" onClick={() => void list.refetch()}>
            {t('retry')}
          </Button>
        </Alert>
      ) : (
        <div className={styles.placeholder}>
          <Spinner label={t('loading')} />
        </div>
      )}

      <section className={styles.cta} aria-labelledby="reviews-cta">
        <h2 id="reviews-cta" className={styles.ctaTitle}>
          {t('cta.title')}
        </h2>
        <p className={styles.ctaText}>{t('cta.text')}</p>
        <Link to="/myrexer/recensione" className={buttonClassName()}>
          {t('cta.label')}
        </Link>
      </section>
    </Page>
  );
}
