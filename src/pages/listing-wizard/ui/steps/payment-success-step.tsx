import { useTranslation } from '@/shared/i18n';
import type { StepViewProps } from '@/features/wizard-step-views';
import { MessageStep } from './message-step';

/** Step 33: the payment of the value ladder's choice succeeded; the publication follows. */
export default function PaymentSuccessStep({ busy, error, onAnswer }: StepViewProps<'paymentSuccess'>) {
  const { t } = useTranslation('listing-wizard');
  return (
    <MessageStep
      tone="success"
      title={t('steps.paymentSuccess.title')}
      text={t('steps.paymentSuccess.text')}
      submitLabel={t('steps.paymentSuccess.submit')}
      busy={busy}
      error={error}
      onContinue={() => onAnswer(null)}
    />
  );
}
