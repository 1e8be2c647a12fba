import { useQuery } from '@tanstack/react-query';
import { meQueryOptions, type MeProfile } from '@/entities/account';
import { useTranslation } from '@/shared/i18n';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { Card } from '@/shared/ui/card';
import { Page } from '@/shared/ui/page';
import { Spinner } from '@/shared/ui/spinner';
import { addressesQueryOptions } from '../api/profile-api';
import { AccountTypeSection } from './account-type-section';
import { AvatarSection } from './avatar-section';
import { CompanyDataForm } from './company-data-form';
import { ConsentsSection } from './consents-section';
import { DeleteAccountSection } from './delete-account-section';
import { DownloadDataSection } from './download-data-section';
import { OtherAddressesSection } from './other-addresses-section';
import { PasswordSection } from './password-section';
import { PhoneSection } from './phone-section';
import { SessionsSection } from './sessions-section';
import { PrivateDataForm } from './private-data-form';
import styles from './profile-page.module.css';
import { PageMeta } from '@/shared/ui/page-meta';

export interface ProfilePageProps {
  /** Called once the account is deleted: the app clears its session and goes home. */
  onAccountDeleted: () => void;
}

/** /myrexer/profilo: every part of the profile, each saved on its own and read again from Me. */
export function ProfilePage({ onAccountDeleted }: ProfilePageProps) {
  const { t } = useTranslation('profile');
  const me = useQuery(meQueryOptions());
  return (
    <Page
      title={t('title')}
      intro={t('intro')}
      headerExtra={
        me.data ? (
          <p className={styles.intro} data-testid="profile-email">
            {t('signedInAs', { email: me.data.email })}
          </p>
        ) : null
      }
    >
      <PageMeta title={t('meta')} noindex />
      {me.data ? (
        <ProfileSections me={me.data} onAccountDeleted={onAccountDeleted} />
      ) : me.isError ? (
        <Alert tone="error" title={t('loadError')}>
          <Button variant="secondary" size="small" onClick={() => void me.refetch()}>
            {t('retry')}
          </Button>
        </Alert>
      ) : (
        <Spinner label={t('loading')} />
      )}
    </Page>
  );
}

function ProfileSections({ me, onAccountDeleted }: { me: MeProfile; onAccountDeleted: () => void }) {
  const { t } = useTranslation('profile');
  const addresses = useQuery(addressesQueryOptions());
  const company = me.businessName === 1;
  return (
    <div className={styles.sections} data-testid="profile" data-account-type={company ? 'company' : 'private'}>
      {!me.RegistrationConfirmed ? <Alert tone="info">{t('notConfirmed', { email: me.email })}</Alert> : null}
      <Card className={styles.card}>
        <AvatarSection me={me} />
      </Card>
      <Card className={styles.card}>
        <AccountTypeSection me={me} />
      </Card>
      <Card className={styles.card}>
        {/* Each form starts from Me when it appears; the key renews it after a type change. */}
        {company ? <CompanyDataForm key="company" me={me} /> : <PrivateDataForm key="private" me={me} />}
      </Card>
      <Card className={styles.card}>
        {addresses.data ? (
          <OtherAddressesSection me={me} addresses={addresses.data} />
        ) : addresses.isError ? (
          <Alert tone="error" title={t('address.loadError')}>
            <Button variant="secondary" size="small" onClick={() => void addresses.refetch()}>
              {t('retry')}
            </Button>
          </Alert>
        ) : (
          <Spinner label={t('address.loading')} />
        )}
      </Card>
      <Card className={styles.card}>
        <PhoneSection me={me} />
      </Card>
      <Card className={styles.card}>
        <ConsentsSection me={me} />
      </Card>
      <Card className={styles.card}>
        <PasswordSection me={me} />
      </Card>
      <Card className={styles.card}>
        <SessionsSection />
      </Card>
      <Card className={styles.card}>
        <DownloadDataSection me={me} />
      </Card>
      <Card className={styles.card}>
        <DeleteAccountSection me={me} onAccountDeleted={onAccountDeleted} />
      </Card>
    </div>
  );
}
