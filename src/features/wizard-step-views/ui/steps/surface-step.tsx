import { useRef, useState } from 'react';
import { isValidAnswer } from '@domain/wizard-steps';
import { useTranslation } from '@/shared/i18n';
import { NumberField } from '@/shared/ui/number-field';
import { StepForm } from '@/shared/ui/step-form';
import type { StepViewProps } from '../../model/step-view';
import { focusFirstInvalid } from '../../lib/focus-invalid';

export const SURFACE_MAX = 100_000;

/** Step 5: the commercial surface in square metres. */
export default function SurfaceStep({ answer, answers, busy, error, onAnswer }: StepViewProps<'surface'>) {
  const { t } = useTranslation('wizard');
  const [surface, setSurface] = useState<number | null>(answer?.surfaceM2 ?? null);
  const [fieldError, setFieldError] = useState<string>();
  const fieldsRef = useRef<HTMLDivElement>(null);

  const problem = (value: number | null): string | undefined => {
    if (value === null) return t('steps.surface.required');
    if (value < 1) return t('steps.surface.tooSmall');
    if (value > SURFACE_MAX) return t('steps.surface.tooLarge', { max: '100.000' });
    return undefined;
  };

  const submit = () => {
    const value = { surfaceM2: surface };
    const message =
      problem(surface) ?? (isValidAnswer('surface', value, answers) ? undefined : t('steps.surface.required'));
    setFieldError(message);
    if (message) {
      focusFirstInvalid(fieldsRef.current);
      return;
    }
    onAnswer(value as { surfaceM2: number });
  };

  return (
    <StepForm
      title={t('steps.surface.title')}
      hint={t('steps.surface.hint')}
      onSubmit={submit}
      busy={busy}
      error={error}
    >
      <div ref={fieldsRef}>
        <NumberField
          label={t('steps.surface.label')}
          unit="m²"
          name="surface"
          value={surface}
          onChange={(value) => {
            setSurface(value);
            if (fieldError) setFieldError(undefined);
          }}
          error={fieldError}
          required
          requiredMark={t('required')}
        />
      </div>
    </StepForm>
  );
}
