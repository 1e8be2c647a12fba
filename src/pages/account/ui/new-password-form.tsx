import { useState, type FormEvent, type ReactNode } from 'react';
import { PASSWORD_REFUSAL_KEY, setNewPassword } from '@/entities/account';
import { useTranslation } from '@/shared/i18n';
import { passwordRuleProblem } from '@/shared/lib/password-rule';
import { userWords } from '@/shared/lib/password-strength';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { PasswordStrengthMeter } from '@/shared/ui/password-strength';
import { Stack } from '@/shared/ui/stack';
import { TextField } from '@/shared/ui/text-field';

/**
 * A new password and its repetition, saved with a single-use token (NewPassword/Change): a
 * recovery or set-password link, or the token of a confirmation that suspended a password.
 */
export function NewPasswordForm({
  token,
  email,
  onDone,
  children,
}: {
  token: string;
  email: string;
  onDone: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation('account');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<{ password?: string; repeat?: string }>({});
  const [state, setState] = useState<'form' | 'saving' | 'failed'>('form');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (passwordRuleProblem(password)) found.password = t('passwordRule');
    if (repeat !== password) found.repeat = t('password.mismatch');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setState('saving');
    const result = await setNewPassword(token, password).catch(() => 'error' as const);
    if (result !== 'ok' && result !== 'error') {
      setErrors({ password: t(PASSWORD_REFUSAL_KEY[result]) });
      setState('form');
      return;
    }
    if (result === 'ok') onDone();
    else setState('failed');
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate data-testid="password-form">
      <Stack gap={4}>
        {children}
        <input type="hidden" name="username" autoComplete="username" value={email} />
        <TextField
          label={t('password.new')}
          type="password"
          name="new-password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password}
          help={errors.password ? undefined : t('passwordRule')}
          required
        />
        <PasswordStrengthMeter password={password} userInputs={userWords([email])} />
        <TextField
          label={t('password.repeat')}
          type="password"
          name="repeat-password"
          autoComplete="new-password"
          value={repeat}
          onChange={(e) => setRepeat(e.target.value)}
          error={errors.repeat}
          required
        />
        {state === 'failed' && (
          <Alert tone="error" live>
            {t('password.failed')}
          </Alert>
        )}
        <Button type="submit" loading={state === 'saving'} fullWidth>
          {t('password.save')}
        </Button>
      </Stack>
    </form>
  );
}
