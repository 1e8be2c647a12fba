import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { loadSessionRuntime } from '@/entities/session';
import { checkPasswordLink, PASSWORD_REFUSAL_KEY, setNewPassword } from '@/entities/account';
import { useTranslation } from '@/shared/i18n';
import { passwordRuleProblem } from '@/shared/lib/password-rule';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { Spinner } from '@/shared/ui/spinner';
import { Stack } from '@/shared/ui/stack';
import { Text } from '@/shared/ui/text';
import { TextField } from '@/shared/ui/text-field';
import { PasswordStrengthMeter } from '@/shared/ui/password-strength';
import { userWords } from '@/shared/lib/password-strength';
import styles from './account-pages.module.css';
import { PageMeta } from '@/shared/ui/page-meta';

/**
 * /recuperaPassword/{token} (a recovery link) and /inserisciPassword/{token} (the first
 * password of an account registered without one): the link is checked, then a new password.
 */
export function PasswordLinkPage({ token, mode }: { token: string; mode: 'recover' | 'set' }) {
  const { t } = useTranslation('account');
  const link = useQuery({ queryKey: ['account', 'password-link', token], queryFn: () => checkPasswordLink(token).catch(() => null), staleTime: Infinity, retry: false });
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<{ password?: string; repeat?: string }>({});
  const [state, setState] = useState<'form' | 'saving' | 'done' | 'failed'>('form');

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
    setState(result === 'ok' ? 'done' : 'failed');
  };

  const login = () =>
    void loadSessionRuntime().then((runtime) => runtime.openLogin({ email: link.data ?? undefined, notice: 'passwordChanged', redirectTo: '/myrexer/profilo' }));

  return (
    <div className={styles.page}>
      <PageMeta title={t(`password.${mode}.meta`)} noindex />
      <div className={styles.card} data-testid="password-link" data-state={link.isPending ? 'checking' : link.data ? state : 'invalid'}>
        <h1 className={styles.title}>{t(`password.${mode}.title`)}</h1>
        {link.isPending ? (
          <Spinner label={t('password.checking')} />
        ) : !link.data ? (
          <Alert tone="error">{t('password.invalidLink')}</Alert>
        ) : state === 'done' ? (
          <Stack gap={4}>
            <Alert tone="success" live>
              {t('password.done')}
            </Alert>
            <Button onClick={login}>{t('password.login')}</Button>
          </Stack>
        ) : (
          <form onSubmit={(event) => void submit(event)} noValidate data-testid="password-form">
            <Stack gap={4}>
              <Text>{t('password.for', { email: link.data })}</Text>
              <input type="hidden" name="username" autoComplete="username" value={link.data} />
              <TextField label={t('password.new')} type="password" name="new-password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} error={errors.password} help={errors.password ? undefined : t('passwordRule')} required />
              <PasswordStrengthMeter password={password} userInputs={userWords([link.data])} />
              <TextField label={t('password.repeat')} type="password" name="repeat-password" autoComplete="new-password" value={repeat} onChange={(e) => setRepeat(e.target.value)} error={errors.repeat} required />
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
        )}
      </div>
    </div>
  );
}
