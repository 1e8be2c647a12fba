import { useRef, useState } from 'react';
import { isValidAnswer, REFERENCE_IDS } from '@domain/wizard-steps';
import { useTranslation } from '@/shared/i18n';
import { ChoiceCards } from '@/shared/ui/choice-cards';
import { StepForm } from '@/shared/ui/step-form';
import type { StepViewProps } from '../../model/step-view';
import { focusFirstInvalid } from '../../lib/focus-invalid';

/** Step 36: the heating. */
export default function HeatingStep({ answer, answers, busy, error, onAnswer }: StepViewProps<'heating'>) {
  const { t } = useTranslation('wizard');
  const [heatingTypeId, setHeatingTypeId] = useState<number | undefined>(answer?.heatingTypeId);
  const [problem, setProblem] = useState<string>();
  const fieldsRef = useRef<HTMLDivElement>(null);

  const submit = () => {
    const value = { heatingTypeId };
    if (!isValidAnswer('heating', value, answers)) {
      setProblem(t('steps.heating.errors.required'));
      focusFirstInvalid(fieldsRef.current);
      return;
    }
    onAnswer(value);
  };

  return (
    <StepForm
      title={t('steps.heating.title')}
      hint={t('steps.heating.hint')}
      onSubmit={submit}
      busy={busy}
      error={error}
    >
      <div ref={fieldsRef}>
        <ChoiceCards
          legend={t('steps.heating.legend')}
          hideLegend
          name="heating"
          columns={2}
          options={REFERENCE_IDS.heatingTypes.map((id) => ({ value: id, label: t(`heatingTypes.${id}`) }))}
          value={heatingTypeId}
          onChange={(id) => {
            setHeatingTypeId(id);
            setProblem(undefined);
          }}
          error={problem}
        />
      </div>
    </StepForm>
  );
}
