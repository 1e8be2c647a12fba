import { useTranslation } from '@/shared/i18n';
import { Alert } from '@/shared/ui/alert';
import { saveErrorKey } from '../model/use-profile-save';

export interface SaveFeedbackProps {
  status: 'idle' | 'pending' | 'success' | 'error';
  error: unknown;
  /** The success message's key; `save.saved` by default. */
  successKey?: string;
  /** Errors the form already shows beside its fields are not repeated here. */
  hideError?: boolean;
}

/** The outcome of a save, announced to screen readers. */
export function SaveFeedback({ status, error, successKey = 'save.saved', hideError }: SaveFeedbackProps) {
  const { t } = useTranslation('profile');
  if (status === 'success') return <Alert tone="success">{t(successKey)}</Alert>;
  if (status === 'error' && !hideError) return <Alert tone="error">{t(saveErrorKey(error))}</Alert>;
  return null;
}
