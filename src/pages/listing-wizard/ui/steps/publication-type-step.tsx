import { REFERENCE_IDS } from '@domain/wizard-steps';
import { useTranslation } from '@/shared/i18n';
import { useReferenceLabel, type StepViewProps } from '@/features/wizard-steps';
import { ChoiceStep } from './choice-step';

/**
 * Step 25: the public category the listing is shown under, offered as the type given at step 3
 * (an attic may be shown among apartments).
 */
export default function PublicationTypeStep({ answer, answers, busy, error, onAnswer }: StepViewProps<'publicationType'>) {
  const { t } = useTranslation('listing-wizard');
  const label = useReferenceLabel();
  return (
    <ChoiceStep<number>
      title={t('steps.publicationType.title')}
      hint={t('steps.publicationType.hint')}
      legend={t('steps.publicationType.legend')}
      options={REFERENCE_IDS.propertyTypes.map((id) => ({ value: id, label: label('propertyTypes', id) }))}
      initial={answer?.publicationPropertyTypeId ?? answers.propertyType?.propertyTypeId}
      required={t('steps.publicationType.required')}
      columns={2}
      compact
      busy={busy}
      error={error}
      onChoose={(publicationPropertyTypeId) => onAnswer({ publicationPropertyTypeId })}
    />
  );
}
