import { Link } from '@tanstack/react-router';
import { useTranslation } from '@/shared/i18n';
import { MAX_RATING, clampRating, type ExampleReview } from '../model/review';
import { Page } from '@/shared/ui/page';
import styles from './reviews-page.module.css';
import { buttonClassName } from '@/shared/ui/button';
import { PageMeta } from '@/shared/ui/page-meta';

function Stars({ rating, label }: { rating: number; label: string }) {
  return (
    <p className={styles.stars} role="img" aria-label={label}>
      {Array.from({ length: MAX_RATING }, (_, index) => (
        <span key={index} aria-hidden="true" className={index < rating ? styles.starOn : styles.starOff}>
          ★
        </span>
      ))}
    </p>
  );
}

export function ReviewsPage() {
  const { t } = useTranslation('reviews');
  const raw = t('items', { returnObjects: true });
  const reviews = Array.isArray(raw) ? (raw as ExampleReview[]) : [];

  return (
    <Page width="wide" title={t('title')} intro={t('intro')}>
      <PageMeta title={t('meta.title')} description={t('meta.description')} />

      <div className={styles.notice} role="note" aria-labelledby="reviews-demo-title">
        <h2 id="reviews-demo-title" className={styles.noticeTitle}>
          {t('demoNotice.title')}
        </h2>
        <p className={styles.noticeText}>{t('demoNotice.text')}</p>
      </div>

      <ul className={styles.list} aria-label={t('listLabel')}>
        {reviews.map((review) => {
          const rating = clampRating(review.rating);
          return (
            <li key={`${review.name}-${review.title}`} className={styles.card}>
              <article>
                <span className={styles.badge}>{t('exampleBadge')}</span>
                <h2 className={styles.cardTitle}>{review.title}</h2>
                <Stars rating={rating} label={t('rating', { value: rating })} />
                <blockquote className={styles.quote}>
                  <p>{review.text}</p>
                </blockquote>
                <p className={styles.author}>
                  <strong>{review.name}</strong>, {review.city} · {t(`roles.${review.role}`)}
                </p>
              </article>
            </li>
          );
        })}
      </ul>

      <section className={styles.cta} aria-labelledby="reviews-cta">
        <h2 id="reviews-cta" className={styles.ctaTitle}>
          {t('cta.title')}
        </h2>
        <p className={styles.ctaText}>{t('cta.text')}</p>
        <Link to="/contatti" className={buttonClassName()}>
          {t('cta.label')}
        </Link>
      </section>
    </Page>
  );
}
