import { useRef, useState } from 'react';
import { isValidAnswer } from '@domain/wizard-steps';
import { useTranslation } from '@/shared/i18n';
import { ChoiceCards } from '@/shared/ui/choice-cards';
import { StepForm } from '@/shared/ui/step-form';
import type { StepViewProps } from '../../model/step-view';
import { focusFirstInvalid } from '../../lib/focus-invalid';

/** Homes first, in the order sellers ask for them; the rest after. */
export const PROPERTY_TYPE_ORDER = [1, 2, 3, 6, 5, 9, 18, 15, 8, 12, 4, 13, 10, 16, 17, 7, 14, 11] as const;

/** Step 3: what kind of property it is. */
export default function PropertyTypeStep({ answer, answers, busy, error, onAnswer }: StepViewProps<'propertyType'>) {
  const { t } = useTranslation('wizard');
  const [typeId, setTypeId] = useState<number | undefined>(answer?.propertyTypeId);
  const [fieldError, setFieldError] = useState<string>();
  const formRef = useRef<HTMLDivElement>(null);

  const submit = () => {
    const value = { propertyTypeId: typeId };
    if (!isValidAnswer('propertyType', value, answers)) {
      setFieldError(t('steps.propertyType.required'));
      focusFirstInvalid(formRef.current);
      return;
    }
    onAnswer(value);
  };

  return (
    <StepForm
      title={t('steps.propertyType.title')}
      hint={t('steps.propertyType.hint')}
      onSubmit={submit}
      busy={busy}
      error={error}
    >
      <div ref={formRef}>
        <ChoiceCards
          legend={t('steps.propertyType.legend')}
          hideLegend
          name="propertyType"
          columns={3}
          compact
          options={PROPERTY_TYPE_ORDER.map((id) => ({ value: id, label: t(`propertyTypes.${id}`) }))}
          value={typeId}
          onChange={(id) => {
            setTypeId(id);
            setFieldError(undefined);
          }}
          error={fieldError}
        />
      </div>
    </StepForm>
  );
}
