import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { MeProfile } from '@/entities/account';
import { ApiError } from '@/shared/api';
import { useTranslation } from '@/shared/i18n';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { TextField } from '@/shared/ui/text-field';
import { reauthenticate } from '../api/profile-api';
import { saveErrorKey } from '../model/use-profile-save';
import styles from './profile-page.module.css';

/** Where a social-only account proves itself again, coming back to the profile. */
export const SOCIAL_RELOGIN_URL = `/api/Account/SocialLogin?returnTo=${encodeURIComponent('/myrexer/profilo')}`;

/**
 * The password typed again before a sensitive change (the server asks for one from the last
 * 10 minutes). A social-only account has no password: it logs in again with its provider.
 */
export function ConfirmIdentity({ me, onConfirmed }: { me: MeProfile; onConfirmed: () => void }) {
  const { t } = useTranslation('profile');
  const [password, setPassword] = useState('');
  const confirm = useMutation({
    mutationFn: () => reauthenticate(password),
    onSuccess: () => onConfirmed(),
  });
  const answered = confirm.error instanceof ApiError ? confirm.error.body?.ExceptionTypeString : undefined;
  const fieldError = answered === 'WrongCredentials' ? t('identity.wrongPassword') : undefined;

  if (!me.CanChangePassword) {
    return (
      <div className={styles.identity} data-testid="confirm-identity">
        <p className={styles.muted}>{t('identity.socialIntro', { provider: me.Provider })}</p>
        <a className={styles.identityLink} href={SOCIAL_RELOGIN_URL}>
          {t('identity.social', { provider: me.Provider })}
        </a>
      </div>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password !== '') confirm.mutate();
  };
  return (
    <form className={styles.identity} onSubmit={submit} noValidate data-testid="confirm-identity">
      <p className={styles.muted}>{t('identity.intro')}</p>
      <input type="hidden" name="username" autoComplete="username" value={me.email} />
      <TextField
        name="current-password"
        type="password"
        label={t('identity.password')}
        autoComplete="current-password"
        maxLength={256}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={fieldError}
      />
      {confirm.isError && !fieldError ? <Alert tone="error">{t(saveErrorKey(confirm.error))}</Alert> : null}
      <div className={styles.actions}>
        <Button type="submit" variant="secondary" loading={confirm.isPending} disabled={password === ''}>
          {t('identity.confirm')}
        </Button>
      </div>
    </form>
  );
}

/** Whether a failed call asked for a recent login. */
export function needsRecentLogin(error: unknown): boolean {
  return error instanceof ApiError && error.body?.ExceptionTypeString === 'RecentLoginRequired';
}
