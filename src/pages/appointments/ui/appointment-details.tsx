import { useQuery } from '@tanstack/react-query';
import {
  appointmentQueryOptions,
  formatEventTime,
  type AppointmentHistoryEntry,
  type AppointmentItem,
} from '@/entities/appointment';
import { useLiveRefetchInterval } from '@/shared/api';
import { useTranslation } from '@/shared/i18n';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import styles from './appointments.module.css';

/**
 * A visit's details, loaded when the card opens (GET /api/Appointment/{id}): the buyer's
 * message, the phone numbers the server chooses to show (the owner's only while the buyer
 * is to call), and the history as a timeline.
 */
export function AppointmentDetails({ appointment }: { appointment: AppointmentItem }) {
  const { t } = useTranslation('appointments');
  const query = useQuery({ ...appointmentQueryOptions(appointment.Id), refetchInterval: useLiveRefetchInterval() });
  const name = appointment.OtherPartyName ?? t('card.someone');

  if (query.isError && !query.data) {
    return (
      <Alert tone="error" title={t('detail.loadError')}>
        <Button variant="secondary" size="small" onClick={() => void query.refetch()}>
          {t('detail.retry')}
        </Button>
      </Alert>
    );
  }
  if (!query.data) {
    return (
      <p className={styles.note} role="status">
        {t('detail.loading')}
      </p>
    );
  }
  const detail = query.data;
  const isOwner = detail.Role === 'owner';

  return (
    <div className={styles.details} data-testid="appointment-details">
      <dl className={styles.detailFacts}>
        <div>
          <dt>{isOwner ? t('detail.message', { name }) : t('detail.yourMessage')}</dt>
          <dd className={styles.message}>{detail.Message ?? t('detail.noMessage')}</dd>
        </div>
        {detail.OwnerPhone ? (
          <div>
            <dt>{t('detail.ownerPhone')}</dt>
            <dd>
              <a
                href={`tel:${detail.OwnerPhone.replace(/\s+/g, '')}`}
                className={styles.inlineLink}
                data-testid="owner-phone"
              >
                {detail.OwnerPhone}
              </a>
            </dd>
          </div>
        ) : null}
        {detail.BuyerPhone ? (
          <div>
            <dt>{t('detail.buyerPhone', { name })}</dt>
            <dd>
              <a
                href={`tel:${detail.BuyerPhone.replace(/\s+/g, '')}`}
                className={styles.inlineLink}
                data-testid="buyer-phone"
              >
                {detail.BuyerPhone}
              </a>
            </dd>
          </div>
        ) : null}
      </dl>
      <h3 className={styles.historyTitle}>{t('detail.history')}</h3>
      <ol className={styles.timeline} data-testid="appointment-history">
        {detail.History.map((entry, index) => (
          <li key={`${entry.At}-${index}`} className={styles.event}>
            <p className={styles.eventTitle}>{t(`detail.event.${entry.Status}`)}</p>
            <p className={styles.eventMeta}>
              <WhoOf entry={entry} role={detail.Role} name={detail.OtherPartyName} /> ·{' '}
              <time dateTime={entry.At}>{formatEventTime(entry.At)}</time>
            </p>
            {entry.Reason && entry.Reason > 0 ? (
              <p className={styles.eventMeta}>{t('detail.reason', { reason: t(`reason.label.${entry.Reason}`) })}</p>
            ) : null}
          </li>
        ))}
      </ol>
    </div>
  );
}

/** Who made a change, from the viewer's side: "Tu", "Marco", "Lo staff di Rexer" … */
function WhoOf({
  entry,
  role,
  name,
}: {
  entry: AppointmentHistoryEntry;
  role: AppointmentItem['Role'];
  name: string | null;
}) {
  const { t } = useTranslation('appointments');
  if (entry.Actor === role) return <>{t('detail.actor.you')}</>;
  if (entry.Actor === 'owner' || entry.Actor === 'buyer')
    return <>{name ? t(`detail.actor.${entry.Actor}Named`, { name }) : t(`detail.actor.${entry.Actor}`)}</>;
  return <>{t(`detail.actor.${entry.Actor}`)}</>;
}
