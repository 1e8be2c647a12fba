import { useRef, useState, type ReactNode } from 'react';
import { ChoiceCards, type ChoiceOption } from '@/shared/ui/choice-cards';
import { StepForm } from '@/shared/ui/step-form';
import { focusInvalid } from './focus-invalid';

export interface ChoiceStepProps<T extends string | number> {
  title: ReactNode;
  hint?: ReactNode;
  legend: ReactNode;
  options: readonly ChoiceOption<T>[];
  initial: T | undefined;
  /** The message when nothing is chosen. */
  required: string;
  busy: boolean;
  error: string | null;
  columns?: 1 | 2 | 3;
  compact?: boolean;
  onChoose: (value: T) => void;
}

/** A step that is one choice among a few cards: nothing chosen is refused with a message on the group. */
export function ChoiceStep<T extends string | number>({
  title,
  hint,
  legend,
  options,
  initial,
  required,
  busy,
  error,
  columns,
  compact,
  onChoose,
}: ChoiceStepProps<T>) {
  const [value, setValue] = useState<T | undefined>(initial);
  const [problem, setProblem] = useState<string>();
  const fields = useRef<HTMLDivElement>(null);
  const submit = () => {
    if (value === undefined) {
      setProblem(required);
      focusInvalid(fields.current);
      return;
    }
    onChoose(value);
  };
  return (
    <StepForm title={title} hint={hint} onSubmit={submit} busy={busy} error={error}>
      <div ref={fields}>
        <ChoiceCards
          legend={legend}
          hideLegend
          options={options}
          value={value}
          columns={columns}
          compact={compact}
          error={problem}
          onChange={(next) => {
            setValue(next);
            setProblem(undefined);
          }}
        />
      </div>
    </StepForm>
  );
}
