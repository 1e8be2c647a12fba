import { Link } from '@tanstack/react-router';
import { useTranslation } from '@/shared/i18n';
import { Checkbox } from '@/shared/ui/checkbox';
import styles from './account-pages.module.css';

export interface Consents {
  terms: boolean;
  privacy: boolean;
  commercial: boolean;
  partner: boolean;
}

/** The four consents of a registration: terms and privacy required, the other two free. */
export function ConsentFields({
  value,
  onChange,
  errors,
}: {
  value: Consents;
  onChange: (next: Consents) => void;
  errors: { terms?: string; privacy?: string };
}) {
  const { t } = useTranslation('account');
  const set = (key: keyof Consents) => (event: { target: { checked: boolean } }) =>
    onChange({ ...value, [key]: event.target.checked });
  return (
    <fieldset className={styles.consents}>
      <legend className={styles.legend}>{t('registration.consents')}</legend>
      <Checkbox
        name="terms"
        label={
          <>
            {t('registration.terms')} (
            <Link to="/terminiecondizioni" target="_blank">
              {t('read')}
            </Link>
            )
          </>
        }
        checked={value.terms}
        onChange={set('terms')}
        error={errors.terms}
      />
      <Checkbox
        name="privacy"
        label={
          <>
            {t('registration.privacy')} (
            <Link to="/privacy" target="_blank">
              {t('read')}
            </Link>
            )
          </>
        }
        checked={value.privacy}
        onChange={set('privacy')}
        error={errors.privacy}
      />
      <Checkbox
        name="commercial"
        label={t('registration.commercial')}
        checked={value.commercial}
        onChange={set('commercial')}
      />
      <Checkbox name="partner" label={t('registration.partner')} checked={value.partner} onChange={set('partner')} />
    </fieldset>
  );
}
