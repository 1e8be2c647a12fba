import type { ReactNode, Ref, SelectHTMLAttributes } from 'react';
import { cx } from '@/shared/lib/class-names';
import { Field, fieldStyles } from '@/shared/ui/field';
import styles from './select.module.css';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> {
  label: ReactNode;
  options: readonly SelectOption[];
  /** A first, empty option ("Scegli ..."), already translated. */
  placeholder?: string;
  help?: ReactNode;
  error?: ReactNode;
  requiredMark?: ReactNode;
  ref?: Ref<HTMLSelectElement>;
}

export function Select({
  label,
  options,
  placeholder,
  help,
  error,
  requiredMark,
  id,
  required,
  className,
  ref,
  ...select
}: SelectProps) {
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
        <select ref={ref} {...select} {...control} className={cx(fieldStyles.control, styles.select)}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
