import { useTranslation } from '@/shared/i18n';
import { TextField } from '@/shared/ui/text-field';
import type { AddressValues, FieldErrors } from '../model/profile-values';
import styles from './profile-page.module.css';

export interface AddressFieldsProps {
  /** Prefixes the inputs' names and ids, so two addresses on one page stay apart. */
  name: string;
  legend: string;
  value: AddressValues;
  onChange: (value: AddressValues) => void;
  /** Keys as the validators give them: `address.city` ... */
  errors: FieldErrors;
  required: boolean;
  help?: string;
}

/** Street, number, city, CAP and province of one address, as a fieldset. */
export function AddressFields({ name, legend, value, onChange, errors, required, help }: AddressFieldsProps) {
  const { t } = useTranslation('profile');
  const set = (key: keyof AddressValues) => (event: { target: { value: string } }) =>
    onChange({ ...value, [key]: event.target.value });
  const errorOf = (key: keyof AddressValues) => (errors[`address.${key}`] ? t(errors[`address.${key}`]) : undefined);
  const common = { required, requiredMark: t('requiredMark') };
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{legend}</legend>
      {help ? <p className={styles.muted}>{help}</p> : null}
      <div className={styles.grid}>
        <TextField
          {...common}
          id={`${name}-street`}
          name={`${name}-street`}
          label={t('address.street')}
          autoComplete={`section-${name} street-address`}
          maxLength={200}
          value={value.address}
          onChange={set('address')}
          error={errorOf('address')}
          className={styles.wide}
        />
        <TextField
          {...common}
          id={`${name}-number`}
          name={`${name}-number`}
          label={t('address.number')}
          maxLength={20}
          value={value.number}
          onChange={set('number')}
          error={errorOf('number')}
        />
        <TextField
          {...common}
          id={`${name}-city`}
          name={`${name}-city`}
          label={t('address.city')}
          autoComplete={`section-${name} address-level2`}
          maxLength={120}
          value={value.city}
          onChange={set('city')}
          error={errorOf('city')}
        />
        <TextField
          {...common}
          id={`${name}-postal-code`}
          name={`${name}-postal-code`}
          label={t('address.postalCode')}
          autoComplete={`section-${name} postal-code`}
          inputMode="numeric"
          maxLength={5}
          value={value.postalCode}
          onChange={set('postalCode')}
          error={errorOf('postalCode')}
        />
        <TextField
          {...common}
          id={`${name}-province`}
          name={`${name}-province`}
          label={t('address.province')}
          help={errorOf('province') ? undefined : t('address.provinceHelp')}
          autoComplete="off"
          maxLength={2}
          value={value.province}
          onChange={set('province')}
          error={errorOf('province')}
        />
      </div>
    </fieldset>
  );
}
