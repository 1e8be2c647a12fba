import { REFERENCE_IDS } from '@domain/wizard-steps';
import { useTranslation } from '@/shared/i18n';
import { useReferenceLabel, type StepViewProps } from '@/features/wizard-steps';
import { ChoiceStep } from './choice-step';

/** Step 41 (rent): furnished, partly, not, or the kitchen only. */
export default function FurnishingStep({ answer, busy, error, onAnswer }: StepViewProps<'furnishing'>) {
  const { t } = useTranslation('listing-wizard');
  const label = useReferenceLabel();
  return (
    <ChoiceStep<number>
      title={t('steps.furnishing.title')}
      hint={t('steps.furnishing.hint')}
      legend={t('steps.furnishing.legend')}
      options={REFERENCE_IDS.furnishingTypes.map((id) => ({ value: id, label: label('furnishingTypes', id) }))}
      initial={answer?.furnishingId}
      required={t('steps.furnishing.required')}
      busy={busy}
      error={error}
      onChoose={(furnishingId) => onAnswer({ furnishingId })}
    />
  );
}
