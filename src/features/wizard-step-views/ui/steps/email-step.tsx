import { useRef, useState } from 'react';
import { isValidAnswer } from '@domain/wizard-steps';
import { useTranslation } from '@/shared/i18n';
import { CaptchaField } from '@/shared/ui/captcha';
import { FieldMessage } from '@/shared/ui/field';
import { StepForm } from '@/shared/ui/step-form';
import { TextField } from '@/shared/ui/text-field';
import type { StepViewProps } from '../../model/step-view';
import { focusFirstInvalid } from '../../lib/focus-invalid';
import styles from './steps.module.css';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Step 1: the e-mail. Its submit registers the silent account (the page's process does, with
 * step 0's data), so the form carries the captcha and hands its token with the answer
 * (`captchaToken`, never stored).
 */
export default function EmailStep({ flow, answer, answers, busy, error, onAnswer }: StepViewProps<'email'>) {
  const { t } = useTranslation('wizard');
  const [email, setEmail] = useState(answer?.email ?? '');
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [problem, setProblem] = useState<'required' | 'invalid' | null>(null);
  const [captchaMissing, setCaptchaMissing] = useState(false);
  const fieldsRef = useRef<HTMLDivElement>(null);
  const listing = flow !== 'valuation';

  const submit = () => {
    const typed = email.trim();
    const found = !typed ? 'required' : !EMAIL.test(typed) || typed.length > 254 ? 'invalid' : null;
    setProblem(found);
    setCaptchaMissing(!found && !captcha);
    if (found) {
      focusFirstInvalid(fieldsRef.current);
      return;
    }
    const value = { email: typed, captchaToken: captcha ?? undefined };
    if (!captcha || !isValidAnswer('email', value, answers)) return;
    onAnswer(value);
  };

  return (
    <StepForm
      title={t(listing ? 'steps.email.titleListing' : 'steps.email.title')}
      hint={t(listing ? 'steps.email.hintListing' : 'steps.email.hint')}
      onSubmit={submit}
      busy={busy}
      error={error}
    >
      <div ref={fieldsRef} className={styles.fields}>
        <TextField
          label={t('steps.email.label')}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            if (problem) setProblem(null);
          }}
          error={problem ? t(`steps.email.errors.${problem}`) : undefined}
          required
          requiredMark={t('required')}
        />
        <CaptchaField
          onChange={(token) => {
            setCaptcha(token);
            if (token) setCaptchaMissing(false);
          }}
        />
        {captchaMissing ? <FieldMessage tone="error">{t('steps.email.errors.captcha')}</FieldMessage> : null}
      </div>
    </StepForm>
  );
}
