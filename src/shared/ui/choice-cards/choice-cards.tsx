import { useId, type ReactNode } from 'react';
import { cx } from '@/shared/lib/class-names';
import { FieldMessage } from '@/shared/ui/field';
import styles from './choice-cards.module.css';

export interface ChoiceOption<T extends string | number> {
  value: T;
  label: ReactNode;
  /** A second line under the label. */
  description?: ReactNode;
}

export interface ChoiceCardsProps<T extends string | number> {
  /** The question, as the group's legend. */
  legend: ReactNode;
  /** Shows the legend only to screen readers (the page's heading already asks it). */
  hideLegend?: boolean;
  hint?: ReactNode;
  options: readonly ChoiceOption<T>[];
  value: T | undefined;
  onChange: (value: T) => void;
  error?: ReactNode;
  /** The radios' name (one group per name on the page). */
  name?: string;
  /** Two cards a row from tablet width up (short labels). */
  columns?: 1 | 2 | 3;
  /** Two cards a row on a phone too (one or two words a label). */
  compact?: boolean;
  className?: string;
}

/**
 * A radio group shown as large cards, for one choice among a few: a fieldset named by its
 * legend, one native radio per option (arrow keys move between them), the hint and the error
 * tied to the group.
 */
export function ChoiceCards<T extends string | number>({
  legend,
  hideLegend,
  hint,
  options,
  value,
  onChange,
  error,
  name,
  columns = 1,
  compact = false,
  className,
}: ChoiceCardsProps<T>) {
  const generated = useId();
  const groupName = name ?? `choice-${generated}`;
  const hintId = hint ? `${groupName}-hint` : undefined;
  const errorId = error ? `${groupName}-error` : undefined;
  return (
    <fieldset
      className={cx(styles.group, className)}
      aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
    >
      <legend className={hideLegend ? 'visually-hidden' : styles.legend}>{legend}</legend>
      {hint ? (
        <FieldMessage id={hintId} tone="help">
          {hint}
        </FieldMessage>
      ) : null}
      <div className={cx(styles.options, compact && styles.compact, styles[`columns${columns}`])}>
        {options.map((option) => {
          const id = `${groupName}-${option.value}`;
          const checked = value === option.value;
          return (
            <label
              key={option.value}
              htmlFor={id}
              className={cx(styles.card, checked && styles.checked, error ? styles.invalid : undefined)}
            >
              <input
                id={id}
                type="radio"
                name={groupName}
                className={styles.radio}
                value={String(option.value)}
                checked={checked}
                onChange={() => onChange(option.value)}
              />
              <span className={styles.text}>
                <span className={styles.label}>{option.label}</span>
                {option.description ? <span className={styles.description}>{option.description}</span> : null}
              </span>
            </label>
          );
        })}
      </div>
      {error ? (
        <FieldMessage id={errorId} tone="error">
          {error}
        </FieldMessage>
      ) : null}
    </fieldset>
  );
}
