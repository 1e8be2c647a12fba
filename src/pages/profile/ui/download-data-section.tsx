import { useMutation } from '@tanstack/react-query';
import type { MeProfile } from '@/entities/account';
import { ApiError } from '@/shared/api';
import { useTranslation } from '@/shared/i18n';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { exportMyData, type AccountDataFile } from '../api/profile-api';
import { saveErrorKey } from '../model/use-profile-save';
import { ConfirmIdentity, needsRecentLogin } from './confirm-identity';
import styles from './profile-page.module.css';

/** Hands a downloaded file to the browser, which saves it under its name. */
function saveFile({ blob, filename }: AccountDataFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has started the download by now; the address is freed once it has read it.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * «Scarica i tuoi dati»: everything kept about the account as a JSON file. The server wants a
 * login from the last 10 minutes: when it asks, the password is typed again (or a social-only
 * account logs in again with its provider) and the download starts again.
 */
export function DownloadDataSection({ me }: { me: MeProfile }) {
  const { t } = useTranslation('profile');
  const download = useMutation({ mutationFn: () => exportMyData(), onSuccess: saveFile });
  const askIdentity = needsRecentLogin(download.error);
  const tooMany = download.error instanceof ApiError && download.error.status === 429;

  return (
    <section aria-labelledby="profile-data-title">
      <h2 id="profile-data-title" className={styles.sectionTitle}>
        {t('data.title')}
      </h2>
      <p className={styles.muted}>{t('data.intro')}</p>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => download.mutate()} loading={download.isPending}>
          {download.isPending ? t('data.preparing') : t('data.download')}
        </Button>
      </div>
      {download.isSuccess ? (
        <p className={styles.muted} role="status">
          {t('data.done')}
        </p>
      ) : null}
      {askIdentity ? <ConfirmIdentity me={me} onConfirmed={() => download.mutate()} /> : null}
      {download.isError && !askIdentity ? (
        <Alert tone="error">{t(tooMany ? 'data.tooMany' : saveErrorKey(download.error))}</Alert>
      ) : null}
    </section>
  );
}
