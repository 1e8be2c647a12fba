import { useState, type FormEvent } from 'react';
import type { MeProfile } from '@/entities/account';
import { ApiError } from '@/shared/api';
import { useTranslation } from '@/shared/i18n';
import { Button } from '@/shared/ui/button';
import { Modal } from '@/shared/ui/modal';
import { TextField } from '@/shared/ui/text-field';
import { LinkButton } from '@/shared/ui/link-button';
import { PasswordStrengthMeter } from '@/shared/ui/password-strength';
import { userWords } from '@/shared/lib/password-strength';
import { updatePassword } from '../api/profile-api';
import { passwordErrors, type FieldErrors, type PasswordValues } from '../model/profile-values';
import { useProfileSave } from '../model/use-profile-save';
import styles from './profile-page.module.css';
import { SaveFeedback } from './save-feedback';

const EMPTY: PasswordValues = { oldPassword: '', newPassword: '', repeat: '' };

/** The server's refusals of a new password, each shown beside the field. */
const NEW_PASSWORD_REFUSALS: Record<string, string> = {
  InvalidPassword: 'password.rule',
  PasswordTooWeak: 'password.errors.weak',
  PasswordBreached: 'password.errors.breached',
};

/** Old, new and repeated password, checked against the rule before the call; not for social logins. */
export function PasswordSection({ me }: { me: MeProfile }) {
  const { t } = useTranslation('profile');
  const [values, setValues] = useState<PasswordValues>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [rulesOpen, setRulesOpen] = useState(false);
  const save = useProfileSave((next: PasswordValues) =>
    updatePassword({ username: me.email, oldPassword: next.oldPassword, newPassword: next.newPassword }),
  );
  const errorOf = (key: string) => (errors[key] ? t(errors[key]) : undefined);
  const set = (key: keyof PasswordValues) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [key]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = passwordErrors(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      save.reset();
      return;
    }
    save.mutate(values, {
      onSuccess: () => setValues(EMPTY),
      // The answers about one field are shown beside it.
      onError: (error) => {
        const name = error instanceof ApiError ? error.body?.ExceptionTypeString : undefined;
        if (name === 'WrongCredentials') setErrors({ oldPassword: 'password.errors.wrongOld' });
        const refusal = name === undefined ? undefined : NEW_PASSWORD_REFUSALS[name];
        if (refusal) setErrors({ newPassword: refusal });
      },
    });
  };

  const answered = save.error instanceof ApiError ? save.error.body?.ExceptionTypeString : undefined;
  const fieldError = answered === 'WrongCredentials' || (answered !== undefined && answered in NEW_PASSWORD_REFUSALS);

  return (
    <section aria-labelledby="profile-password-title">
      <h2 id="profile-password-title" className={styles.sectionTitle}>
        {t('password.title')}
      </h2>
      {!me.CanChangePassword ? (
        <p className={styles.muted} data-testid="password-social">
          {t('password.social', { provider: me.Provider })}
        </p>
      ) : (
        <form onSubmit={submit} noValidate data-testid="password-form">
          <input type="hidden" name="username" autoComplete="username" value={me.email} />
          <div className={styles.stackFields}>
            <TextField
              name="oldPassword"
              type="password"
              label={t('password.old')}
              autoComplete="current-password"
              maxLength={256}
              value={values.oldPassword}
              onChange={set('oldPassword')}
              error={errorOf('oldPassword')}
            />
            <TextField
              name="newPassword"
              type="password"
              label={t('password.new')}
              autoComplete="new-password"
              maxLength={256}
              value={values.newPassword}
              onChange={set('newPassword')}
              error={errorOf('newPassword')}
            />
            <PasswordStrengthMeter
              password={values.newPassword}
              userInputs={userWords([me.email, me.name, me.surname])}
            />
            <TextField
              name="repeatPassword"
              type="password"
              label={t('password.repeat')}
              autoComplete="new-password"
              maxLength={256}
              value={values.repeat}
              onChange={set('repeat')}
              error={errorOf('repeat')}
            />
          </div>
          <p className={styles.muted}>
            <LinkButton onClick={() => setRulesOpen(true)} aria-haspopup="dialog">
              {t('password.rulesLink')}
            </LinkButton>
          </p>
          <SaveFeedback status={save.status} error={save.error} successKey="password.saved" hideError={fieldError} />
          <div className={styles.actions}>
            <Button type="submit" loading={save.isPending}>
              {save.isPending ? t('save.saving') : t('password.save')}
            </Button>
          </div>
        </form>
      )}
      <Modal
        open={rulesOpen}
        onClose={() => setRulesOpen(false)}
        title={t('password.rulesTitle')}
        closeLabel={t('close')}
        size="small"
        footer={<Button onClick={() => setRulesOpen(false)}>{t('password.rulesOk')}</Button>}
      >
        <p className={styles.modalText}>{t('password.rule')}</p>
      </Modal>
    </section>
  );
}
