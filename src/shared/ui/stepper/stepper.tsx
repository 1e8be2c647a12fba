import { useId, type ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n';
import { cx } from '@/shared/lib/class-names';
import { FieldMessage } from '@/shared/ui/field';
import styles from './stepper.module.css';

export interface StepperProps {
  /** What is counted (visible, and the name of the buttons for screen readers). */
  label: string;
  value: number;
  onChange: (value: number) => void;
  min?: number;
  max?: number;
  help?: ReactNode;
  error?: ReactNode;
  className?: string;
}

/**
 * A small count with − and + buttons (rooms, bathrooms). The count is an output announced
 * politely; the buttons are named "Togli: Bagni" / "Aggiungi: Bagni" and disabled at the ends.
 */
export function Stepper({ label, value, onChange, min = 0, max = 99, help, error, className }: StepperProps) {
  const { t } = useTranslation('common');
  const id = `stepper-${useId()}`;
  const helpId = help ? `${id}-help` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div
      className={cx(styles.stepper, className)}
      role="group"
      aria-labelledby={`${id}-label`}
      aria-describedby={[helpId, errorId].filter(Boolean).join(' ') || undefined}
    >
      <div className={styles.row}>
        <span id={`${id}-label`} className={styles.label}>
          {label}
        </span>
        <div className={styles.controls}>
          <button
            type="button"
            className={styles.button}
            onClick={() => onChange(Math.max(min, value - 1))}
            disabled={value <= min}
            aria-label={t('form.decrease', { label })}
          >
            <span aria-hidden="true">−</span>
          </button>
          <output className={styles.value} aria-live="polite" aria-label={`${label}: ${value}`}>
            {value}
          </output>
          <button
            type="button"
            className={styles.button}
            onClick={() => onChange(Math.min(max, value + 1))}
            disabled={value >= max}
            aria-label={t('form.increase', { label })}
          >
            <span aria-hidden="true">+</span>
          </button>
        </div>
      </div>
      {help ? (
        <FieldMessage id={helpId} tone="help">
          {help}
        </FieldMessage>
      ) : null}
      {error ? (
        <FieldMessage id={errorId} tone="error">
          {error}
        </FieldMessage>
      ) : null}
    </div>
  );
}
