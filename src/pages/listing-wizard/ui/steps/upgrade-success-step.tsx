import { useTranslation } from '@/shared/i18n';
import type { StepViewProps } from '@/features/wizard-step-views';
import { MessageStep } from './message-step';

/** Step 32: a service bought for a listing already published is paid and active. */
export default function UpgradeSuccessStep({ busy, error, onAnswer }: StepViewProps<'upgradeSuccess'>) {
  const { t } = useTranslation('listing-wizard');
  return (
    <MessageStep
      tone="success"
      title={t('steps.upgradeSuccess.title')}
      text={t('steps.upgradeSuccess.text')}
      submitLabel={t('steps.upgradeSuccess.submit')}
      busy={busy}
      error={error}
      onContinue={() => onAnswer(null)}
    />
  );
}
