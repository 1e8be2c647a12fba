import { useId, type ReactNode } from 'react';
import { cx } from '@/shared/lib/class-names';
import styles from './field.module.css';

/** The attributes a form control needs to be tied to its label, help and error. */
export interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  required?: boolean;
}

export interface FieldProps {
  label: ReactNode;
  /** A hint under the control. */
  help?: ReactNode;
  /** The validation message; when present the control is marked invalid. */
  error?: ReactNode;
  required?: boolean;
  /** Shown after the label of a required field (a translated text such as "obbligatorio"). */
  requiredMark?: ReactNode;
  id?: string;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/** A label, a control, an optional help text and an error message, wired for screen readers. */
export function Field({ label, help, error, required, requiredMark, id, className, children }: FieldProps) {
  const generated = useId();
  const controlId = id ?? `field-${generated}`;
  const helpId = help ? `${controlId}-help` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [helpId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cx(styles.field, className)}>
      <label htmlFor={controlId} className={styles.label}>
        {label}
        {required && requiredMark ? <span className={styles.required}> {requiredMark}</span> : null}
      </label>
      {children({ id: controlId, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined, required })}
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

export interface FieldMessageProps {
  id?: string;
  tone: 'help' | 'error';
  children: ReactNode;
}

/** The help or error text of a field; an error is announced politely. */
export function FieldMessage({ id, tone, children }: FieldMessageProps) {
  return (
    <p
      id={id}
      className={cx(styles.message, tone === 'error' ? styles.error : styles.help)}
      aria-live={tone === 'error' ? 'polite' : undefined}
    >
      {children}
    </p>
  );
}
