import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState, type FormEvent } from 'react';
import { loadSessionRuntime } from '@/entities/session';
import { confirmMail, keepPassword, type ConfirmOutcome, type KeepPasswordOutcome } from '@/entities/account';
import { useTranslation } from '@/shared/i18n';
import { modalStore } from '@/shared/lib/modal-store';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { Spinner } from '@/shared/ui/spinner';
import { Stack } from '@/shared/ui/stack';
import { Text } from '@/shared/ui/text';
import { TextField } from '@/shared/ui/text-field';
import styles from './account-pages.module.css';
import { PageMeta } from '@/shared/ui/page-meta';
import { NewPasswordForm } from './new-password-form';

/**
 * /mailconfermata/{token}: the link of the confirmation mail. The silent session of the
 * registration ends here (docs/spec.md §4): the visitor logs in with the confirmed address.
 * When the account had a password chosen before the confirmation in another browser, the
 * server suspended it (someone else may have typed this address): the page asks for a new
 * password, or for the one chosen at the registration, which proves it was the visitor's.
 */
export function MailConfirmedPage({ token }: { token: string }) {
  const { t } = useTranslation('account');
  const result = useQuery({
    queryKey: ['account', 'confirm', token],
    queryFn: () => confirmMail(token).catch((): ConfirmOutcome => ({ kind: 'error' })),
    staleTime: Infinity,
    retry: false,
  });

  const outcome = result.data;
  useEffect(() => {
    if (!outcome || outcome.kind === 'error') return;
    // The server kept this browser's session when it is the account's own (the seller confirming
    // where the wizard runs goes on); otherwise the silent session of the registration ended there
    // and ends here too. Any other session is left as it is.
    if (outcome.kind === 'confirmed' && outcome.sessionKept) return;
    void loadSessionRuntime().then((runtime) => runtime.send({ type: 'SILENT_LOGOUT' }));
  }, [outcome]);

  const openLogin = (notice: 'confirmed' | 'passwordChanged') =>
    void loadSessionRuntime().then((runtime) =>
      runtime.openLogin({
        email: outcome?.kind === 'confirmed' ? outcome.email : undefined,
        notice,
        redirectTo: '/myrexer/profilo',
      }),
    );

  return (
    <div className={styles.page}>
      <PageMeta title={t('confirm.meta')} noindex />
      <div
        className={styles.card}
        data-testid="mail-confirmed"
        data-outcome={outcome?.kind ?? 'pending'}
        data-password={outcome?.kind === 'confirmed' && outcome.passwordToken ? 'suspended' : undefined}
      >
        <h1 className={styles.title}>{t('confirm.title')}</h1>
        {!outcome ? (
          <Spinner label={t('confirm.checking')} />
        ) : outcome.kind === 'confirmed' && outcome.passwordToken ? (
          <SuspendedPassword
            email={outcome.email}
            token={outcome.passwordToken}
            onNewPassword={() => openLogin('passwordChanged')}
          />
        ) : outcome.kind === 'confirmed' && outcome.choosePasswordToken ? (
          <FirstPassword
            email={outcome.email}
            token={outcome.choosePasswordToken}
            onSaved={() => openLogin('passwordChanged')}
          />
        ) : (
          <Stack gap={4}>
            <Alert tone={outcome.kind === 'error' ? 'error' : 'success'} live>
              {outcome.kind === 'confirmed'
                ? t('confirm.confirmed', { email: outcome.email })
                : t(`confirm.${outcome.kind}`)}
            </Alert>
            {outcome.kind !== 'error' && <Button onClick={() => openLogin('confirmed')}>{t('confirm.login')}</Button>}
          </Stack>
        )}
      </div>
    </div>
  );
}

/**
 * An account without a password (a wizard's sign-up asks none): confirmed, it needs one to log
 * in, so the page asks for it here. Saving it ends the account's sessions (NewPassword/Change),
 * this browser's silent one included: the person then logs in with it.
 */
function FirstPassword({ email, token, onSaved }: { email: string; token: string; onSaved: () => void }) {
  const { t } = useTranslation('account');
  const [saved, setSaved] = useState(false);
  if (saved) {
    return (
      <Stack gap={4}>
        <Alert tone="success" live>
          {t('password.done')}
        </Alert>
        <Button onClick={onSaved}>{t('password.login')}</Button>
      </Stack>
    );
  }
  return (
    <Stack gap={6}>
      <Alert tone="success" live title={t('confirm.confirmedOnly', { email })}>
        {t('confirm.choose.why')}
      </Alert>
      <section aria-labelledby="confirm-first-password">
        <h2 id="confirm-first-password" className={styles.subtitle}>
          {t('confirm.choose.title')}
        </h2>
        <NewPasswordForm
          token={token}
          email={email}
          onDone={() => {
            setSaved(true);
            void loadSessionRuntime().then((runtime) => runtime.send({ type: 'SILENT_LOGOUT' }));
          }}
        />
      </section>
    </Stack>
  );
}

/**
 * The password chosen before the confirmation no longer logs in: a new one (the way for an
 * owner who did not register, or does not remember it), or the one chosen, typed again.
 */
function SuspendedPassword({
  email,
  token,
  onNewPassword,
}: {
  email: string;
  token: string;
  onNewPassword: () => void;
}) {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const [state, setState] = useState<'choosing' | 'saved' | 'kept'>('choosing');
  const [password, setPassword] = useState('');
  const [checking, setChecking] = useState(false);
  const [problem, setProblem] = useState<Exclude<KeepPasswordOutcome['kind'], 'loggedIn'> | 'empty' | null>(null);

  const keep = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setProblem('empty');
      return;
    }
    setChecking(true);
    const kept = await keepPassword(token, password).catch((): KeepPasswordOutcome => ({ kind: 'error' }));
    setChecking(false);
    if (kept.kind !== 'loggedIn') {
      setProblem(kept.kind);
      return;
    }
    setState('kept');
    const runtime = await loadSessionRuntime();
    runtime.adoptServerSession();
    if (kept.termsPending) modalStore.open({ kind: 'terms' });
  };

  if (state === 'saved') {
    return (
      <Stack gap={4}>
        <Alert tone="success" live>
          {t('password.done')}
        </Alert>
        <Button onClick={onNewPassword}>{t('password.login')}</Button>
      </Stack>
    );
  }
  if (state === 'kept') {
    return (
      <Stack gap={4}>
        <Alert tone="success" live>
          {t('confirm.suspended.kept')}
        </Alert>
        <Button onClick={() => void navigate({ to: '/myrexer/profilo' })}>{t('confirm.suspended.toProfile')}</Button>
      </Stack>
    );
  }
  const problemText = problem === null ? undefined : t(`confirm.suspended.problems.${problem}`);
  return (
    <Stack gap={6}>
      <Alert tone="info" title={t('confirm.confirmedOnly', { email })}>
        {t('confirm.suspended.why')}
      </Alert>
      <section aria-labelledby="confirm-new-password">
        <h2 id="confirm-new-password" className={styles.subtitle}>
          {t('confirm.suspended.newTitle')}
        </h2>
        <NewPasswordForm token={token} email={email} onDone={() => setState('saved')}>
          <Text>{t('confirm.suspended.newIntro')}</Text>
        </NewPasswordForm>
      </section>
      <section aria-labelledby="confirm-keep-password">
        <h2 id="confirm-keep-password" className={styles.subtitle}>
          {t('confirm.suspended.keepTitle')}
        </h2>
        <form onSubmit={(event) => void keep(event)} noValidate data-testid="keep-password-form">
          <Stack gap={4}>
            <Text>{t('confirm.suspended.keepIntro')}</Text>
            <input type="hidden" name="username" autoComplete="username" value={email} />
            <TextField
              label={t('confirm.suspended.keepField')}
              type="password"
              name="current-password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={problemText}
              required
            />
            <Button type="submit" variant="secondary" loading={checking} fullWidth>
              {t('confirm.suspended.keepSubmit')}
            </Button>
          </Stack>
        </form>
      </section>
    </Stack>
  );
}
