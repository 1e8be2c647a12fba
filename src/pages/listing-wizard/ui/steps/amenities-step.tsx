import { useState } from 'react';
import { REFERENCE_IDS } from '@domain/wizard-steps';
import { useTranslation } from '@/shared/i18n';
import { Checkbox } from '@/shared/ui/checkbox';
import { StepForm } from '@/shared/ui/step-form';
import { useReferenceLabel, type StepViewProps } from '@/features/wizard-steps';
import styles from './steps.module.css';

/** The amenities in the order the step lists them: the ones searched most first. */
const ORDER = [15, 17, 16, 2, 24, 7, 5, 18, 19, 20, 23, 9, 13, 10, 22, 8, 1, 12, 3, 11, 4, 14, 6, 21] as const;

/**
 * Step 23, the apartment's description: the amenities of the home and the building, as many as
 * apply (none is an answer too).
 */
export default function AmenitiesStep({ answer, busy, error, onAnswer }: StepViewProps<'amenities'>) {
  const { t } = useTranslation('listing-wizard');
  const label = useReferenceLabel();
  const [chosen, setChosen] = useState<readonly number[]>(answer?.amenityIds ?? []);
  const ids = ORDER.filter((id) => (REFERENCE_IDS.amenities as readonly number[]).includes(id));
  const toggle = (id: number, on: boolean) => setChosen((current) => (on ? [...current.filter((x) => x !== id), id] : current.filter((x) => x !== id)));
  return (
    <StepForm title={t('steps.amenities.title')} hint={t('steps.amenities.hint')} onSubmit={() => onAnswer({ amenityIds: ids.filter((id) => chosen.includes(id)) })} busy={busy} error={error}>
      <fieldset className={styles.group}>
        <legend className="visually-hidden">{t('steps.amenities.legend')}</legend>
        <div className={styles.checkGrid}>
          {ids.map((id) => (
            <Checkbox key={id} name="amenities" value={String(id)} label={label('amenities', id)} checked={chosen.includes(id)} onChange={(event) => toggle(id, event.target.checked)} className={styles.checkCard} />
          ))}
        </div>
        <p className={styles.counter} aria-live="polite">
          {t('steps.amenities.selected', { count: chosen.length })}
        </p>
      </fieldset>
    </StepForm>
  );
}
