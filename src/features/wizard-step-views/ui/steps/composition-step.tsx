import { useId, useRef, useState } from 'react';
import { isValidAnswer, REFERENCE_IDS, type Composition } from '@domain/wizard-steps';
import { useTranslation } from '@/shared/i18n';
import { StepForm } from '@/shared/ui/step-form';
import { Stepper } from '@/shared/ui/stepper';
import type { StepViewProps } from '../../model/step-view';
import { familyOf } from '../../model/special-details';
import { focusFirstInvalid } from '../../lib/focus-invalid';
import styles from './steps.module.css';

/** Room types shown first for a home and for business premises; the others behind "Mostra altri ambienti". */
const HOME_ROOMS = [1, 7, 8, 3, 13, 14, 16, 19, 29, 30, 5, 6] as const;
const BUSINESS_ROOMS = [52, 53, 54, 55, 56, 57, 58, 1, 19] as const;
/** Bathrooms have their own counter. */
const BATHROOM = 2;
const HOME_FAMILIES = new Set(['flat', 'house', 'rooms', 'other']);

type Field = 'rooms' | 'bathrooms';

/** Step 6: rooms (locali) as advertised, bathrooms, and which rooms there are. */
export default function CompositionStep({ answer, answers, busy, error, onAnswer }: StepViewProps<'composition'>) {
  const { t } = useTranslation('wizard');
  const family = familyOf(answers.propertyType?.propertyTypeId ?? 0);
  const isHome = HOME_FAMILIES.has(family);
  const first: readonly number[] =
    family === 'commercial' || family === 'office' || family === 'warehouse' ? BUSINESS_ROOMS : HOME_ROOMS;
  const others = REFERENCE_IDS.roomTypes.filter((id) => id !== BATHROOM && !first.includes(id));

  const [rooms, setRooms] = useState(answer?.rooms ?? 0);
  const [bathrooms, setBathrooms] = useState(answer?.bathrooms ?? 0);
  const [counts, setCounts] = useState<Record<number, number>>(() =>
    Object.fromEntries((answer?.roomCounts ?? []).map((r) => [r.roomTypeId, r.count])),
  );
  // A saved answer with a room type of the longer list opens it.
  const [showAll, setShowAll] = useState(() => (answer?.roomCounts ?? []).some((r) => others.includes(r.roomTypeId)));
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const fieldsRef = useRef<HTMLDivElement>(null);
  const breakdownId = useId();

  const submit = () => {
    const found: Partial<Record<Field, string>> = {};
    if (isHome && rooms < 1) found.rooms = t('steps.composition.errors.rooms');
    if (isHome && family !== 'rooms' && bathrooms < 1) found.bathrooms = t('steps.composition.errors.bathrooms');
    setProblems(found);
    const value: Composition = {
      rooms,
      bathrooms,
      roomCounts: Object.entries(counts)
        .filter(([, count]) => count > 0)
        .map(([id, count]) => ({ roomTypeId: Number(id), count })),
    };
    if (Object.keys(found).length > 0 || !isValidAnswer('composition', value, answers)) {
      focusFirstInvalid(fieldsRef.current);
      return;
    }
    onAnswer(value);
  };

  const stepperOf = (id: number) => (
    <li key={id}>
      <Stepper
        label={t(`roomTypes.${id}`)}
        value={counts[id] ?? 0}
        max={99}
        onChange={(count) => setCounts((current) => ({ ...current, [id]: count }))}
      />
    </li>
  );

  return (
    <StepForm
      title={t('steps.composition.title')}
      hint={t('steps.composition.hint')}
      onSubmit={submit}
      busy={busy}
      error={error}
    >
      <div ref={fieldsRef} className={styles.fields}>
        <ul className={styles.steppers}>
          <li>
            <Stepper
              label={t('steps.composition.rooms')}
              value={rooms}
              max={99}
              onChange={(value) => {
                setRooms(value);
                setProblems((current) => ({ ...current, rooms: undefined }));
              }}
              error={problems.rooms}
            />
          </li>
          <li>
            <Stepper
              label={t('steps.composition.bathrooms')}
              value={bathrooms}
              max={99}
              onChange={(value) => {
                setBathrooms(value);
                setProblems((current) => ({ ...current, bathrooms: undefined }));
              }}
              error={problems.bathrooms}
            />
          </li>
        </ul>
        <fieldset className={styles.group} aria-describedby={`${breakdownId}-hint`}>
          <legend className={styles.legend}>{t('steps.composition.breakdown')}</legend>
          <p id={`${breakdownId}-hint`} className={styles.muted}>
            {t('steps.composition.breakdownHint')}
          </p>
          <ul className={styles.steppers}>{first.map(stepperOf)}</ul>
          {showAll ? (
            <ul className={styles.steppers} id={`${breakdownId}-more`}>
              {others.map(stepperOf)}
            </ul>
          ) : null}
          <button
            type="button"
            className={styles.disclosure}
            aria-expanded={showAll}
            aria-controls={showAll ? `${breakdownId}-more` : undefined}
            onClick={() => setShowAll((open) => !open)}
          >
            {t(showAll ? 'steps.composition.less' : 'steps.composition.more')}
          </button>
        </fieldset>
      </div>
    </StepForm>
  );
}
