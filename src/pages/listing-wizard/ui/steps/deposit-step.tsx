import { depositAboveLimit, maxSecurityDeposit } from '@domain/wizard-steps';
import { formatThousands } from '@/shared/lib/number';
import { useTranslation } from '@/shared/i18n';
import type { StepViewProps } from '@/features/wizard-step-views';
import { MoneyStep } from './money-step';

export const DEPOSIT_MAX = 10_000_000;

/**
 * Step 42 (rent): the security deposit in euros; 0 when none is asked. At most three months of the rent
 * (the law's limit for a home): refused with the figures when the rent is known (an edit; the first time
 * through, the rent comes next and its step says it).
 */
export default function DepositStep({ answer, answers, busy, error, onAnswer }: StepViewProps<'deposit'>) {
  const { t } = useTranslation('listing-wizard');
  const rent = answers.price?.price;
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
        if (rent !== undefined && depositAboveLimit(value, rent))
          return t('steps.deposit.aboveThreeMonths', {
            rent: formatThousands(rent),
            max: formatThousands(maxSecurityDeposit(rent)),
          });
        return undefined;
      }}
      onValue={(securityDeposit) => onAnswer({ securityDeposit })}
    />
  );
}
