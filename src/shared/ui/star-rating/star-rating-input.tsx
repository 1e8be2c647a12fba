import { useId } from 'react';
import { FieldMessage } from '@/shared/ui/field';
import styles from './star-rating-input.module.css';

export interface StarRatingInputProps {
  value: number;
  onChange: (value: number) => void;
  /** The group's visible name («Il tuo voto»). */
  legend: string;
  /** Each star's name for a screen reader («4 stelle: Molto buono»). */
  starLabel: (stars: number) => string;
  /** The word shown beside the stars for the chosen value («Molto buono»). */
  meaning?: (stars: number) => string;
  error?: string;
}

/**
 * A rating as a group of five radio buttons (arrow keys move between them, as in any radio
 * group), each drawn as a star; the stars up to the chosen one are filled.
 */
export function StarRatingInput({ value, onChange, legend, starLabel, meaning, error }: StarRatingInputProps) {
  const name = useId();
  const errorId = `${name}-error`;
  return (
    <fieldset
      className={styles.group}
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className={styles.legend}>{legend}</legend>
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
              aria-label={starLabel(star)}
            />
            <span aria-hidden="true" className={styles.glyph}>
              ★
            </span>
          </label>
        ))}
        {meaning ? (
          <span className={styles.meaning} aria-hidden="true">
            {value > 0 ? meaning(value) : ''}
          </span>
        ) : null}
      </div>
      {error ? (
        <FieldMessage id={errorId} tone="error">
          {error}
        </FieldMessage>
      ) : null}
    </fieldset>
  );
}
