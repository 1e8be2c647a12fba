import { useTranslation } from '@/shared/i18n';
import type { StepViewProps } from '@/features/wizard-step-views';
import { ChoiceStep } from './choice-step';

type Choice = 'market' | 'alone';

/** Step 12 (sale): see the market first (comparables and an estimate), or set the price alone. */
export default function SplitStep({ answer, busy, error, onAnswer }: StepViewProps<'split'>) {
  const { t } = useTranslation('listing-wizard');
  return (
    <ChoiceStep<Choice>
      title={t('steps.split.title')}
      hint={t('steps.split.hint')}
      legend={t('steps.split.legend')}
      options={[
        { value: 'market', label: t('steps.split.market'), description: t('steps.split.marketText') },
        { value: 'alone', label: t('steps.split.alone'), description: t('steps.split.aloneText') },
      ]}
      initial={answer === undefined ? undefined : answer.priceFromMarket ? 'market' : 'alone'}
      required={t('steps.split.required')}
      busy={busy}
      error={error}
      onChoose={(choice) => onAnswer({ priceFromMarket: choice === 'market' })}
    />
  );
}
