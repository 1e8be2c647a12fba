import { useRef, useState } from 'react';
import { CONTRACT_TYPE_IDS } from '@domain/listing/rent-terms';
import { REFERENCE_IDS } from '@domain/wizard-steps';
import { useTranslation } from '@/shared/i18n';
import { ChoiceCards } from '@/shared/ui/choice-cards';
import { StepForm } from '@/shared/ui/step-form';
import { useReferenceLabel, type StepViewProps } from '@/features/wizard-step-views';
import { focusInvalid } from './focus-invalid';
import styles from './steps.module.css';

type Pets = 'yes' | 'no' | 'unsaid';
const PETS_OF: Record<Pets, boolean | null> = { yes: true, no: false, unsaid: null };

/**
 * Step 41 (rent): furnished, partly, not, or the kitchen only; and what renters filter by beside it, the
 * lease offered and whether pets are welcome (either may stay unsaid: 0 and «unsaid»).
 */
export default function FurnishingStep({ answer, busy, error, onAnswer }: StepViewProps<'furnishing'>) {
  const { t } = useTranslation('listing-wizard');
  const label = useReferenceLabel();
  const [furnishingId, setFurnishingId] = useState<number | undefined>(answer?.furnishingId);
  const [contract, setContract] = useState<number>(answer?.contractTypeId ?? 0);
  const [pets, setPets] = useState<Pets>(
    answer?.petsAllowed === true ? 'yes' : answer?.petsAllowed === false ? 'no' : 'unsaid',
  );
  const [problem, setProblem] = useState<string>();
  const fields = useRef<HTMLDivElement>(null);
  const submit = () => {
    if (furnishingId === undefined) {
      setProblem(t('steps.furnishing.required'));
      focusInvalid(fields.current);
      return;
    }
    onAnswer({ furnishingId, contractTypeId: contract === 0 ? null : contract, petsAllowed: PETS_OF[pets] });
  };
  return (
    <StepForm
      title={t('steps.furnishing.title')}
      hint={t('steps.furnishing.hint')}
      onSubmit={submit}
      busy={busy}
      error={error}
    >
      <div ref={fields} className={styles.stack}>
        <ChoiceCards
          legend={t('steps.furnishing.legend')}
          hideLegend
          options={REFERENCE_IDS.furnishingTypes.map((id) => ({ value: id, label: label('furnishingTypes', id) }))}
          value={furnishingId}
          error={problem}
          onChange={(next) => {
            setFurnishingId(next);
            setProblem(undefined);
          }}
        />
        <ChoiceCards
          legend={t('steps.furnishing.contractLegend')}
          options={[
            ...CONTRACT_TYPE_IDS.map((id) => ({ value: id as number, label: t(`steps.furnishing.contracts.${id}`) })),
            { value: 0, label: t('steps.furnishing.contractUnsaid') },
          ]}
          value={contract}
          columns={2}
          onChange={setContract}
        />
        <ChoiceCards
          legend={t('steps.furnishing.petsLegend')}
          options={(['yes', 'no', 'unsaid'] as const).map((value) => ({
            value,
            label: t(`steps.furnishing.pets.${value}`),
          }))}
          value={pets}
          columns={3}
          compact
          onChange={setPets}
        />
      </div>
    </StepForm>
  );
}
