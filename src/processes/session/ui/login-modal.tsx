import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { use, useId, useState, useSyncExternalStore, type FormEvent } from 'react';
import { useTranslation } from '@/shared/i18n';
import { CaptchaField } from '@/shared/ui/captcha';
import { loadSessionRuntime } from '@/entities/session';
import { requestNewConfirmationMail, requestPasswordRecovery, type RecoveryOutcome } from '@/entities/account';
import { configQueryOptions } from '@/shared/api';
import { Alert } from '@/shared/ui/alert';
import type { LoginNotice } from '@/shared/lib/modal-store';
import { Button, buttonClassName } from '@/shared/ui/button';
import { Modal } from '@/shared/ui/modal';
import { Stack } from '@/shared/ui/stack';
import { Text } from '@/shared/ui/text';
import { TextField } from '@/shared/ui/text-field';
import { LinkButton } from '@/shared/ui/link-button';
import { isEmail } from '@/shared/lib/validation';

export interface LoginModalProps {
  onClose: () => void;
  email?: string;
  socialEmail?: boolean;
  notice?: LoginNotice;
}

/** The login modal (docs/spec.md §4 and §8): e-mail and password, recovery, social login, registration. */
export function LoginModal({ onClose, email: initialEmail = '', socialEmail = false, notice }: LoginModalProps) {
  const { t } = useTranslation('session');
  const runtime = use(loadSessionRuntime());
  const [view, setView] = useState<'login' | 'recovery'>('login');
  const [email, setEmail] = useState(initialEmail);

  return (
    <Modal
      open
      onClose={onClose}
      title={view === 'login' ? t('login.title') : t('recovery.title')}
      closeLabel={t('close')}
      size="small"
    >
      {view === 'login' ? (
        <LoginForm
          runtime={runtime}
          email={email}
          onEmailChange={setEmail}
          socialEmail={socialEmail}
          notice={notice}
          onForgot={() => setView('recovery')}
          onClose={onClose}
        />
      ) : (
        <RecoveryForm email={email} onEmailChange={setEmail} onBack={() => setView('login')} />
      )}
    </Modal>
  );
}

type Runtime = Awaited<ReturnType<typeof loadSessionRuntime>>;

function LoginForm({
  runtime,
  email,
  onEmailChange,
  socialEmail,
  notice,
  onForgot,
  onClose,
}: {
  runtime: Runtime;
  email: string;
  onEmailChange: (value: string) => void;
  socialEmail: boolean;
  notice?: LoginModalProps['notice'];
  onForgot: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('session');
  const config = useQuery(configQueryOptions());
  const social = config.data?.SocialLogin ?? null;
  const { signingIn: busy, loginError } = useSyncExternalStore(runtime.subscribe, runtime.activity);
  const [password, setPassword] = useState('');
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ email?: string; password?: string; captcha?: string }>({});
  const [submitted, setSubmitted] = useState(false);
  const [resent, setResent] = useState<'sent' | 'failed' | null>(null);
  const formId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (!isEmail(email)) found.email = t('login.validation.email');
    if (!password) found.password = t('login.validation.password');
    if (!captcha) found.captcha = t('login.validation.captcha');
    setErrors(found);
    if (Object.keys(found).length > 0 || !captcha) return;
    setSubmitted(true);
    setResent(null);
    runtime.send({ type: 'LOGIN', credentials: { username: email.trim(), password, recaptchaToken: captcha } });
  };

  const resend = async () => {
    const token = loginError?.confirmationToken;
    if (!token) return;
    setResent((await requestNewConfirmationMail(token)) ? 'sent' : 'failed');
  };

  const returnTo = typeof window === 'undefined' ? '/' : window.location.pathname + window.location.search;

  return (
    <Stack gap={4}>
      {notice && (
        <Alert tone={notice === 'socialError' ? 'error' : notice === 'saveSearch' ? 'info' : 'success'} live>
          {t(`login.notice.${notice}`, { provider: social?.Name ?? '' })}
        </Alert>
      )}
      {socialEmail && <Alert tone="info">{t('login.socialEmail', { provider: social?.Name ?? '' })}</Alert>}
      <form id={formId} onSubmit={submit} noValidate data-testid="login-form">
        <Stack gap={4}>
          <TextField
            label={t('login.email')}
            type="email"
            name="username"
            autoComplete="username"
            value={email}
            onChange={(event) => onEmailChange(event.target.value)}
            error={errors.email}
            required
          />
          <TextField
            label={t('login.password')}
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={errors.password}
            required
          />
          <CaptchaField onChange={setCaptcha} />
          {errors.captcha && <Text tone="error">{errors.captcha}</Text>}
          {submitted && !busy && loginError && (
            <div data-testid="login-error" data-kind={loginError.kind}>
              <Alert tone="error" live>
                <p>{t(`login.errors.${loginError.kind}`)}</p>
                {loginError.kind === 'UserNotConfirmed' && loginError.confirmationToken && (
                  <p>
                    {resent === 'sent' ? (
                      t('login.resent')
                    ) : (
                      <LinkButton onClick={() => void resend()}>{t('login.resend')}</LinkButton>
                    )}
                    {resent === 'failed' && ` ${t('login.resendFailed')}`}
                  </p>
                )}
              </Alert>
            </div>
          )}
          <Button type="submit" loading={busy} fullWidth>
            {busy ? t('login.submitting') : t('login.submit')}
          </Button>
          {/* One recovery link, under the button, whatever the error above says. */}
          <LinkButton onClick={onForgot} data-testid="forgot-password">
            {t('login.forgot')}
          </LinkButton>
        </Stack>
      </form>
      {social && (
        <a
          className={buttonClassName({ variant: 'secondary', fullWidth: true })}
          href={`/api/Account/SocialLogin?returnTo=${encodeURIComponent(returnTo)}`}
          data-testid="social-login"
        >
          {t('login.social', { provider: social.Name })}
        </a>
      )}
      <Text tone="muted">
        {t('login.noAccount')}{' '}
        <Link to="/registrazione" search={returnTo === '/' ? {} : { redirect: returnTo }} onClick={onClose}>
          {t('login.register')}
        </Link>
      </Text>
    </Stack>
  );
}

function RecoveryForm({
  email,
  onEmailChange,
  onBack,
}: {
  email: string;
  onEmailChange: (value: string) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('session');
  const [error, setError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<RecoveryOutcome | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isEmail(email)) {
      setError(t('login.validation.email'));
      return;
    }
    setError(undefined);
    setSending(true);
    setOutcome(await requestPasswordRecovery(email).catch((): RecoveryOutcome => ({ kind: 'noUser' })));
    setSending(false);
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate data-testid="recovery-form">
      <Stack gap={4}>
        <Text>{t('recovery.intro')}</Text>
        <TextField
          label={t('login.email')}
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(event) => onEmailChange(event.target.value)}
          error={error}
          required
        />
        {outcome && (
          <div data-testid="recovery-outcome" data-kind={outcome.kind}>
            <Alert tone={outcome.kind === 'sent' ? 'success' : outcome.kind === 'notConfirmed' ? 'info' : 'error'} live>
              {t(`recovery.outcome.${outcome.kind}`, { email: email.trim() })}
            </Alert>
          </div>
        )}
        <Button type="submit" loading={sending} fullWidth>
          {t('recovery.submit')}
        </Button>
        <LinkButton onClick={onBack}>{t('recovery.back')}</LinkButton>
      </Stack>
    </form>
  );
}
