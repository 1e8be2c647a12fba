import { useState } from 'react';
import type { MeProfile } from '@/entities/account';
import { useTranslation } from '@/shared/i18n';
import { Checkbox } from '@/shared/ui/checkbox';
import { Icon } from '@/shared/ui/icon';
import { changeConsent } from '../api/profile-api';
import { useProfileSave } from '../model/use-profile-save';
import styles from './profile-page.module.css';
import { SaveFeedback } from './save-feedback';

type ConsentKind = 'commercial' | 'partner';

/** Terms and privacy as accepted; the commercial and partner consents as switches saved at once. */
export function ConsentsSection({ me }: { me: MeProfile }) {
  const { t } = useTranslation('profile');
  return (
    <section aria-labelledby="profile-consents-title">
      <h2 id="profile-consents-title" className={styles.sectionTitle}>
        {t('consents.title')}
      </h2>
      <ul className={styles.accepted}>
        {(['terms', 'privacy'] as const).map((kind) => {
          const accepted = kind === 'terms' ? me.termsConsent : me.privacyConsent;
          return (
            <li key={kind}>
              <Icon name={accepted ? 'check' : 'alert'} className={accepted ? styles.ok : styles.pending} />
              <span>
                {t(`consents.${kind}`)}: <strong>{t(`consents.${kind}${accepted ? 'Accepted' : 'Pending'}`)}</strong>
              </span>
            </li>
          );
        })}
      </ul>
      <div className={styles.sectionBody}>
        <ConsentSwitch kind="commercial" granted={me.commercialConsent} />
        <ConsentSwitch kind="partner" granted={me.partnerConsent} />
      </div>
    </section>
  );
}

function ConsentSwitch({ kind, granted }: { kind: ConsentKind; granted: boolean }) {
  const { t } = useTranslation('profile');
  const save = useProfileSave((value: boolean) => changeConsent(kind, value));
  // The switch moves at once; a refused change goes back to what Me says.
  const [shown, setShown] = useState<boolean | null>(null);
  const checked = save.isPending || save.isSuccess ? (shown ?? granted) : granted;
  return (
    <div>
      <Checkbox
        role="switch"
        name={`${kind}Consent`}
        label={t(`consents.${kind}`)}
        help={t(`consents.${kind}Help`)}
        checked={checked}
        aria-checked={checked}
        disabled={save.isPending}
        onChange={(event) => {
          const value = event.target.checked;
          setShown(value);
          save.mutate(value);
        }}
      />
      <SaveFeedback
        status={save.status}
        error={save.error}
        successKey={checked ? 'consents.granted' : 'consents.withdrawn'}
      />
    </div>
  );
}
