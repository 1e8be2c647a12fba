import { useQuery } from '@tanstack/react-query';
import { isValidAnswer, type Flow, type WizardAnswers } from '@domain/wizard-steps';
import { useRef, useState } from 'react';
import { useTranslation } from '@/shared/i18n';
import { ChoiceCards } from '@/shared/ui/choice-cards';
import { StepForm } from '@/shared/ui/step-form';
import { municipalityQueryOptions } from '../api/municipalities';
import {
  draftOf,
  locationProblems,
  toPickedLocation,
  type LocalityAnswer,
  type LocationDraft,
} from '../model/location';
import { focusFirstInvalid, LocationPicker } from './location-picker';
import styles from './locality-step.module.css';

/**
 * The props of a step view (`StepViewProps<'locality'>` of src/features/wizard-step-views), written
 * out: a feature does not import another feature. locality-step.test.tsx checks that this
 * view is a `StepView<'locality'>`.
 */
export interface LocalityStepProps {
  step: 'locality';
  flow: Flow;
  answer: LocalityAnswer | undefined;
  answers: WizardAnswers;
  listingId: number | null;
  busy: boolean;
  error: string | null;
  onAnswer: (answer: LocalityAnswer) => void;
}

/** Step 2 of the listing wizard: where the home is, and whether the listing shows the address. */
export default function LocalityStep({ answer, answers, busy, error, onAnswer }: LocalityStepProps) {
  const { t } = useTranslation('pick-location');
  const formRef = useRef<HTMLDivElement>(null);
  // A saved answer names its town by ISTAT code only: its name and centre are looked up.
  const town = useQuery({ ...municipalityQueryOptions(answer?.municipalityIstat ?? ''), enabled: Boolean(answer) });
  const [draft, setDraft] = useState<LocationDraft>(() =>
    answer ? draftOf({ ...answer, municipalityName: '' }, null) : draftOf(null, null),
  );
  const [showAddress, setShowAddress] = useState(answer?.showAddress ?? true);
  const [submitted, setSubmitted] = useState(false);
  if (town.data && draft.municipality?.istat === town.data.istat && draft.municipality.name === '') {
    setDraft({ ...draft, municipality: town.data });
  }
  // Not found (or no answer from the server): the seller picks the town again.
  if (town.isError && draft.municipality?.name === '') setDraft({ ...draft, municipality: null });
  const resolving = Boolean(answer) && draft.municipality?.name === '';

  const submit = () => {
    setSubmitted(true);
    const picked = toPickedLocation(draft);
    if (!picked) {
      // After React has drawn the messages.
      requestAnimationFrame(() => focusFirstInvalid(formRef.current));
      return;
    }
    if (resolving) return;
    const { municipalityName: _name, ...locality } = picked;
    const answer: LocalityAnswer = { ...locality, showAddress };
    // The picker's rules are the step's; this holds them to the domain's, which the server applies.
    if (isValidAnswer('locality', answer, answers)) onAnswer(answer);
  };

  const invalid = submitted && locationProblems(draft).length > 0;

  return (
    <div ref={formRef}>
      <StepForm
        title={t('step.title')}
        hint={t('step.hint')}
        onSubmit={submit}
        busy={busy}
        error={error ?? (invalid ? t('step.fixErrors') : null)}
      >
        {resolving ? (
          <p className={styles.loading} role="status">
            {t('step.loadingTown')}
          </p>
        ) : (
          <LocationPicker value={draft} onChange={setDraft} showErrors={submitted} />
        )}
        <ChoiceCards
          legend={t('step.showAddress.legend')}
          options={[
            { value: 'full', label: t('step.showAddress.full'), description: t('step.showAddress.fullHelp') },
            { value: 'area', label: t('step.showAddress.area'), description: t('step.showAddress.areaHelp') },
          ]}
          value={showAddress ? 'full' : 'area'}
          onChange={(value) => setShowAddress(value === 'full')}
          columns={2}
        />
      </StepForm>
    </div>
  );
}
