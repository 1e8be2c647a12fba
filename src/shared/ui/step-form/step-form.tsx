import { useId, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { StepHeading } from './step-heading';
import styles from './step-form.module.css';

export interface StepFormProps {
  /** The step's one question (its h1). */
  title: ReactNode;
  /** A line under the question that helps answer it. */
  hint?: ReactNode;
  /** The fields; none for a step that only shows something. */
  children?: ReactNode;
  /** Called on submit (the browser's own validation is off: the step validates). */
  onSubmit: () => void;
  /** The primary button's text; "Continua" when not given. */
  submitLabel?: ReactNode;
  /** A call is under way: the submit is disabled and shows a spinner. */
  busy?: boolean;
  /** The last failure, already translated; shown in an alert beside the submit. */
  error?: string | null;
  /** More buttons or links beside the submit (a secondary choice). */
  actions?: ReactNode;
  className?: string;
}

/** One wizard question: heading, hint, fields, an error region and the submit. */
export function StepForm({
  title,
  hint,
  children,
  onSubmit,
  submitLabel,
  busy = false,
  error = null,
  actions,
  className,
}: StepFormProps) {
  const { t } = useTranslation('common');
  const headingId = `step-heading-${useId()}`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) onSubmit();
  };
  return (
    <form
      className={className ?? styles.form}
      onSubmit={submit}
      noValidate
      aria-labelledby={headingId}
      aria-busy={busy || undefined}
    >
      <div className={styles.head}>
        <StepHeading id={headingId}>{title}</StepHeading>
        {hint ? <p className={styles.hint}>{hint}</p> : null}
      </div>
      {children ? <div className={styles.fields}>{children}</div> : null}
      <div role="alert" className={styles.error}>
        {error ? (
          <Alert tone="error" live={false}>
            {error}
          </Alert>
        ) : null}
      </div>
      <div className={styles.actions}>
        <Button type="submit" size="large" fullWidth loading={busy}>
          {busy ? t('form.saving') : (submitLabel ?? t('form.continue'))}
        </Button>
        {actions}
      </div>
    </form>
  );
}
