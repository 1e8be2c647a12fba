import { useId } from 'react';
import { useTranslation } from '@/shared/i18n';
import { FieldMessage } from '@/shared/ui/field';
import styles from './star-rating-input.module.css';

export interface StarRatingInputProps {
  value: number;
  onChange: (value: number) => void;
  error?: string;
}

/**
 * The rating as a group of five radio buttons (arrow keys move between them, as in any radio
 * group), each drawn as a star with its name for a screen reader («4 stelle: Molto buono»);
 * the stars up to the chosen one are filled.
 */
export function StarRatingInput({ value, onChange, error }: StarRatingInputProps) {
  const { t } = useTranslation('my-site-review');
  const name = useId();
  const errorId = `${name}-error`;
  return (
    <fieldset
      className={styles.group}
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className={styles.legend}>{t('form.rating')}</legend>
      <div className={styles.stars}>
        {[1, 2, 3, 4, 5].map((star) => (
          <label key={star} className={styles.star} data-on={star <= value ? '' : undefined}>
            <input
              type="radio"
              name={name}
              value={star}
              checked={value === star}
              onChange={() => onChange(star)}
              className={styles.input}
              aria-label={t('form.star', { count: star, meaning: t(`form.ratingMeaning.${star}`) })}
            />
            <span aria-hidden="true" className={styles.glyph}>
              ★
            </span>
          </label>
        ))}
        <span className={styles.meaning} aria-hidden="true">
          {value > 0 ? t(`form.ratingMeaning.${value}`) : ''}
        </span>
      </div>
      {error ? (
        <FieldMessage id={errorId} tone="error">
          {error}
        </FieldMessage>
      ) : null}
    </fieldset>
  );
}
