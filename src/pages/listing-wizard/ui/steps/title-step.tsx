import { useRef, useState } from 'react';
import { useTranslation } from '@/shared/i18n';
import { StepForm } from '@/shared/ui/step-form';
import { TextArea } from '@/shared/ui/text-area';
import type { StepViewProps } from '@/features/wizard-step-views';
import { useWizardExtras } from '../../model/wizard-extras';
import { contactProblem } from './contact-problem';
import { focusInvalid } from './focus-invalid';
import styles from './steps.module.css';

/** The longest title a step 16 answer takes (domain/wizard-steps.ts). */
export const TITLE_MAX = 120;

/** The street of a hidden address when `title` names it (the seller's own words may; the offer never does). */
export function hiddenStreetIn(
  title: string,
  locality: { street: string; showAddress: boolean } | undefined,
): string | null {
  const street = locality?.street.trim() ?? '';
  if (!locality || locality.showAddress || street.length < 3) return null;
  return title.toLocaleLowerCase('it').includes(street.toLocaleLowerCase('it')) ? street : null;
}

/**
 * Step 16: the listing's title, prefilled with the one the server generates from the address
 * ('Casa in vendita in Via Padova, 45 a Milano', the address dropped past 63 characters; the
 * town alone when the seller hides the address), editable. A title with a link, an e-mail
 * address or a phone number is refused here, as the server would.
 */
export default function TitleStep({ flow, answer, answers, busy, error, onAnswer }: StepViewProps<'title'>) {
  const { t } = useTranslation('listing-wizard');
  const { t: tw } = useTranslation('wizard');
  const { draft } = useWizardExtras();
  const [title, setTitle] = useState(
    answer?.title ?? draft?.generatedTitle ?? t(`steps.title.generated.${flow === 'rent' ? 'rent' : 'sale'}`),
  );
  const [problem, setProblem] = useState<string>();
  const fields = useRef<HTMLDivElement>(null);
  const hiddenAddress = answers.locality?.showAddress === false;
  const hiddenStreet = hiddenStreetIn(title, answers.locality);
  const submit = () => {
    const trimmed = title.trim();
    const found =
      trimmed === ''
        ? t('steps.title.required')
        : trimmed.length > TITLE_MAX
          ? t('steps.title.tooLong', { max: TITLE_MAX })
          : contactProblem(t, 'title', trimmed);
    setProblem(found);
    if (found) return focusInvalid(fields.current);
    onAnswer({ title: trimmed });
  };
  return (
    <StepForm
      title={t('steps.title.title')}
      hint={t(hiddenAddress ? 'steps.title.hintHiddenAddress' : 'steps.title.hint')}
      onSubmit={submit}
      busy={busy}
      error={error}
    >
      <div ref={fields} className={styles.counted}>
        {/* Two lines: a whole generated title reads on a phone; a title has no line breaks. */}
        <TextArea
          label={t('steps.title.label')}
          name="title"
          rows={2}
          value={title}
          maxLength={TITLE_MAX}
          required
          requiredMark={tw('required')}
          error={problem}
          // Not a refusal: the seller may name the street, but should know it is the one they hid.
          help={hiddenStreet !== null ? t('steps.title.namesHiddenStreet', { street: hiddenStreet }) : undefined}
          onKeyDown={(event) => {
            // Enter sends the step, as in a one-line field.
            if (event.key === 'Enter') {
              event.preventDefault();
              submit();
            }
          }}
          onChange={(event) => {
            // A pasted line break or tab becomes a space: the server takes no control character in a title.
            // eslint-disable-next-line no-control-regex
            setTitle(event.target.value.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' '));
            if (problem) setProblem(undefined);
          }}
        />
        <p className={styles.counter}>{t('steps.title.counter', { count: title.length, max: TITLE_MAX })}</p>
      </div>
    </StepForm>
  );
}
