import type { ReactNode, Ref, TextareaHTMLAttributes } from 'react';
import { cx } from '@/shared/lib/class-names';
import { Field, fieldStyles } from '@/shared/ui/field';
import styles from './text-area.module.css';

export interface TextAreaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'children'> {
  label: ReactNode;
  help?: ReactNode;
  error?: ReactNode;
  requiredMark?: ReactNode;
  ref?: Ref<HTMLTextAreaElement>;
}

export function TextArea({
  label,
  help,
  error,
  requiredMark,
  id,
  required,
  className,
  rows = 5,
  ref,
  ...textarea
}: TextAreaProps) {
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
        <textarea
          ref={ref}
          rows={rows}
          {...textarea}
          {...control}
          className={cx(fieldStyles.control, styles.textarea)}
        />
      )}
    </Field>
  );
}
