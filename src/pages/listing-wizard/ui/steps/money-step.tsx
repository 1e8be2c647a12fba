import { useRef, useState, type ReactNode } from 'react';
import { NumberField } from '@/shared/ui/number-field';
import { StepForm } from '@/shared/ui/step-form';
import { useTranslation } from '@/shared/i18n';
import { focusInvalid } from './focus-invalid';

export interface MoneyStepProps {
  title: ReactNode;
  hint?: ReactNode;
  label: ReactNode;
  unit: ReactNode;
  name: string;
  initial: number | undefined;
  /** The message for a value that cannot be taken, or undefined. */
  problemOf: (value: number | null) => string | undefined;
  busy: boolean;
  error: string | null;
  /** Below the field: an estimate, a rule of thumb. */
  note?: ReactNode;
  onValue: (value: number) => void;
}

/** A step that asks one amount in euros, typed the Italian way ('250.000'). */
export function MoneyStep({
  title,
  hint,
  label,
  unit,
  name,
  initial,
  problemOf,
  busy,
  error,
  note,
  onValue,
}: MoneyStepProps) {
  const { t } = useTranslation('wizard');
  const [value, setValue] = useState<number | null>(initial ?? null);
  const [problem, setProblem] = useState<string>();
  const fields = useRef<HTMLDivElement>(null);
  const submit = () => {
    const found = problemOf(value);
    setProblem(found);
    if (found || value === null) return focusInvalid(fields.current);
    onValue(value);
  };
  return (
    <StepForm title={title} hint={hint} onSubmit={submit} busy={busy} error={error}>
      <div ref={fields}>
        <NumberField
          label={label}
          unit={unit}
          name={name}
          value={value}
          required
          requiredMark={t('required')}
          error={problem}
          help={note}
          onChange={(next) => {
            setValue(next);
            if (problem) setProblem(undefined);
          }}
        />
      </div>
    </StepForm>
  );
}
