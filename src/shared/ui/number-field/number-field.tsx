import { useState, type ReactNode, type Ref } from 'react';
import { cx } from '@/shared/lib/class-names';
import { Field, fieldStyles } from '@/shared/ui/field';
import { formatNumberText, numberToText, parseNumberText, type NumberTextMode } from './number-text';
import styles from './number-field.module.css';

export interface NumberFieldProps {
  label: ReactNode;
  /** The number shown; null for an empty field. */
  value: number | null;
  /** The number typed, null when the field holds no digit. */
  onChange: (value: number | null) => void;
  /** What the number counts, after the field ('m²', '€', '€/mese'). */
  unit?: ReactNode;
  help?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  requiredMark?: ReactNode;
  /** Accepts a comma and decimals ('45,5'); whole numbers otherwise. */
  decimals?: boolean;
  /** Digits only, without the dots (a year: '1980'). */
  plain?: boolean;
  id?: string;
  name?: string;
  placeholder?: string;
  autoComplete?: string;
  onBlur?: () => void;
  className?: string;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A number typed the Italian way: '120.000' or '120000' are the same number and the field
 * shows it with its dots as the user types; a unit after the field. Non-negative only.
 */
export function NumberField({
  label,
  value,
  onChange,
  unit,
  help,
  error,
  required,
  requiredMark,
  decimals = false,
  plain = false,
  id,
  name,
  placeholder,
  autoComplete = 'off',
  onBlur,
  className,
  ref,
}: NumberFieldProps) {
  const mode: NumberTextMode = decimals ? 'decimal' : plain ? 'plain' : 'thousands';
  const [text, setText] = useState(() => numberToText(value, mode));
  // A value set from outside (a saved answer arriving, a reset) replaces the text; the
  // text typed stays as typed while it stands for the same number ('45,' while typing '45,5').
  const shown = parseNumberText(text, mode) === value ? text : numberToText(value, mode);
  return (
    <Field
      label={label}
      help={help}
      error={error}
      required={required}
      requiredMark={requiredMark}
      id={id}
      className={className}
    >
      {(control) => (
        <div className={styles.row}>
          <input
            ref={ref}
            {...control}
            name={name}
            type="text"
            inputMode={decimals ? 'decimal' : 'numeric'}
            autoComplete={autoComplete}
            placeholder={placeholder}
            value={shown}
            onChange={(event) => {
              const next = formatNumberText(event.target.value, mode);
              setText(next);
              onChange(parseNumberText(next, mode));
            }}
            onBlur={onBlur}
            className={cx(fieldStyles.control, styles.input)}
          />
          {unit ? (
            <span className={styles.unit} aria-hidden="true">
              {unit}
            </span>
          ) : null}
        </div>
      )}
    </Field>
  );
}
