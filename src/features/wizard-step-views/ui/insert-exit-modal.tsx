import type { ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n';
import { Button } from '@/shared/ui/button';
import { Modal } from '@/shared/ui/modal';
import styles from './wizard-frame.module.css';

export interface InsertExitModalProps {
  open: boolean;
  /** The user leaves the wizard. */
  onConfirm: () => void;
  /** The user stays (also Escape, the close button and the backdrop). */
  onCancel: () => void;
  /** What happens to the answers, when the page says it otherwise than the default. */
  message?: ReactNode;
}

/** The spec's "insert exit" modal: asks before the user leaves a wizard midway. */
export function InsertExitModal({ open, onConfirm, onCancel, message }: InsertExitModalProps) {
  const { t } = useTranslation('wizard');
  return (
    <Modal
      open={open}
      onClose={onCancel}
      title={t('exitModal.title')}
      closeLabel={t('exitModal.close')}
      size="small"
      footer={
        <div className={styles.exitActions}>
          <Button variant="secondary" onClick={onCancel}>
            {t('exitModal.stay')}
          </Button>
          <Button variant="primary" onClick={onConfirm}>
            {t('exitModal.leave')}
          </Button>
        </div>
      }
    >
      <p className={styles.exitBody}>{message ?? t('exitModal.body')}</p>
    </Modal>
  );
}
