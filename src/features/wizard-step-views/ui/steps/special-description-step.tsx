import { useRef, useState } from 'react';
import { isValidAnswer } from '@domain/wizard-steps';
import { useTranslation } from '@/shared/i18n';
import { formatThousands } from '@/shared/lib/number';
import { NumberField } from '@/shared/ui/number-field';
import { StepForm } from '@/shared/ui/step-form';
import { YesNo } from '@/shared/ui/yes-no';
import type { StepViewProps } from '../../model/step-view';
import {
  DETAIL_FAMILIES,
  detailProblems,
  detailsToSave,
  familyOf,
  isShown,
  type DetailField,
  type DetailProblem,
  type Details,
} from '../../model/special-details';
import { focusFirstInvalid } from '../../lib/focus-invalid';
import styles from './steps.module.css';

const UNITS: Partial<Record<DetailField['kind'], string>> = { area: 'm²', volume: 'm³', height: 'm' };

/** Step 4: the details that only some kinds of property have (DETAIL_FAMILIES). */
export default function SpecialDescriptionStep({
  answer,
  answers,
  busy,
  error,
  onAnswer,
}: StepViewProps<'specialDescription'>) {
  const { t } = useTranslation('wizard');
  const typeId = answers.propertyType?.propertyTypeId;
  const family = familyOf(typeId ?? 0);
  const fields = DETAIL_FAMILIES[family];
  // Details given for another type do not apply (the validator refuses them too).
  const [details, setDetails] = useState<Details>(() =>
    answer && answer.propertyTypeId === typeId ? { ...answer.details } : {},
  );
  const [problems, setProblems] = useState<Record<string, DetailProblem>>({});
  const fieldsRef = useRef<HTMLDivElement>(null);
  const allOptional = fields.every((field) => !field.required);

  const set = (key: string, value: Details[string]) => {
    setDetails((current) => ({ ...current, [key]: value }));
    if (problems[key])
      setProblems((current) => Object.fromEntries(Object.entries(current).filter(([name]) => name !== key)));
  };

  const submit = () => {
    if (typeId === undefined) return;
    const found = detailProblems(family, details);
    setProblems(found);
    const value = { propertyTypeId: typeId, details: detailsToSave(family, details) };
    if (Object.keys(found).length > 0 || !isValidAnswer('specialDescription', value, answers)) {
      focusFirstInvalid(fieldsRef.current);
      return;
    }
    onAnswer(value);
  };

  const messageOf = (field: DetailField) => {
    const problem = problems[field.key];
    if (!problem) return undefined;
    return t(`steps.specialDescription.errors.${problem}`, {
      min: formatThousands(field.min ?? 0),
      max: formatThousands(field.max ?? 0),
    });
  };

  return (
    <StepForm
      title={t(`steps.specialDescription.titles.${family}`)}
      hint={allOptional ? t('steps.specialDescription.optionalHint') : undefined}
      onSubmit={submit}
      busy={busy}
      error={typeId === undefined ? t('steps.specialDescription.missingType') : error}
    >
      <div ref={fieldsRef} className={styles.fields}>
        {fields
          .filter((field) => isShown(field, details))
          .map((field) => {
            const label = t(`steps.specialDescription.fields.${field.key}.label`);
            const help = t(`steps.specialDescription.fields.${field.key}.help`, { defaultValue: '' }) || undefined;
            if (field.kind === 'yesNo') {
              const value = details[field.key];
              return (
                <YesNo
                  key={field.key}
                  name={field.key}
                  legend={label}
                  hint={help}
                  value={typeof value === 'boolean' ? value : undefined}
                  onChange={(next) => set(field.key, next)}
                  error={messageOf(field)}
                />
              );
            }
            const value = details[field.key];
            return (
              <NumberField
                key={field.key}
                name={field.key}
                label={label}
                help={help}
                unit={UNITS[field.kind]}
                decimals={field.kind === 'height'}
                value={typeof value === 'number' ? value : null}
                onChange={(next) => set(field.key, next)}
                error={messageOf(field)}
                required={field.required}
                requiredMark={t('required')}
              />
            );
          })}
      </div>
    </StepForm>
  );
}
