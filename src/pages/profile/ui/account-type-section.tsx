import type { MeProfile } from '@/entities/account';
import { useTranslation } from '@/shared/i18n';
import { Spinner } from '@/shared/ui/spinner';
import { changeBusinessName } from '../api/profile-api';
import { useProfileSave } from '../model/use-profile-save';
import styles from './profile-page.module.css';
import { SaveFeedback } from './save-feedback';

const KINDS = [
  { value: 0, key: 'private' },
  { value: 1, key: 'company' },
] as const;

/** Private or company account (ChangeBusinessName): the data form below follows the choice. */
export function AccountTypeSection({ me }: { me: MeProfile }) {
  const { t } = useTranslation('profile');
  const save = useProfileSave(changeBusinessName);
  // While the change is on its way the new choice shows; a refused one falls back to Me.
  const current = save.isPending ? save.variables : me.businessName;
  return (
    <section aria-labelledby="profile-account-type-title" data-testid="account-type">
      <h2 id="profile-account-type-title" className={styles.sectionTitle}>
        {t('accountType.title')}
      </h2>
      <p className={styles.muted}>{t('accountType.intro')}</p>
      <fieldset className={styles.plainFieldset}>
        <legend className="visually-hidden">{t('accountType.title')}</legend>
        <div className={styles.choices}>
          {KINDS.map((kind) => (
            <label key={kind.value} className={styles.choice}>
              <input
                type="radio"
                name="businessName"
                value={kind.value}
                checked={current === kind.value}
                disabled={save.isPending}
                onChange={() => save.mutate(kind.value)}
              />
              <span>
                <span className={styles.choiceLabel}>{t(`accountType.${kind.key}`)}</span>
                <span className={styles.choiceHelp}>{t(`accountType.${kind.key}Help`)}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {save.isPending ? <Spinner size="small" label={t('accountType.changing')} /> : null}
      <SaveFeedback status={save.status} error={save.error} successKey="accountType.saved" />
    </section>
  );
}
