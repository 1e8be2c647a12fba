import { useRef, useState } from 'react';
import { isValidAnswer, type SaleOrRentAnswer } from '@domain/wizard-steps';
import type { StepViewProps } from '@/features/wizard-step-views';
import { useTranslation } from '@/shared/i18n';
import { ChoiceCards } from '@/shared/ui/choice-cards';
import { StepForm } from '@/shared/ui/step-form';

type Next = SaleOrRentAnswer['next'];
const CHOICES: readonly Next[] = ['sale', 'rent', 'stop'];

/** Step 37: after the estimate, continue into the sale or rent listing, or stop here. */
export default function SaleOrRentStep({ answer, answers, busy, error, onAnswer }: StepViewProps<'saleOrRent'>) {
  const { t } = useTranslation('valuation-wizard');
  const [next, setNext] = useState<Next | undefined>(answer?.next);
  const [problem, setProblem] = useState<string>();
  const fieldsRef = useRef<HTMLDivElement>(null);

  const submit = () => {
    const value = { next };
    if (!isValidAnswer('saleOrRent', value, answers)) {
      setProblem(t('steps.saleOrRent.required'));
      requestAnimationFrame(() => fieldsRef.current?.querySelector<HTMLInputElement>('input')?.focus());
      return;
    }
    onAnswer(value);
  };

  return (
    <StepForm
      title={t('steps.saleOrRent.title')}
      hint={t('steps.saleOrRent.hint')}
      onSubmit={submit}
      busy={busy}
      error={error}
    >
      <div ref={fieldsRef}>
        <ChoiceCards
          legend={t('steps.saleOrRent.legend')}
          hideLegend
          name="saleOrRent"
          options={CHOICES.map((choice) => ({
            value: choice,
            label: t(`steps.saleOrRent.${choice}`),
            description: t(`steps.saleOrRent.${choice}Hint`),
          }))}
          value={next}
          onChange={(choice) => {
            setNext(choice);
            setProblem(undefined);
          }}
          error={problem}
        />
      </div>
    </StepForm>
  );
}
