import { useRef, useState } from 'react';
import { useTranslation } from '@/shared/i18n';
import { passwordRuleProblem } from '@/shared/lib/password-rule';
import { userWords } from '@/shared/lib/password-strength';
import { Button } from '@/shared/ui/button';
import { Checkbox } from '@/shared/ui/checkbox';
import { PasswordStrengthMeter } from '@/shared/ui/password-strength';
import { StepForm, StepHeading } from '@/shared/ui/step-form';
import { TextField } from '@/shared/ui/text-field';
import type { StepViewProps } from '@/features/wizard-step-views';
import type { FirstPasswordOutcome } from '../../model/page-types';
import { useWizardExtras } from '../../model/wizard-extras';
import { focusInvalid } from './focus-invalid';
import styles from './steps.module.css';

/**
 * Step 30 ("login"): the silent account the seller's steps 0 and 1 created chooses its password
 * before the listing is published (PUT /api/User/SetFirstPassword); the session becomes a full
 * login and the wizard goes on by itself. Answered by the session, not by `onAnswer`.
 */
export default function LoginStep({ answers, busy }: StepViewProps<'login'>) {
  const { t } = useTranslation('listing-wizard');
  const { t: tw } = useTranslation('wizard');
  const { account, username, setFirstPassword, openLogin } = useWizardExtras();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [visible, setVisible] = useState(false);
  const [problem, setProblem] = useState<{ password?: string; repeat?: string }>({});
  const [outcome, setOutcome] = useState<Exclude<FirstPasswordOutcome, 'ok'> | null>(null);
  const [sending, setSending] = useState(false);
  const fields = useRef<HTMLDivElement>(null);
  const personal = answers.personalData;

  if (account === 'anonymous') {
    return (
      <div className={styles.stack}>
        <StepHeading>{t('steps.login.anonymous.title')}</StepHeading>
        <p className={styles.note}>{t('steps.login.anonymous.text')}</p>
        <Button size="large" fullWidth onClick={() => openLogin()}>
          {t('steps.login.anonymous.login')}
        </Button>
      </div>
    );
  }

  const submit = async () => {
    const found = {
      password:
        password === ''
          ? t('steps.login.required')
          : passwordRuleProblem(password)
            ? t('steps.login.errors.InvalidPassword')
            : undefined,
      repeat: password !== '' && repeat !== password ? t('steps.login.mismatch') : undefined,
    };
    setProblem(found);
    setOutcome(null);
    if (found.password || found.repeat) return focusInvalid(fields.current);
    setSending(true);
    const result = await setFirstPassword(password);
    // On success the wizard moves on (the session is a full login now): this view goes away.
    setSending(false);
    if (result === 'ok') return;
    if (result === 'InvalidPassword' || result === 'PasswordTooWeak' || result === 'PasswordBreached') {
      setProblem({ password: t(`steps.login.errors.${result}`) });
      return focusInvalid(fields.current);
    }
    setOutcome(result);
  };

  return (
    <StepForm
      title={t('steps.login.title')}
      hint={username ? t('steps.login.hint', { email: username }) : t('steps.login.hintNoEmail')}
      submitLabel={t('steps.login.submit')}
      onSubmit={() => void submit()}
      busy={busy || sending}
      error={outcome ? t(`steps.login.errors.${outcome}`) : null}
      actions={
        outcome === 'PasswordAlreadySet' ? (
          <Button variant="secondary" size="large" fullWidth onClick={() => openLogin(username ?? undefined)}>
            {t('loginLink')}
          </Button>
        ) : null
      }
    >
      <div ref={fields} className={styles.stack}>
        <input type="text" name="username" autoComplete="username" value={username ?? ''} readOnly hidden />
        <TextField
          label={t('steps.login.label')}
          type={visible ? 'text' : 'password'}
          name="new-password"
          autoComplete="new-password"
          value={password}
          required
          requiredMark={tw('required')}
          error={problem.password}
          help={t('steps.login.errors.InvalidPassword')}
          onChange={(event) => {
            setPassword(event.target.value);
            setProblem({});
          }}
        />
        <PasswordStrengthMeter
          password={password}
          userInputs={userWords([username, personal?.name, personal?.surname])}
        />
        <TextField
          label={t('steps.login.confirm')}
          type={visible ? 'text' : 'password'}
          name="confirm-password"
          autoComplete="new-password"
          value={repeat}
          required
          requiredMark={tw('required')}
          error={problem.repeat}
          onChange={(event) => {
            setRepeat(event.target.value);
            setProblem({});
          }}
        />
        <Checkbox
          label={t('steps.login.show')}
          checked={visible}
          onChange={(event) => setVisible(event.target.checked)}
        />
      </div>
    </StepForm>
  );
}
