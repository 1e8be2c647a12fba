import styles from './rating-stars.module.css';

const MAX = 5;

/** A rating shown as five stars, read by a screen reader as its label («Valutazione: 4 su 5»). */
export function RatingStars({
  rating,
  label,
  size = 'medium',
}: {
  rating: number;
  label: string;
  size?: 'small' | 'medium' | 'large';
}) {
  const filled = Math.max(0, Math.min(MAX, Math.round(rating)));
  return (
    <span className={`${styles.stars} ${size === 'medium' ? '' : styles[size]}`} role="img" aria-label={label}>
      {Array.from({ length: MAX }, (_, index) => (
        <span key={index} aria-hidden="true" className={index < filled ? styles.on : styles.off}>
          ★
        </span>
      ))}
    </span>
  );
}
