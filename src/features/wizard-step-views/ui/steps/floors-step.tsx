import { useRef, useState } from 'react';
import { isValidAnswer, type Floors } from '@domain/wizard-steps';
import { useTranslation } from '@/shared/i18n';
import { NumberField } from '@/shared/ui/number-field';
import { Select } from '@/shared/ui/select';
import { StepForm } from '@/shared/ui/step-form';
import { YesNo } from '@/shared/ui/yes-no';
import type { StepViewProps } from '../../model/step-view';
import { familyOf } from '../../model/special-details';
import { focusFirstInvalid } from '../../lib/focus-invalid';
import styles from './steps.module.css';

const LOWEST_FLOOR = -5;
const HIGHEST_FLOOR = 200;
/** The floors offered in the list; a higher one is rare enough to be the last choices. */
const LISTED_FLOORS = 60;

type Field = 'floor' | 'buildingFloors' | 'lift';

/** Step 7: the floor, the floors of the building, the lift. */
export default function FloorsStep({ answer, answers, busy, error, onAnswer }: StepViewProps<'floors'>) {
  const { t } = useTranslation('wizard');
  const house = familyOf(answers.propertyType?.propertyTypeId ?? 0) === 'house';
  const [floor, setFloor] = useState<number | null>(answer?.floor ?? (house ? 0 : null));
  const [buildingFloors, setBuildingFloors] = useState<number | null>(answer?.buildingFloors ?? null);
  const [hasLift, setHasLift] = useState<boolean | undefined>(answer?.hasLift);
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const fieldsRef = useRef<HTMLDivElement>(null);

  const floorLabel = (n: number) =>
    n === 0
      ? t('steps.floors.ground')
      : n === -1
        ? t('steps.floors.basement')
        : n < 0
          ? t('steps.floors.basementN', { n: -n })
          : t('steps.floors.nth', { n });
  const floorOptions = Array.from({ length: LISTED_FLOORS - LOWEST_FLOOR + 1 }, (_, i) => LOWEST_FLOOR + i)
    .sort((a, b) => (a < 0 && b < 0 ? b - a : a - b))
    .map((n) => ({ value: String(n), label: floorLabel(n) }));

  const clear = (field: Field) => setProblems((current) => ({ ...current, [field]: undefined }));

  const submit = () => {
    const found: Partial<Record<Field, string>> = {};
    if (floor === null) found.floor = t('steps.floors.errors.floor');
    if (buildingFloors === null || buildingFloors < 1 || buildingFloors > HIGHEST_FLOOR)
      found.buildingFloors = t('steps.floors.errors.buildingFloors');
    else if (floor !== null && floor > buildingFloors)
      found.floor = t('steps.floors.errors.floorAbove', { floors: buildingFloors });
    if (hasLift === undefined) found.lift = t('steps.floors.errors.lift');
    setProblems(found);
    const value = { floor, buildingFloors, hasLift } as Floors;
    if (Object.keys(found).length > 0 || !isValidAnswer('floors', value, answers)) {
      focusFirstInvalid(fieldsRef.current);
      return;
    }
    onAnswer(value);
  };

  return (
    <StepForm
      title={t(house ? 'steps.floors.titleHouse' : 'steps.floors.title')}
      hint={t('steps.floors.hint')}
      onSubmit={submit}
      busy={busy}
      error={error}
    >
      <div ref={fieldsRef} className={styles.fields}>
        <Select
          label={t('steps.floors.floor')}
          name="floor"
          placeholder={t('steps.floors.choose')}
          options={floorOptions}
          value={floor === null ? '' : String(floor)}
          onChange={(e) => {
            setFloor(e.target.value === '' ? null : Number(e.target.value));
            clear('floor');
          }}
          error={problems.floor}
          required
          requiredMark={t('required')}
        />
        <NumberField
          label={t('steps.floors.buildingFloors')}
          name="buildingFloors"
          help={t('steps.floors.buildingFloorsHelp')}
          value={buildingFloors}
          onChange={(value) => {
            setBuildingFloors(value);
            clear('buildingFloors');
          }}
          error={problems.buildingFloors}
          required
          requiredMark={t('required')}
        />
        <YesNo
          legend={t('steps.floors.lift')}
          name="hasLift"
          value={hasLift}
          onChange={(value) => {
            setHasLift(value);
            clear('lift');
          }}
          error={problems.lift}
        />
      </div>
    </StepForm>
  );
}
