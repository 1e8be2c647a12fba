import { useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { Field } from '@/shared/ui/field';
import styles from './file-field.module.css';

export interface FileFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'children' | 'onChange' | 'value'
> {
  label: ReactNode;
  help?: ReactNode;
  error?: ReactNode;
  requiredMark?: ReactNode;
  /** The button's text ("Scegli un file"): the browser's own control would speak the browser's language. */
  chooseLabel: ReactNode;
  /** What shows before a file is chosen ("Nessun file scelto"). */
  noFileLabel: ReactNode;
  /** Called with the chosen file, or null when the choice is cleared. */
  onFileChange?: (file: File | null) => void;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A labelled file input in the page's language: the native input stays (keyboard, screen
 * readers, drag and drop), transparent over a button of ours, with the chosen file's name.
 */
export function FileField({
  label,
  help,
  error,
  requiredMark,
  chooseLabel,
  noFileLabel,
  id,
  required,
  className,
  onFileChange,
  ref,
  ...input
}: FileFieldProps) {
  const [fileName, setFileName] = useState<string | null>(null);
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
        <div className={styles.picker} data-disabled={input.disabled ? 'true' : undefined}>
          <input
            ref={ref}
            type="file"
            {...input}
            {...control}
            className={styles.native}
            onChange={(event) => {
              const file = event.currentTarget.files?.[0] ?? null;
              setFileName(file?.name ?? null);
              onFileChange?.(file);
            }}
          />
          <span className={styles.button} aria-hidden="true">
            {chooseLabel}
          </span>
          <span className={styles.fileName} data-testid="file-field-name">
            {fileName ?? noFileLabel}
          </span>
        </div>
      )}
    </Field>
  );
}
