import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { MeProfile } from '@/entities/account';
import { Button } from '@/shared/ui/button';
import { removeAddress, saveAddress } from '../api/profile-api';
import { addressErrors, addressPayload, meAddress, storedAddressValues, type AddressValues, type FieldErrors, type StoredAddress } from '../model/profile-values';
import { useProfileSave } from '../model/use-profile-save';
import { AddressFields } from './address-fields';
import styles from './profile-page.module.css';
import { SaveFeedback } from './save-feedback';

/** The shipping and the billing address, each saved or removed on its own. */
export function OtherAddressesSection({ me, addresses }: { me: MeProfile; addresses: readonly StoredAddress[] }) {
  const { t } = useTranslation('profile');
  return (
    <section aria-labelledby="profile-addresses-title">
      <h2 id="profile-addresses-title" className={styles.sectionTitle}>
        {t('address.othersTitle')}
      </h2>
      <p className={styles.muted}>{t('address.othersIntro')}</p>
      <div className={styles.sectionBody}>
        {(['shipping', 'billing'] as const).map((type) => (
          <AddressForm key={type} type={type} me={me} stored={addresses.find((address) => address.Type === type)} />
        ))}
      </div>
    </section>
  );
}

function AddressForm({ type, me, stored }: { type: 'shipping' | 'billing'; me: MeProfile; stored: StoredAddress | undefined }) {
  const { t } = useTranslation('profile');
  const [value, setValue] = useState<AddressValues>(() => storedAddressValues(stored));
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useProfileSave((address: AddressValues) => saveAddress(type, addressPayload(address)));
  const remove = useProfileSave(() => removeAddress(type));
  const main = meAddress(me);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = addressErrors(value, { required: true });
    setErrors(found);
    remove.reset();
    if (Object.keys(found).length > 0) {
      save.reset();
      return;
    }
    save.mutate(value);
  };

  const onRemove = () => {
    save.reset();
    setErrors({});
    remove.mutate(undefined, { onSuccess: () => setValue(storedAddressValues(undefined)) });
  };

  return (
    <form onSubmit={submit} noValidate data-testid={`address-${type}`} className={styles.subForm}>
      <AddressFields name={type} legend={t(`address.${type}`)} value={value} onChange={setValue} errors={errors} required />
      {Object.keys(errors).length > 0 ? <p className={styles.formError} role="alert">{t('save.errors.fields')}</p> : null}
      <SaveFeedback status={save.status} error={save.error} />
      <SaveFeedback status={remove.status} error={remove.error} successKey="address.removed" />
      <div className={styles.actions}>
        <Button type="submit" loading={save.isPending} disabled={remove.isPending}>
          {save.isPending ? t('save.saving') : t(`address.save.${type}`)}
        </Button>
        {main.address ? (
          <Button variant="ghost" onClick={() => setValue({ ...main })} disabled={save.isPending || remove.isPending}>
            {t(me.businessName === 1 ? 'address.copyLegal' : 'address.copyResidential')}
          </Button>
        ) : null}
        {stored ? (
          <Button variant="secondary" onClick={onRemove} loading={remove.isPending} disabled={save.isPending}>
            {t(`address.remove.${type}`)}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
