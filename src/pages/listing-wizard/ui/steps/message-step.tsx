import type { ReactNode } from 'react';
import { StepForm } from '@/shared/ui/step-form';
import styles from './steps.module.css';

export interface MessageStepProps {
  title: ReactNode;
  text?: ReactNode;
  submitLabel?: ReactNode;
  /** More to show under the text: a list, a link. */
  children?: ReactNode;
  tone?: 'success' | 'neutral';
  busy: boolean;
  error: string | null;
  onContinue: () => void;
}

/** A step that only shows something (nothing is asked): its button goes on. */
export function MessageStep({
  title,
  text,
  submitLabel,
  children,
  tone = 'neutral',
  busy,
  error,
  onContinue,
}: MessageStepProps) {
  return (
    <div className={tone === 'success' ? styles.success : undefined}>
      <StepForm title={title} hint={text} submitLabel={submitLabel} busy={busy} error={error} onSubmit={onContinue}>
        {children}
      </StepForm>
    </div>
  );
}
