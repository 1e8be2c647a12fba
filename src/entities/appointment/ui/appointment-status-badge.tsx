import { useTranslation } from '@/shared/i18n';
import { cx } from '@/shared/lib/class-names';
import type { AppointmentItem } from '../api/appointment-api';
import styles from './appointment-status-badge.module.css';

const TONE: Record<number, string | undefined> = {
  1: styles.waiting,
  2: styles.confirmed,
  3: styles.closed,
  4: styles.confirmed,
  5: styles.closed,
  6: styles.closed,
};

/**
 * The status of a visit in words ("In attesa di risposta", "Confermata" ...); a confirmed
 * visit whose time has passed reads "Visita effettuata" (the server's Done: the machine has
 * no "visited" status). The words carry the meaning; the colour only repeats it.
 */
export function AppointmentStatusBadge({
  appointment,
}: {
  appointment: Pick<AppointmentItem, 'Status' | 'Done' | 'Role'>;
}) {
  const { t } = useTranslation('appointments');
  const key = appointment.Done ? 'done' : String(appointment.Status);
  return (
    <span
      className={cx(styles.badge, appointment.Done ? styles.done : TONE[appointment.Status])}
      data-testid="appointment-status"
      data-status={appointment.Status}
    >
      {t(`status.${appointment.Role}.${key}`)}
    </span>
  );
}
