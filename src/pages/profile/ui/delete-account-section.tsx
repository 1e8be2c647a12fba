import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MeProfile } from '@/entities/account';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { Modal } from '@/shared/ui/modal';
import { deleteAccount } from '../api/profile-api';
import { saveErrorKey } from '../model/use-profile-save';
import styles from './profile-page.module.css';

/** Account deletion behind a confirmation; the app ends the session once it is done. */
export function DeleteAccountSection({ me, onAccountDeleted }: { me: MeProfile; onAccountDeleted: () => void }) {
  const { t } = useTranslation('profile');
  const [open, setOpen] = useState(false);
  const remove = useMutation({ mutationFn: () => deleteAccount(me.id), onSuccess: () => onAccountDeleted() });
  const close = () => {
    if (remove.isPending) return;
    remove.reset();
    setOpen(false);
  };

  return (
    <section aria-labelledby="profile-delete-title">
      <h2 id="profile-delete-title" className={styles.sectionTitle}>
        {t('delete.title')}
      </h2>
      <p className={styles.muted}>{t('delete.intro')}</p>
      <div className={styles.actions}>
        <Button variant="secondary" className={styles.danger} onClick={() => setOpen(true)} aria-haspopup="dialog">
          {t('delete.open')}
        </Button>
      </div>
      <Modal
        open={open}
        onClose={close}
        title={t('delete.modalTitle')}
        closeLabel={t('close')}
        size="small"
        closeOnBackdrop={!remove.isPending}
        footer={
          <>
            <Button variant="ghost" onClick={close} disabled={remove.isPending}>
              {t('delete.cancel')}
            </Button>
            <Button className={styles.dangerSolid} onClick={() => remove.mutate()} loading={remove.isPending}>
              {remove.isPending ? t('delete.deleting') : t('delete.confirm')}
            </Button>
          </>
        }
      >
        <p className={styles.modalText}>{t('delete.modalText', { email: me.email })}</p>
        {remove.isError ? <Alert tone="error">{t(saveErrorKey(remove.error))}</Alert> : null}
      </Modal>
    </section>
  );
}
