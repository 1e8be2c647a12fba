import { useState } from 'react';
import { AMENITY_GROUPS } from '@domain/listing/amenities';
import { useTranslation } from '@/shared/i18n';
import { Checkbox } from '@/shared/ui/checkbox';
import { StepForm } from '@/shared/ui/step-form';
import { useReferenceLabel, type StepViewProps } from '@/features/wizard-step-views';
import styles from './steps.module.css';

/** Every amenity once, in the groups' order (the same list the search's filters group). */
const ORDER: readonly number[] = AMENITY_GROUPS.flatMap((group) => group.ids);

/**
 * Step 23, the apartment's description: the amenities of the home and the building, as many as
 * apply (none is an answer too), grouped under headings (outdoor spaces, parking, building, systems, inside).
 */
export default function AmenitiesStep({ answer, busy, error, onAnswer }: StepViewProps<'amenities'>) {
  const { t } = useTranslation('listing-wizard');
  const label = useReferenceLabel();
  const [chosen, setChosen] = useState<readonly number[]>(answer?.amenityIds ?? []);
  const toggle = (id: number, on: boolean) =>
    setChosen((current) => (on ? [...current.filter((x) => x !== id), id] : current.filter((x) => x !== id)));
  return (
    <StepForm
      title={t('steps.amenities.title')}
      hint={t('steps.amenities.hint')}
      onSubmit={() => onAnswer({ amenityIds: ORDER.filter((id) => chosen.includes(id)) })}
      busy={busy}
      error={error}
    >
      <fieldset className={styles.group}>
        <legend className="visually-hidden">{t('steps.amenities.legend')}</legend>
        {AMENITY_GROUPS.map((group) => (
          <fieldset key={group.key} className={styles.amenityGroup}>
            <legend className={styles.amenityGroupTitle}>{t(`steps.amenities.groups.${group.key}`)}</legend>
            <div className={styles.checkGrid}>
              {group.ids.map((id) => (
                <Checkbox
                  key={id}
                  name="amenities"
                  value={String(id)}
                  label={label('amenities', id)}
                  checked={chosen.includes(id)}
                  onChange={(event) => toggle(id, event.target.checked)}
                  className={styles.checkCard}
                />
              ))}
            </div>
          </fieldset>
        ))}
        <p className={styles.counter} aria-live="polite">
          {t('steps.amenities.selected', { count: chosen.length })}
        </p>
      </fieldset>
    </StepForm>
  );
}
