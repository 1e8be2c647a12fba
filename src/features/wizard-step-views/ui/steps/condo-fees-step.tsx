import { useRef, useState } from 'react';
import { isValidAnswer } from '@domain/wizard-steps';
import { useTranslation } from '@/shared/i18n';
import { Checkbox } from '@/shared/ui/checkbox';
import { NumberField } from '@/shared/ui/number-field';
import { StepForm } from '@/shared/ui/step-form';
import type { StepViewProps } from '../../model/step-view';
import { focusFirstInvalid } from '../../lib/focus-invalid';
import styles from './steps.module.css';

const FEES_MAX = 100_000;

/** Step 10: the monthly condominium fees, 0 (ticked "none") allowed. */
export default function CondoFeesStep({ answer, answers, busy, error, onAnswer }: StepViewProps<'condoFees'>) {
  const { t } = useTranslation('wizard');
  const [none, setNone] = useState(answer?.condoFees === 0);
  const [fees, setFees] = useState<number | null>(answer && answer.condoFees > 0 ? answer.condoFees : null);
  const [problem, setProblem] = useState<string>();
  const fieldsRef = useRef<HTMLDivElement>(null);

  const submit = () => {
    const amount = none ? 0 : fees;
    const found =
      amount === null
        ? t('steps.condoFees.errors.required')
        : amount > FEES_MAX
          ? t('steps.condoFees.errors.tooLarge')
          : undefined;
    setProblem(found);
    const value = { condoFees: amount };
    if (found || !isValidAnswer('condoFees', value, answers)) {
      focusFirstInvalid(fieldsRef.current);
      return;
    }
    onAnswer(value as { condoFees: number });
  };

  return (
    <StepForm
      title={t('steps.condoFees.title')}
      hint={t('steps.condoFees.hint')}
      onSubmit={submit}
      busy={busy}
      error={error}
    >
      <div ref={fieldsRef} className={styles.fields}>
        {none ? null : (
          <NumberField
            label={t('steps.condoFees.label')}
            name="condoFees"
            unit="€"
            value={fees}
            onChange={(value) => {
              setFees(value);
              setProblem(undefined);
            }}
            error={problem}
          />
        )}
        <Checkbox
          name="noCondoFees"
          label={t('steps.condoFees.none')}
          checked={none}
          onChange={(e) => {
            setNone(e.target.checked);
            setProblem(undefined);
          }}
        />
      </div>
    </StepForm>
  );
}
