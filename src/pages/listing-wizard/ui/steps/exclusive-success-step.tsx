import { useTranslation } from '@/shared/i18n';
import type { StepViewProps } from '@/features/wizard-step-views';
import { MessageStep } from './message-step';

/** Step 45: the exclusive request is registered with the agency; the wizard ends here. */
export default function ExclusiveSuccessStep({ busy, error, onAnswer }: StepViewProps<'exclusiveSuccess'>) {
  const { t } = useTranslation('listing-wizard');
  return (
    <MessageStep
      tone="success"
      title={t('steps.exclusiveSuccess.title')}
      text={t('steps.exclusiveSuccess.text')}
      submitLabel={t('steps.exclusiveSuccess.submit')}
      busy={busy}
      error={error}
      onContinue={() => onAnswer(null)}
    />
  );
}
