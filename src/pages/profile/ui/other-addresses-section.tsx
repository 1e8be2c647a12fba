import { useState, type FormEvent } from 'react';
import type { MeProfile } from '@/entities/account';
import { useTranslation } from '@/shared/i18n';
import { Button } from '@/shared/ui/button';
import { removeAddress, saveAddress } from '../api/profile-api';
import {
  addressErrors,
  addressPayload,
  isBlankAddress,
  meAddress,
  storedAddressValues,
  type AddressValues,
  type FieldErrors,
  type StoredAddress,
} from '../model/profile-values';
import { useProfileSave } from '../model/use-profile-save';
import { AddressFields } from './address-fields';
import styles from './profile-page.module.css';
import { SaveFeedback } from './save-feedback';

const TYPES = ['shipping', 'billing'] as const;
type OtherType = (typeof TYPES)[number];

/**
 * The shipping and the billing address: both optional, in one form with one save. An
 * address left empty is not asked for; one being filled needs all its fields, and only then
 * are they marked as required. A stored address can be removed on its own.
 */
export function OtherAddressesSection({ me, addresses }: { me: MeProfile; addresses: readonly StoredAddress[] }) {
  const { t } = useTranslation('profile');
  const stored = (type: OtherType) => addresses.find((address) => address.Type === type);
  const [values, setValues] = useState<Record<OtherType, AddressValues>>(() => ({
    shipping: storedAddressValues(stored('shipping')),
    billing: storedAddressValues(stored('billing')),
  }));
  const [errors, setErrors] = useState<Record<OtherType, FieldErrors>>({ shipping: {}, billing: {} });
  const save = useProfileSave(async (toSave: Record<OtherType, AddressValues>) => {
    for (const type of TYPES) if (!isBlankAddress(toSave[type])) await saveAddress(type, addressPayload(toSave[type]));
  });
  const remove = useProfileSave((type: OtherType) => removeAddress(type));
  const main = meAddress(me);
  const filling = (type: OtherType) => stored(type) !== undefined || !isBlankAddress(values[type]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      shipping: addressErrors(values.shipping, { required: false }),
      billing: addressErrors(values.billing, { required: false }),
    };
    setErrors(found);
    remove.reset();
    if (Object.keys(found.shipping).length + Object.keys(found.billing).length > 0) {
      save.reset();
      return;
    }
    save.mutate(values);
  };

  const onRemove = (type: OtherType) => {
    save.reset();
    setErrors((current) => ({ ...current, [type]: {} }));
    remove.mutate(type, {
      onSuccess: () => setValues((current) => ({ ...current, [type]: storedAddressValues(undefined) })),
    });
  };

  const hasErrors = Object.keys(errors.shipping).length + Object.keys(errors.billing).length > 0;
  return (
    <section aria-labelledby="profile-addresses-title">
      <h2 id="profile-addresses-title" className={styles.sectionTitle}>
        {t('address.othersTitle')}
      </h2>
      <p className={styles.muted}>{t('address.othersIntro')}</p>
      <form onSubmit={submit} noValidate data-testid="other-addresses" className={styles.sectionBody}>
        {TYPES.map((type) => (
          <div key={type} className={styles.subForm} data-testid={`address-${type}`} data-filling={filling(type)}>
            <AddressFields
              name={type}
              legend={t('address.optionalLegend', { name: t(`address.${type}`) })}
              value={values[type]}
              onChange={(value) => setValues((current) => ({ ...current, [type]: value }))}
              errors={errors[type]}
              required={filling(type)}
            />
            <div className={styles.actions}>
              {main.address ? (
                <Button
                  variant="ghost"
                  onClick={() => setValues((current) => ({ ...current, [type]: { ...main } }))}
                  disabled={save.isPending || remove.isPending}
                >
                  {t(me.businessName === 1 ? 'address.copyLegal' : 'address.copyResidential')}
                </Button>
              ) : null}
              {stored(type) ? (
                <Button
                  variant="secondary"
                  onClick={() => onRemove(type)}
                  loading={remove.isPending && remove.variables === type}
                  disabled={save.isPending}
                >
                  {t(`address.remove.${type}`)}
                </Button>
              ) : null}
            </div>
          </div>
        ))}
        {hasErrors ? (
          <p className={styles.formError} role="alert">
            {t('save.errors.fields')}
          </p>
        ) : null}
        <SaveFeedback status={save.status} error={save.error} />
        <SaveFeedback status={remove.status} error={remove.error} successKey="address.removed" />
        <div className={styles.actions}>
          <Button type="submit" loading={save.isPending} disabled={remove.isPending}>
            {save.isPending ? t('save.saving') : t('address.saveOthers')}
          </Button>
        </div>
      </form>
    </section>
  );
}
