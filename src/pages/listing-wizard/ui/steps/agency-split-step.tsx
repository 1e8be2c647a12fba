import { useTranslation } from '@/shared/i18n';
import type { StepViewProps } from '@/features/wizard-step-views';
import { ChoiceStep } from './choice-step';

type Choice = 'chooseAgency' | 'letRexerChoose';

/** Step 43 (exclusive): the seller picks the agency, or lets Rexer propose one (44 shows it). */
export default function AgencySplitStep({ answer, busy, error, onAnswer }: StepViewProps<'agencySplit'>) {
  const { t } = useTranslation('listing-wizard');
  return (
    <ChoiceStep<Choice>
      title={t('steps.agencySplit.title')}
      hint={t('steps.agencySplit.hint')}
      legend={t('steps.agencySplit.legend')}
      options={[
        { value: 'chooseAgency', label: t('steps.agencySplit.choose'), description: t('steps.agencySplit.chooseText') },
        { value: 'letRexerChoose', label: t('steps.agencySplit.rexer'), description: t('steps.agencySplit.rexerText') },
      ]}
      initial={answer?.choice}
      required={t('steps.agencySplit.required')}
      busy={busy}
      error={error}
      onChoose={(choice) => onAnswer({ choice })}
    />
  );
}
