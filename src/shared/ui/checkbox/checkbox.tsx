import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { cx } from '@/shared/lib/class-names';
import { FieldMessage } from '@/shared/ui/field';
import styles from './checkbox.module.css';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'children'> {
  label: ReactNode;
  help?: ReactNode;
  error?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

export function Checkbox({ label, help, error, id, className, ref, ...input }: CheckboxProps) {
  const generated = useId();
  const controlId = id ?? `checkbox-${generated}`;
  const helpId = help ? `${controlId}-help` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  return (
    <div className={cx(styles.wrapper, className)}>
      <div className={styles.row}>
        <input
          ref={ref}
          {...input}
          id={controlId}
          type="checkbox"
          className={styles.input}
          aria-describedby={[helpId, errorId].filter(Boolean).join(' ') || undefined}
          aria-invalid={error ? true : undefined}
        />
        <label htmlFor={controlId} className={styles.label}>
          {label}
        </label>
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
