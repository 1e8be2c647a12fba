import { useState, type FormEvent } from 'react';
import type { MeProfile } from '@/entities/account';
import { useTranslation } from '@/shared/i18n';
import { Button } from '@/shared/ui/button';
import { Select } from '@/shared/ui/select';
import { TextField } from '@/shared/ui/text-field';
import { savePrivateData } from '../api/profile-api';
import {
  privateErrors,
  privatePayload,
  privateValues,
  type FieldErrors,
  type PrivateValues,
} from '../model/profile-values';
import { useProfileSave } from '../model/use-profile-save';
import { AddressFields } from './address-fields';
import styles from './profile-page.module.css';
import { SaveFeedback } from './save-feedback';

/** Name, birth, sex, tax code and residential address of a private account. */
export function PrivateDataForm({ me }: { me: MeProfile }) {
  const { t } = useTranslation('profile');
  const [values, setValues] = useState<PrivateValues>(() => privateValues(me));
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useProfileSave(savePrivateData);
  const set = (key: Exclude<keyof PrivateValues, 'address'>) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [key]: event.target.value }));
  const errorOf = (key: string) => (errors[key] ? t(errors[key]) : undefined);
  const common = { requiredMark: t('requiredMark') };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = privateErrors(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      save.reset();
      return;
    }
    save.mutate(privatePayload(values));
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="profile-private-title" data-testid="private-data-form">
      <h2 id="profile-private-title" className={styles.sectionTitle}>
        {t('private.title')}
      </h2>
      <div className={styles.grid}>
        <TextField
          {...common}
          required
          name="name"
          label={t('private.name')}
          autoComplete="given-name"
          maxLength={100}
          value={values.name}
          onChange={set('name')}
          error={errorOf('name')}
        />
        <TextField
          {...common}
          required
          name="surname"
          label={t('private.surname')}
          autoComplete="family-name"
          maxLength={100}
          value={values.surname}
          onChange={set('surname')}
          error={errorOf('surname')}
        />
        <TextField
          name="birthdayDate"
          label={t('private.birthdayDate')}
          placeholder={t('private.datePlaceholder')}
          help={errorOf('birthdayDate') ? undefined : t('private.dateHelp')}
          inputMode="numeric"
          autoComplete="bday"
          maxLength={10}
          value={values.birthdayDate}
          onChange={set('birthdayDate')}
          error={errorOf('birthdayDate')}
        />
        <TextField
          name="birthdayCity"
          label={t('private.birthdayCity')}
          maxLength={120}
          value={values.birthdayCity}
          onChange={set('birthdayCity')}
          error={errorOf('birthdayCity')}
        />
        <TextField
          name="birthdayCountry"
          label={t('private.birthdayCountry')}
          autoComplete="country-name"
          maxLength={80}
          value={values.birthdayCountry}
          onChange={set('birthdayCountry')}
          error={errorOf('birthdayCountry')}
        />
        <Select
          name="sex"
          label={t('private.sex')}
          placeholder={t('private.sexUnset')}
          options={[
            { value: 'F', label: t('private.sexF') },
            { value: 'M', label: t('private.sexM') },
          ]}
          value={values.sex}
          onChange={set('sex')}
        />
        <TextField
          name="fiscalCode"
          label={t('private.fiscalCode')}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={16}
          value={values.fiscalCode}
          onChange={set('fiscalCode')}
          error={errorOf('fiscalCode')}
          help={errorOf('fiscalCode') ? undefined : t('private.fiscalCodeHelp')}
          className={styles.wide}
        />
      </div>
      <AddressFields
        name="residential"
        legend={t('address.residential')}
        help={t('address.optionalHelp')}
        value={values.address}
        onChange={(address) => setValues((current) => ({ ...current, address }))}
        errors={errors}
        required={false}
      />
      {Object.keys(errors).length > 0 ? (
        <p className={styles.formError} role="alert">
          {t('save.errors.fields')}
        </p>
      ) : null}
      <SaveFeedback status={save.status} error={save.error} />
      <div className={styles.actions}>
        <Button type="submit" loading={save.isPending}>
          {save.isPending ? t('save.saving') : t('private.save')}
        </Button>
      </div>
    </form>
  );
}
