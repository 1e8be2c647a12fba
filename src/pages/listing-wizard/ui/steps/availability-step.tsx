import { useRef, useState } from 'react';
import { useTranslation } from '@/shared/i18n';
import { ChoiceCards } from '@/shared/ui/choice-cards';
import { StepForm } from '@/shared/ui/step-form';
import { TextField } from '@/shared/ui/text-field';
import type { StepViewProps } from '@/features/wizard-step-views';
import { focusInvalid } from './focus-invalid';
import styles from './steps.module.css';

type When = 'now' | 'from';

/** The ISO day ('YYYY-MM-DD') of a date in the visitor's own time zone. */
export function isoDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The furthest day a landlord may announce: two years from today. */
function latestDay(today: Date): string {
  return isoDay(new Date(today.getFullYear() + 2, today.getMonth(), today.getDate()));
}

/** Step 39 (rent): the day the tenant may move in: today, or a day within two years. */
export default function AvailabilityStep({ answer, busy, error, onAnswer }: StepViewProps<'availability'>) {
  const { t } = useTranslation('listing-wizard');
  const { t: tw } = useTranslation('wizard');
  const today = isoDay(new Date());
  const saved = answer?.availableFrom;
  const [when, setWhen] = useState<When | undefined>(saved === undefined ? undefined : saved <= today ? 'now' : 'from');
  const [day, setDay] = useState(saved !== undefined && saved > today ? saved : '');
  const [problem, setProblem] = useState<{ choice?: string; day?: string }>({});
  const fields = useRef<HTMLDivElement>(null);

  const submit = () => {
    if (when === undefined) {
      setProblem({ choice: t('steps.availability.required') });
      return focusInvalid(fields.current);
    }
    if (when === 'now') return onAnswer({ availableFrom: today });
    const found = !/^\d{4}-\d{2}-\d{2}$/.test(day)
      ? t('steps.availability.dateRequired')
      : day < today
        ? t('steps.availability.past')
        : day > latestDay(new Date())
          ? t('steps.availability.tooFar')
          : undefined;
    setProblem({ day: found });
    if (found) return focusInvalid(fields.current);
    onAnswer({ availableFrom: day });
  };

  return (
    <StepForm
      title={t('steps.availability.title')}
      hint={t('steps.availability.hint')}
      onSubmit={submit}
      busy={busy}
      error={error}
    >
      <div ref={fields} className={styles.stack}>
        <ChoiceCards<When>
          legend={t('steps.availability.legend')}
          hideLegend
          columns={2}
          options={[
            { value: 'now', label: t('steps.availability.now') },
            { value: 'from', label: t('steps.availability.from') },
          ]}
          value={when}
          error={problem.choice}
          onChange={(next) => {
            setWhen(next);
            setProblem({});
          }}
        />
        {when === 'from' ? (
          <TextField
            label={t('steps.availability.label')}
            type="date"
            name="availableFrom"
            min={today}
            max={latestDay(new Date())}
            value={day}
            required
            requiredMark={tw('required')}
            error={problem.day}
            onChange={(event) => {
              setDay(event.target.value);
              setProblem({});
            }}
          />
        ) : null}
      </div>
    </StepForm>
  );
}
