import { useRef, useState } from 'react';
import { QUALITY_TARGETS, QUALITY_WEIGHTS } from '@domain/listing/quality';
import { useTranslation } from '@/shared/i18n';
import { StepForm } from '@/shared/ui/step-form';
import { TextArea } from '@/shared/ui/text-area';
import type { StepViewProps } from '@/features/wizard-step-views';
import { useWizardExtras } from '../../model/wizard-extras';
import { contactProblem } from './contact-problem';
import { focusInvalid } from './focus-invalid';
import styles from './steps.module.css';

/** The longest description a step 17 answer takes (domain/wizard-steps.ts). */
export const DESCRIPTION_MAX = 20_000;

/** The description's part of the quality score (domain/listing/quality.ts): in proportion up to the target length. */
function descriptionPoints(length: number): number {
  return QUALITY_WEIGHTS.description * Math.min(1, length / QUALITY_TARGETS.descriptionLength);
}

/**
 * What the listing's quality score becomes with `length` characters of description: the
 * server's score of the draft, its description's part replaced by this one's.
 */
export function scoreWith(serverScore: number, savedLength: number, length: number): number {
  return Math.max(
    0,
    Math.min(100, Math.round(serverScore - descriptionPoints(savedLength) + descriptionPoints(length))),
  );
}

/**
 * Step 17: the description, with its length and what it does to the listing's quality score. A
 * description with a link, an e-mail address or a phone number is refused here, as the server would.
 */
export default function DescriptionStep({ answer, busy, error, onAnswer }: StepViewProps<'description'>) {
  const { t } = useTranslation('listing-wizard');
  const { t: tw } = useTranslation('wizard');
  const { draft } = useWizardExtras();
  const [text, setText] = useState(answer?.description ?? '');
  const [problem, setProblem] = useState<string>();
  const fields = useRef<HTMLDivElement>(null);
  const length = text.trim().length;
  const score = draft ? scoreWith(draft.qualityScore, answer?.description.trim().length ?? 0, length) : null;

  const submit = () => {
    const found =
      length === 0
        ? t('steps.description.required')
        : text.length > DESCRIPTION_MAX
          ? t('steps.description.tooLong', { max: '20.000' })
          : contactProblem(t, 'description', text.trim());
    setProblem(found);
    if (found) return focusInvalid(fields.current);
    onAnswer({ description: text.trim() });
  };

  return (
    <StepForm
      title={t('steps.description.title')}
      hint={t('steps.description.hint')}
      onSubmit={submit}
      busy={busy}
      error={error}
    >
      <div ref={fields} className={styles.counted}>
        <TextArea
          label={t('steps.description.label')}
          name="description"
          rows={9}
          value={text}
          maxLength={DESCRIPTION_MAX}
          required
          requiredMark={tw('required')}
          error={problem}
          help={t('steps.description.target', { target: QUALITY_TARGETS.descriptionLength })}
          onChange={(event) => {
            setText(event.target.value);
            if (problem) setProblem(undefined);
          }}
        />
        <p className={styles.counter}>{t('steps.description.counter', { count: length })}</p>
        {score !== null ? (
          <div className={styles.quality} data-testid="description-quality">
            <p className={styles.qualityText} aria-live="polite">
              {t('steps.description.quality', { score })}
            </p>
            <div className={styles.qualityTrack} aria-hidden="true">
              <div className={styles.qualityFill} style={{ width: `${score}%` }} />
            </div>
          </div>
        ) : null}
      </div>
    </StepForm>
  );
}
