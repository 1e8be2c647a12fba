import { useTranslation } from '@/shared/i18n';
import type { StepViewProps } from '@/features/wizard-steps';
import { MoneyStep } from './money-step';

export const DEPOSIT_MAX = 10_000_000;

/** Step 42 (rent): the security deposit in euros; 0 when none is asked. */
export default function DepositStep({ answer, busy, error, onAnswer }: StepViewProps<'deposit'>) {
  const { t } = useTranslation('listing-wizard');
  return (
    <MoneyStep
      title={t('steps.deposit.title')}
      hint={t('steps.deposit.hint')}
      label={t('steps.deposit.label')}
      unit={t('steps.deposit.unit')}
      name="deposit"
      initial={answer?.securityDeposit}
      busy={busy}
      error={error}
      problemOf={(value) => {
        if (value === null) return t('steps.deposit.required');
        if (value > DEPOSIT_MAX) return t('steps.deposit.tooLarge');
        return undefined;
      }}
      onValue={(securityDeposit) => onAnswer({ securityDeposit })}
    />
  );
}
