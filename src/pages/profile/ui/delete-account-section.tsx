import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { MeProfile } from '@/entities/account';
import { useTranslation } from '@/shared/i18n';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { Modal } from '@/shared/ui/modal';
import { ApiError } from '@/shared/api';
import { TextField } from '@/shared/ui/text-field';
import { deleteAccount, reauthenticate } from '../api/profile-api';
import { saveErrorKey } from '../model/use-profile-save';
import { ConfirmIdentity, needsRecentLogin } from './confirm-identity';
import styles from './profile-page.module.css';

/**
 * Account deletion behind a confirmation that asks for the password (the server wants it typed
 * in the last 10 minutes; a social-only account logs in again with its provider instead); the
 * app ends the session once it is done.
 */
export function DeleteAccountSection({ me, onAccountDeleted }: { me: MeProfile; onAccountDeleted: () => void }) {
  const { t } = useTranslation('profile');
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const withPassword = me.CanChangePassword;
  const remove = useMutation({
    mutationFn: async () => {
      if (withPassword) await reauthenticate(password);
      await deleteAccount(me.id);
    },
    onSuccess: () => onAccountDeleted(),
  });
  const close = () => {
    if (remove.isPending) return;
    remove.reset();
    setPassword('');
    setOpen(false);
  };
  const wrongPassword =
    remove.error instanceof ApiError && remove.error.body?.ExceptionTypeString === 'WrongCredentials';

  return (
    <section aria-labelledby="profile-delete-title">
      <h2 id="profile-delete-title" className={styles.sectionTitle}>
        {t('delete.title')}
      </h2>
      <p className={styles.muted}>{t('delete.intro')}</p>
      <div className={styles.actions}>
        <Button variant="secondary" className={styles.danger} onClick={() => setOpen(true)} aria-haspopup="dialog">
          {t('delete.open')}
        </Button>
      </div>
      <Modal
        open={open}
        onClose={close}
        title={t('delete.modalTitle')}
        closeLabel={t('close')}
        size="small"
        closeOnBackdrop={!remove.isPending}
        footer={
          <>
            <Button variant="ghost" onClick={close} disabled={remove.isPending}>
              {t('delete.cancel')}
            </Button>
            <Button
              className={styles.dangerSolid}
              onClick={() => remove.mutate()}
              loading={remove.isPending}
              disabled={withPassword && password === ''}
            >
              {remove.isPending ? t('delete.deleting') : t('delete.confirm')}
            </Button>
          </>
        }
      >
        <p className={styles.modalText}>{t('delete.modalText', { email: me.email })}</p>
        {withPassword ? (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              if (password !== '') remove.mutate();
            }}
            noValidate
          >
            <input type="hidden" name="username" autoComplete="username" value={me.email} />
            <TextField
              name="current-password"
              type="password"
              label={t('delete.password')}
              help={wrongPassword ? undefined : t('delete.passwordHelp')}
              autoComplete="current-password"
              maxLength={256}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              error={wrongPassword ? t('identity.wrongPassword') : undefined}
            />
          </form>
        ) : null}
        {!withPassword && needsRecentLogin(remove.error) ? (
          <ConfirmIdentity me={me} onConfirmed={() => remove.mutate()} />
        ) : remove.isError && !wrongPassword ? (
          <Alert tone="error">{t(saveErrorKey(remove.error))}</Alert>
        ) : null}
      </Modal>
    </section>
  );
}
