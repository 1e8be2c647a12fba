import { useState, type FormEvent } from 'react';
import type { MeProfile } from '@/entities/account';
import { useTranslation } from '@/shared/i18n';
import { Button } from '@/shared/ui/button';
import { TextField } from '@/shared/ui/text-field';
import { saveCorporateData } from '../api/profile-api';
import {
  companyErrors,
  companyPayload,
  companyValues,
  type CompanyValues,
  type FieldErrors,
} from '../model/profile-values';
import { useProfileSave } from '../model/use-profile-save';
import { AddressFields } from './address-fields';
import styles from './profile-page.module.css';
import { SaveFeedback } from './save-feedback';

/** Company name, tax data, referent and legal address of a company account. */
export function CompanyDataForm({ me }: { me: MeProfile }) {
  const { t } = useTranslation('profile');
  const [values, setValues] = useState<CompanyValues>(() => companyValues(me));
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useProfileSave(saveCorporateData);
  const set = (key: Exclude<keyof CompanyValues, 'address'>) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [key]: event.target.value }));
  const errorOf = (key: string) => (errors[key] ? t(errors[key]) : undefined);
  const common = { requiredMark: t('requiredMark') };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = companyErrors(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      save.reset();
      return;
    }
    save.mutate(companyPayload(values));
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="profile-company-title" data-testid="company-data-form">
      <h2 id="profile-company-title" className={styles.sectionTitle}>
        {t('company.title')}
      </h2>
      <div className={styles.grid}>
        <TextField
          {...common}
          required
          name="companyName"
          label={t('company.companyName')}
          autoComplete="organization"
          maxLength={200}
          value={values.companyName}
          onChange={set('companyName')}
          error={errorOf('companyName')}
          className={styles.wide}
        />
        <TextField
          {...common}
          required
          name="VATNumber"
          label={t('company.VATNumber')}
          inputMode="numeric"
          maxLength={11}
          value={values.VATNumber}
          onChange={set('VATNumber')}
          error={errorOf('VATNumber')}
          help={errorOf('VATNumber') ? undefined : t('company.VATNumberHelp')}
        />
        <TextField
          name="pecAddress"
          type="email"
          label={t('company.pecAddress')}
          maxLength={254}
          value={values.pecAddress}
          onChange={set('pecAddress')}
          error={errorOf('pecAddress')}
        />
        <TextField
          name="uniqueCode"
          label={t('company.uniqueCode')}
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={7}
          value={values.uniqueCode}
          onChange={set('uniqueCode')}
          error={errorOf('uniqueCode')}
          help={errorOf('uniqueCode') ? undefined : t('company.uniqueCodeHelp')}
        />
      </div>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('company.referent')}</legend>
        <div className={styles.grid}>
          <TextField
            {...common}
            required
            name="referentName"
            label={t('company.referentName')}
            maxLength={100}
            value={values.referentName}
            onChange={set('referentName')}
            error={errorOf('referentName')}
          />
          <TextField
            {...common}
            required
            name="referentSurname"
            label={t('company.referentSurname')}
            maxLength={100}
            value={values.referentSurname}
            onChange={set('referentSurname')}
            error={errorOf('referentSurname')}
          />
          <TextField
            name="referentPhone"
            type="tel"
            label={t('company.referentPhone')}
            maxLength={21}
            value={values.referentPhone}
            onChange={set('referentPhone')}
            error={errorOf('referentPhone')}
          />
        </div>
      </fieldset>
      <AddressFields
        name="legal"
        legend={t('address.legal')}
        value={values.address}
        onChange={(address) => setValues((current) => ({ ...current, address }))}
        errors={errors}
        required
      />
      {Object.keys(errors).length > 0 ? (
        <p className={styles.formError} role="alert">
          {t('save.errors.fields')}
        </p>
      ) : null}
      <SaveFeedback status={save.status} error={save.error} />
      <div className={styles.actions}>
        <Button type="submit" loading={save.isPending}>
          {save.isPending ? t('save.saving') : t('company.save')}
        </Button>
      </div>
    </form>
  );
}
