import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { cx } from '@/shared/lib/class-names';
import { Field, fieldStyles } from '@/shared/ui/field';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'children'> {
  label: ReactNode;
  help?: ReactNode;
  error?: ReactNode;
  requiredMark?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled single-line input (text, email, tel, number, password ...). */
export function TextField({
  label,
  help,
  error,
  requiredMark,
  id,
  required,
  className,
  type = 'text',
  ref,
  ...input
}: TextFieldProps) {
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
      {(control) => <input ref={ref} type={type} {...input} {...control} className={cx(fieldStyles.control)} />}
    </Field>
  );
}
