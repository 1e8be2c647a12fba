import { useState, type FormEvent } from 'react';
import type { MeProfile } from '@/entities/account';
import { useTranslation } from '@/shared/i18n';
import { Button } from '@/shared/ui/button';
import { TextField } from '@/shared/ui/text-field';
import { updatePhone } from '../api/profile-api';
import { phoneErrors, phoneValues, type FieldErrors, type PhoneValues } from '../model/profile-values';
import { useProfileSave } from '../model/use-profile-save';
import { ConfirmIdentity, needsRecentLogin } from './confirm-identity';
import styles from './profile-page.module.css';
import { SaveFeedback } from './save-feedback';

/** The phone number with its international prefix (+39 unless the user chose another). */
export function PhoneSection({ me }: { me: MeProfile }) {
  const { t } = useTranslation('profile');
  const [values, setValues] = useState<PhoneValues>(() => phoneValues(me));
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useProfileSave((phone: PhoneValues) => updatePhone(phone.prefix.trim(), phone.phone.trim()));
  const errorOf = (key: string) => (errors[key] ? t(errors[key]) : undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = phoneErrors(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      save.reset();
      return;
    }
    save.mutate(values);
  };

  return (
    <>
      <form onSubmit={submit} noValidate aria-labelledby="profile-phone-title" data-testid="phone-form">
        <h2 id="profile-phone-title" className={styles.sectionTitle}>
          {t('phone.title')}
        </h2>
        <p className={styles.muted}>{t('phone.intro')}</p>
        <div className={styles.phoneRow}>
          <TextField
            name="phonePrefix"
            type="tel"
            label={t('phone.prefix')}
            autoComplete="tel-country-code"
            maxLength={5}
            value={values.prefix}
            onChange={(event) => setValues((current) => ({ ...current, prefix: event.target.value }))}
            error={errorOf('prefix')}
          />
          <TextField
            name="phone"
            type="tel"
            label={t('phone.number')}
            autoComplete="tel-national"
            inputMode="tel"
            maxLength={20}
            value={values.phone}
            onChange={(event) => setValues((current) => ({ ...current, phone: event.target.value }))}
            error={errorOf('phone')}
            help={errorOf('phone') ? undefined : t('phone.help')}
          />
        </div>
        <SaveFeedback status={save.status} error={save.error} />
        <div className={styles.actions}>
          <Button type="submit" loading={save.isPending}>
            {save.isPending ? t('save.saving') : t('phone.save')}
          </Button>
        </div>
      </form>
      {/* A change of number needs a recent login: once confirmed, the same save goes again. */}
      {needsRecentLogin(save.error) ? <ConfirmIdentity me={me} onConfirmed={() => save.mutate(values)} /> : null}
    </>
  );
}
