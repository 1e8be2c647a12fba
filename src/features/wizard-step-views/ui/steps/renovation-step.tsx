import { useRef, useState } from 'react';
import { isValidAnswer, REFERENCE_IDS, type Renovation } from '@domain/wizard-steps';
import { useTranslation } from '@/shared/i18n';
import { ChoiceCards } from '@/shared/ui/choice-cards';
import { NumberField } from '@/shared/ui/number-field';
import { StepForm } from '@/shared/ui/step-form';
import type { StepViewProps } from '../../model/step-view';
import { focusFirstInvalid } from '../../lib/focus-invalid';
import styles from './steps.module.css';

const FIRST_YEAR = 1000;
/** A building may be sold before it is finished: a few years ahead are accepted. */
const lastYear = () => new Date().getFullYear() + 5;

type Field = 'condition' | 'buildYear' | 'renovationYear';

/** Step 8: the condition, the year it was built and last renovated. */
export default function RenovationStep({ answer, answers, busy, error, onAnswer }: StepViewProps<'renovation'>) {
  const { t } = useTranslation('wizard');
  const [conditionId, setConditionId] = useState<number | undefined>(answer?.conditionId);
  const [buildYear, setBuildYear] = useState<number | null>(answer?.buildYear ?? null);
  const [renovationYear, setRenovationYear] = useState<number | null>(answer?.renovationYear ?? null);
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const fieldsRef = useRef<HTMLDivElement>(null);
  const clear = (field: Field) => setProblems((current) => ({ ...current, [field]: undefined }));

  const submit = () => {
    const max = lastYear();
    const yearProblem = (year: number | null) =>
      year !== null && (year < FIRST_YEAR || year > max) ? t('steps.renovation.errors.year', { max }) : undefined;
    const found: Partial<Record<Field, string>> = {
      condition: conditionId === undefined ? t('steps.renovation.errors.condition') : undefined,
      buildYear: yearProblem(buildYear),
      renovationYear:
        yearProblem(renovationYear) ??
        (buildYear !== null && renovationYear !== null && renovationYear < buildYear
          ? t('steps.renovation.errors.renovationBeforeBuild', { year: buildYear })
          : undefined),
    };
    setProblems(found);
    const value = { conditionId, buildYear, renovationYear } as Renovation;
    if (Object.values(found).some(Boolean) || !isValidAnswer('renovation', value, answers)) {
      focusFirstInvalid(fieldsRef.current);
      return;
    }
    onAnswer(value);
  };

  return (
    <StepForm
      title={t('steps.renovation.title')}
      hint={t('steps.renovation.hint')}
      onSubmit={submit}
      busy={busy}
      error={error}
    >
      <div ref={fieldsRef} className={styles.fields}>
        <ChoiceCards
          legend={t('steps.renovation.condition')}
          hideLegend
          name="condition"
          options={REFERENCE_IDS.propertyConditions.map((id) => ({
            value: id,
            label: t(`propertyConditions.${id}`),
            description: t(`steps.renovation.conditionHints.${id}`),
          }))}
          value={conditionId}
          onChange={(id) => {
            setConditionId(id);
            clear('condition');
          }}
          error={problems.condition}
        />
        <NumberField
          label={t('steps.renovation.buildYear')}
          name="buildYear"
          help={t('steps.renovation.yearHelp')}
          value={buildYear}
          onChange={(value) => {
            setBuildYear(value);
            clear('buildYear');
          }}
          error={problems.buildYear}
          plain
        />
        <NumberField
          label={t('steps.renovation.renovationYear')}
          name="renovationYear"
          help={t('steps.renovation.yearHelp')}
          value={renovationYear}
          onChange={(value) => {
            setRenovationYear(value);
            clear('renovationYear');
          }}
          error={problems.renovationYear}
          plain
        />
      </div>
    </StepForm>
  );
}
