import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '@/shared/i18n';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { municipalityQueryOptions } from '../api/municipalities';
import { draftOf, locationProblems, toPickedLocation, type LocalityAnswer, type LocationDraft } from '../model/location';
import { focusFirstInvalid, LocationPicker } from './location-picker';
import styles from './locality-step.module.css';

/**
 * The props of a step view (`StepViewProps<'locality'>` of src/features/wizard-steps), written
 * out: a feature does not import another feature. locality-step.test.tsx checks that this
 * view is a `StepView<'locality'>`.
 */
export interface LocalityStepProps {
  step: 'locality';
  flow: string;
  answer: LocalityAnswer | undefined;
  answers: object;
  listingId: number | null;
  busy: boolean;
  error: string | null;
  onAnswer: (answer: LocalityAnswer) => void;
}

/** Step 2 of the listing wizard: where the home is, and whether the listing shows the address. */
export default function LocalityStep({ answer, busy, error, onAnswer }: LocalityStepProps) {
  const { t } = useTranslation('pick-location');
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  // A saved answer names its town by ISTAT code only: its name and centre are looked up.
  const town = useQuery({ ...municipalityQueryOptions(answer?.municipalityIstat ?? ''), enabled: Boolean(answer) });
  const [draft, setDraft] = useState<LocationDraft>(() => (answer ? draftOf({ ...answer, municipalityName: '' }, null) : draftOf(null, null)));
  const [showAddress, setShowAddress] = useState(answer?.showAddress ?? true);
  const [submitted, setSubmitted] = useState(false);
  if (town.data && draft.municipality?.istat === town.data.istat && draft.municipality.name === '') {
    setDraft({ ...draft, municipality: town.data });
  }
  // Not found (or no answer from the server): the seller picks the town again.
  if (town.isError && draft.municipality?.name === '') setDraft({ ...draft, municipality: null });
  const resolving = Boolean(answer) && draft.municipality?.name === '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const picked = toPickedLocation(draft);
    if (!picked) {
      // After React has drawn the messages.
      requestAnimationFrame(() => focusFirstInvalid(formRef.current));
      return;
    }
    const { municipalityName: _name, ...locality } = picked;
    onAnswer({ ...locality, showAddress });
  };

  const invalid = submitted && locationProblems(draft).length > 0;

  return (
    <form ref={formRef} className={styles.step} onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`} className={styles.title} tabIndex={-1}>
        {t('step.title')}
      </h1>
      <p className={styles.hint}>{t('step.hint')}</p>
      {resolving ? (
        <p className={styles.hint} role="status">
          {t('step.loadingTown')}
        </p>
      ) : (
        <LocationPicker value={draft} onChange={setDraft} showErrors={submitted} />
      )}
      <fieldset className={styles.choice}>
        <legend className={styles.legend}>{t('step.showAddress.legend')}</legend>
        {[
          { value: true, label: t('step.showAddress.full'), help: t('step.showAddress.fullHelp') },
          { value: false, label: t('step.showAddress.area'), help: t('step.showAddress.areaHelp') },
        ].map((option) => (
          <label key={String(option.value)} className={styles.option}>
            <input type="radio" name={`${id}-show-address`} checked={showAddress === option.value} onChange={() => setShowAddress(option.value)} className={styles.radio} />
            <span className={styles.optionText}>
              <span className={styles.optionLabel}>{option.label}</span>
              <span className={styles.optionHelp}>{option.help}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {invalid ? <p className={styles.summary}>{t('step.fixErrors')}</p> : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
      <Button type="submit" size="large" fullWidth loading={busy} disabled={resolving}>
        {t('step.submit')}
      </Button>
    </form>
  );
}
