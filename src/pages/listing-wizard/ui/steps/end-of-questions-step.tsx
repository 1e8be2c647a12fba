import { useTranslation } from '@/shared/i18n';
import type { StepViewProps } from '@/features/wizard-step-views';
import { MessageStep } from './message-step';

/** Step 26: every question is answered; the summary comes next. */
export default function EndOfQuestionsStep({ busy, error, onAnswer }: StepViewProps<'endOfQuestions'>) {
  const { t } = useTranslation('listing-wizard');
  return (
    <MessageStep
      title={t('steps.endOfQuestions.title')}
      text={t('steps.endOfQuestions.text')}
      submitLabel={t('steps.endOfQuestions.submit')}
      busy={busy}
      error={error}
      onContinue={() => onAnswer(null)}
    />
  );
}
