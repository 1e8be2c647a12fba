import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import {
  appointmentErrorKey,
  appointmentErrorType,
  formatVisitTime,
  type AppointmentAnswerEvent,
  type AppointmentAnswers,
  type AppointmentItem,
} from '@/entities/appointment';
import { useTranslation } from '@/shared/i18n';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { ChoiceCards } from '@/shared/ui/choice-cards';
import { Modal } from '@/shared/ui/modal';
import { Text } from '@/shared/ui/text';
import styles from './appointments.module.css';

export interface ConfirmModalProps {
  appointment: AppointmentItem;
  answers: AppointmentAnswers;
  pending: boolean;
  pendingEvent?: AppointmentAnswerEvent;
  error: unknown;
  onConfirm: (slot: string) => void;
  onAcceptWithPhone: () => void;
  onClose: () => void;
}

/**
 * The owner answers a request: one of the requested slots the machine lets them confirm
 * (a radio group), or, when the machine allows it, accepting and sharing their phone number
 * so the buyer calls to agree the time.
 */
export function ConfirmModal({
  appointment,
  answers,
  pending,
  pendingEvent,
  error,
  onConfirm,
  onAcceptWithPhone,
  onClose,
}: ConfirmModalProps) {
  const { t } = useTranslation('appointments');
  const [slot, setSlot] = useState<string | undefined>(answers.confirm.length === 1 ? answers.confirm[0] : undefined);
  const [missing, setMissing] = useState(false);
  const name = appointment.OtherPartyName ?? t('card.someone');
  const title = appointment.Property.Title;
  const canPickSlot = answers.confirm.length > 0;
  const errorType = appointmentErrorType(error);

  return (
    <Modal
      open
      onClose={onClose}
      title={t('confirm.title')}
      closeLabel={t('confirm.close')}
      size="small"
      footer={
        <div className={styles.modalActions}>
          <Button variant="ghost" onClick={onClose} disabled={pending}>
            {t('confirm.back')}
          </Button>
        </div>
      }
    >
      <div className={styles.modalBody}>
        <Text>{t('confirm.text', { name, title })}</Text>
        {canPickSlot ? (
          <ChoiceCards
            legend={t('confirm.slots')}
            options={answers.confirm.map((value) => ({ value, label: formatVisitTime(value) }))}
            value={slot}
            onChange={(value) => {
              setSlot(value);
              setMissing(false);
            }}
            error={missing ? t('confirm.pickSlot') : undefined}
            name={`confirm-${appointment.Id}`}
          />
        ) : null}
        {canPickSlot ? (
          <div>
            <Button
              onClick={() => {
                if (!slot) return setMissing(true);
                onConfirm(slot);
              }}
              loading={pending && pendingEvent === 'CONFIRM'}
              disabled={pending}
              data-testid="confirm-slot"
            >
              {pending && pendingEvent === 'CONFIRM' ? t('confirm.busy') : t('confirm.submit')}
            </Button>
          </div>
        ) : null}
        {error && errorType !== 'AppointmentOwnerPhoneMissing' ? (
          <Alert tone="error" live>
            {t(appointmentErrorKey(error))}
          </Alert>
        ) : null}
        {answers.acceptWithPhone ? (
          <section className={styles.phoneOption} aria-labelledby={`phone-${appointment.Id}`}>
            {canPickSlot ? <p className={styles.or}>{t('confirm.or')}</p> : null}
            <h3 id={`phone-${appointment.Id}`} className={styles.phoneTitle}>
              {t('confirm.phoneTitle')}
            </h3>
            <Text>{t('confirm.phoneText', { name })}</Text>
            {errorType === 'AppointmentOwnerPhoneMissing' ? (
              <Alert tone="error" live>
                {t('errors.AppointmentOwnerPhoneMissing')}{' '}
                <Link to="/myrexer/profilo" className={styles.inlineLink}>
                  {t('confirm.profileLink')}
                </Link>
              </Alert>
            ) : null}
            <div>
              <Button
                variant="secondary"
                onClick={onAcceptWithPhone}
                loading={pending && pendingEvent === 'ACCEPT_WITH_PHONE'}
                disabled={pending}
                data-testid="accept-with-phone"
              >
                {pending && pendingEvent === 'ACCEPT_WITH_PHONE' ? t('confirm.phoneBusy') : t('confirm.phoneSubmit')}
              </Button>
            </div>
          </section>
        ) : null}
      </div>
    </Modal>
  );
}
