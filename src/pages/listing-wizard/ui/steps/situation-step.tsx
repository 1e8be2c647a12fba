import { REFERENCE_IDS } from '@domain/wizard-steps';
import { useTranslation } from '@/shared/i18n';
import { useReferenceLabel, type StepViewProps } from '@/features/wizard-step-views';
import { ChoiceStep } from './choice-step';

/** Step 24: free, lived in by the owner, or let. */
export default function SituationStep({ answer, busy, error, onAnswer }: StepViewProps<'situation'>) {
  const { t } = useTranslation('listing-wizard');
  const label = useReferenceLabel();
  return (
    <ChoiceStep<number>
      title={t('steps.situation.title')}
      hint={t('steps.situation.hint')}
      legend={t('steps.situation.legend')}
      options={REFERENCE_IDS.occupancySituations.map((id) => ({ value: id, label: label('occupancySituations', id) }))}
      initial={answer?.occupancyId}
      required={t('steps.situation.required')}
      busy={busy}
      error={error}
      onChoose={(occupancyId) => onAnswer({ occupancyId })}
    />
  );
}
