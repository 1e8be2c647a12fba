import { useState } from 'react';
import { appointmentErrorKey, type AppointmentItem } from '@/entities/appointment';
import { useTranslation } from '@/shared/i18n';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { ChoiceCards } from '@/shared/ui/choice-cards';
import { Modal } from '@/shared/ui/modal';
import { Text } from '@/shared/ui/text';
import { cancelVariant } from '../model/view';
import styles from './appointments.module.css';

export interface CancelModalProps {
  appointment: AppointmentItem;
  /** The reasons the machine lets the viewer give (their side's only). */
  reasons: readonly number[];
  pending: boolean;
  error: unknown;
  onCancel: (reason: number) => void;
  onClose: () => void;
}

/** Cancelling (withdrawing, refusing) a visit: a reason of the viewer's side is required. */
export function CancelModal({ appointment, reasons, pending, error, onCancel, onClose }: CancelModalProps) {
  const { t } = useTranslation('appointments');
  const [reason, setReason] = useState<number | undefined>(undefined);
  const [missing, setMissing] = useState(false);
  const variant = cancelVariant(appointment);
  const name = appointment.OtherPartyName ?? t('card.someone');

  return (
    <Modal
      open
      onClose={onClose}
      title={t(`cancel.title.${variant}`)}
      closeLabel={t('cancel.close')}
      size="small"
      footer={
        <div className={styles.modalActions}>
          <Button variant="ghost" onClick={onClose} disabled={pending}>
            {t('cancel.back')}
          </Button>
          <Button
            onClick={() => {
              if (reason === undefined) return setMissing(true);
              onCancel(reason);
            }}
            loading={pending}
            data-testid="cancel-submit"
          >
            {pending ? t('cancel.busy') : t(`cancel.submit.${variant}`)}
          </Button>
        </div>
      }
    >
      <div className={styles.modalBody}>
        <Text>{t(`cancel.text.${appointment.Role}`, { name, title: appointment.Property.Title })}</Text>
        <ChoiceCards
          legend={t('cancel.reasons')}
          options={reasons.map((value) => ({ value, label: t(`reason.choice.${value}`) }))}
          value={reason}
          onChange={(value) => {
            setReason(value);
            setMissing(false);
          }}
          error={missing ? t('cancel.pickReason') : undefined}
          name={`cancel-${appointment.Id}`}
        />
        {error ? (
          <Alert tone="error" live>
            {t(appointmentErrorKey(error))}
          </Alert>
        ) : null}
      </div>
    </Modal>
  );
}
