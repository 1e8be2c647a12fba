import { Link } from '@tanstack/react-router';
import { useRef, useState, type ReactNode } from 'react';
import { isPersonName } from '@domain/person-name';
import type { PersonalData } from '@domain/wizard-steps';
import { Trans, useTranslation } from '@/shared/i18n';
import { Checkbox } from '@/shared/ui/checkbox';
import { Select } from '@/shared/ui/select';
import { StepForm } from '@/shared/ui/step-form';
import { TextField } from '@/shared/ui/text-field';
import type { StepViewProps } from '../../model/step-view';
import { focusFirstInvalid } from '../../lib/focus-invalid';
import styles from './steps.module.css';

export const PHONE_PREFIXES = ['+39', '+378', '+41', '+33', '+49', '+43', '+34', '+44', '+1'] as const;
const NAME_MAX = 60;

type Field = 'name' | 'surname' | 'phone' | 'terms' | 'privacy';

/**
 * What is wrong with the personal data, field by field (translation keys of steps.personalData.errors):
 * nothing exactly when `isValidAnswer('personalData', …)` of domain/wizard-steps accepts them (the
 * step's test checks it), without loading the step table on the wizard's first screen.
 */
export function personalDataProblems(data: PersonalData): Partial<Record<Field, string>> {
  const problems: Partial<Record<Field, string>> = {};
  if (!data.name.trim()) problems.name = 'name';
  else if (data.name.length > NAME_MAX) problems.name = 'tooLong';
  else if (!isPersonName(data.name)) problems.name = 'nameCharacters';
  if (!data.surname.trim()) problems.surname = 'surname';
  else if (data.surname.length > NAME_MAX) problems.surname = 'tooLong';
  else if (!isPersonName(data.surname)) problems.surname = 'surnameCharacters';
  const digits = data.phone.replace(/ /g, '');
  if (!/^[\d ]+$/.test(data.phone) || digits.length < 6 || digits.length > 15) problems.phone = 'phone';
  if (!data.termsAndConditions) problems.terms = 'terms';
  if (!data.privacy) problems.privacy = 'privacy';
  return problems;
}

const EMPTY: PersonalData = {
  name: '',
  surname: '',
  phonePrefix: '+39',
  phone: '',
  termsAndConditions: false,
  privacy: false,
  commercialConsent: false,
  partnerConsent: false,
};

/** Step 0: who the visitor is (the silent account is made of it at step 1). */
export default function PersonalDataStep({ flow, answer, busy, error, onAnswer }: StepViewProps<'personalData'>) {
  const { t } = useTranslation('wizard');
  const [data, setData] = useState<PersonalData>(answer ?? EMPTY);
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const fieldsRef = useRef<HTMLDivElement>(null);
  const listing = flow !== 'valuation';

  const set = <K extends keyof PersonalData>(key: K, value: PersonalData[K], field?: Field) => {
    setData((current) => ({ ...current, [key]: value }));
    if (field && problems[field]) setProblems((current) => ({ ...current, [field]: undefined }));
  };
  const errorOf = (field: Field) => (problems[field] ? t(`steps.personalData.errors.${problems[field]}`) : undefined);

  const submit = () => {
    const value: PersonalData = {
      ...data,
      name: data.name.trim(),
      surname: data.surname.trim(),
      phone: data.phone.trim().replace(/\s+/g, ' '),
    };
    const found = personalDataProblems(value);
    setProblems(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(fieldsRef.current);
      return;
    }
    onAnswer(value);
  };

  const newTab = t('steps.personalData.opensInNewTab');
  return (
    <StepForm
      title={t(listing ? 'steps.personalData.titleListing' : 'steps.personalData.title')}
      hint={t(listing ? 'steps.personalData.hintListing' : 'steps.personalData.hint')}
      onSubmit={submit}
      busy={busy}
      error={error}
    >
      <div ref={fieldsRef} className={styles.fields}>
        <TextField
          label={t('steps.personalData.name')}
          name="name"
          autoComplete="given-name"
          value={data.name}
          maxLength={NAME_MAX}
          onChange={(e) => set('name', e.target.value, 'name')}
          error={errorOf('name')}
          required
          requiredMark={t('required')}
        />
        <TextField
          label={t('steps.personalData.surname')}
          name="surname"
          autoComplete="family-name"
          value={data.surname}
          maxLength={NAME_MAX}
          onChange={(e) => set('surname', e.target.value, 'surname')}
          error={errorOf('surname')}
          required
          requiredMark={t('required')}
        />
        <div className={styles.phoneRow}>
          <Select
            className={styles.prefix}
            label={t('steps.personalData.phonePrefix')}
            name="phonePrefix"
            autoComplete="tel-country-code"
            value={data.phonePrefix}
            onChange={(e) => set('phonePrefix', e.target.value)}
            options={PHONE_PREFIXES.map((prefix) => ({
              value: prefix,
              label: t(`steps.personalData.prefixes.${prefix}`),
            }))}
          />
          <TextField
            className={styles.phone}
            label={t('steps.personalData.phone')}
            type="tel"
            name="phone"
            autoComplete="tel-national"
            inputMode="tel"
            value={data.phone}
            onChange={(e) => set('phone', e.target.value, 'phone')}
            help={t('steps.personalData.phoneHelp')}
            error={errorOf('phone')}
            required
            requiredMark={t('required')}
          />
        </div>
        <fieldset className={styles.consents}>
          <legend className={styles.legend}>{t('steps.personalData.consents')}</legend>
          <Checkbox
            name="termsAndConditions"
            checked={data.termsAndConditions}
            onChange={(e) => set('termsAndConditions', e.target.checked, 'terms')}
            error={errorOf('terms')}
            label={
              <Trans
                t={t}
                i18nKey="steps.personalData.terms"
                components={{ terms: <NewTabLink to="/terminiecondizioni" note={newTab} /> }}
              />
            }
          />
          <Checkbox
            name="privacy"
            checked={data.privacy}
            onChange={(e) => set('privacy', e.target.checked, 'privacy')}
            error={errorOf('privacy')}
            label={
              <Trans
                t={t}
                i18nKey="steps.personalData.privacy"
                components={{ privacy: <NewTabLink to="/privacy" note={newTab} /> }}
              />
            }
          />
          <Checkbox
            name="commercialConsent"
            checked={data.commercialConsent}
            onChange={(e) => set('commercialConsent', e.target.checked)}
            label={t('steps.personalData.commercial')}
          />
          <Checkbox
            name="partnerConsent"
            checked={data.partnerConsent}
            onChange={(e) => set('partnerConsent', e.target.checked)}
            label={t('steps.personalData.partner')}
          />
        </fieldset>
      </div>
    </StepForm>
  );
}

/** A link to a legal page in a new tab (the form stays as filled), saying so to screen readers. */
function NewTabLink({
  to,
  note,
  children,
}: {
  to: '/terminiecondizioni' | '/privacy';
  note: string;
  children?: ReactNode;
}) {
  return (
    <Link to={to} target="_blank" rel="noopener">
      {children}
      <span className="visually-hidden"> {note}</span>
    </Link>
  );
}
