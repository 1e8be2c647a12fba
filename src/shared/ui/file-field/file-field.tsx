import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { Field } from '@/shared/ui/field';
import styles from './file-field.module.css';

export interface FileFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'children' | 'onChange' | 'value'> {
  label: ReactNode;
  help?: ReactNode;
  error?: ReactNode;
  requiredMark?: ReactNode;
  /** Called with the chosen file, or null when the choice is cleared. */
  onFileChange?: (file: File | null) => void;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled file input; the browser's own control keeps it keyboard and screen-reader friendly. */
export function FileField({ label, help, error, requiredMark, id, required, className, onFileChange, ref, ...input }: FileFieldProps) {
  return (
    <Field label={label} help={help} error={error} required={required} requiredMark={requiredMark} id={id} className={className}>
      {(control) => (
        <input
          ref={ref}
          type="file"
          {...input}
          {...control}
          className={styles.input}
          onChange={(event) => onFileChange?.(event.currentTarget.files?.[0] ?? null)}
        />
      )}
    </Field>
  );
}
