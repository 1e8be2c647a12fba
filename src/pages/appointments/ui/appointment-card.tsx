import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import {
  APPOINTMENTS_KEY,
  acceptAppointmentWithPhone,
  appointmentCalendarUrl,
  AppointmentStatusBadge,
  cancelAppointment,
  confirmAppointment,
  formatVisitTime,
  isStaleAppointmentError,
  type AppointmentAnswerEvent,
  type AppointmentAnswers,
  type AppointmentDetail,
  type AppointmentItem,
  type AppointmentList,
} from '@/entities/appointment';
import { useTranslation } from '@/shared/i18n';
import { Button } from '@/shared/ui/button';
import { cancelVariant } from '../model/view';
import { AppointmentDetails } from './appointment-details';
import styles from './appointments.module.css';
import { CancelModal } from './cancel-modal';
import { ConfirmModal } from './confirm-modal';

export interface AppointmentChange {
  event: AppointmentAnswerEvent;
  appointment: AppointmentDetail;
}

export interface AppointmentCardProps {
  appointment: AppointmentItem;
  answers: AppointmentAnswers;
  onChanged: (change: AppointmentChange) => void;
  /** The first cards load their photo at once (above the fold). */
  priority?: boolean;
}

export type AnswerCommand =
  { event: 'CONFIRM'; slot: string } | { event: 'ACCEPT_WITH_PHONE' } | { event: 'CANCEL'; reason: number };

function send(id: number, command: AnswerCommand): Promise<AppointmentDetail> {
  switch (command.event) {
    case 'CONFIRM':
      return confirmAppointment(id, command.slot);
    case 'ACCEPT_WITH_PHONE':
      return acceptAppointmentWithPhone(id);
    case 'CANCEL':
      return cancelAppointment(id, command.reason);
  }
}

/**
 * One visit: the listing (photo, title, town), the other party, the slots asked for or the
 * time set, its status in words, the answers the machine allows the viewer (confirm, accept
 * with the phone, cancel with a reason), the calendar file of a confirmed visit and, on
 * request, its details and history.
 */
export function AppointmentCard({ appointment, answers, onChanged, priority = false }: AppointmentCardProps) {
  const { t } = useTranslation('appointments');
  const queryClient = useQueryClient();
  const headingId = useId();
  const detailsId = useId();
  const [open, setOpen] = useState<'confirm' | 'cancel' | null>(null);
  const [expanded, setExpanded] = useState(false);
  const title = appointment.Property.Title;
  const name = appointment.OtherPartyName ?? t('card.someone');

  const answer = useMutation({
    mutationFn: (command: AnswerCommand) => send(appointment.Id, command),
    onSuccess: async (detail, command) => {
      queryClient.setQueryData([...APPOINTMENTS_KEY, 'detail', appointment.Id], detail);
      // The visit leaves the lists of the tab it no longer belongs to at once; then every list refetches.
      queryClient.setQueriesData<InfiniteData<AppointmentList>>({ queryKey: [...APPOINTMENTS_KEY, 'list'] }, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                Items: page.Items.filter((item) => item.Id !== appointment.Id || item.Tab === detail.Tab).map((item) =>
                  item.Id === appointment.Id ? { ...item, ...pick(detail) } : item,
                ),
              })),
            }
          : data,
      );
      setOpen(null);
      onChanged({ event: command.event, appointment: detail });
      await queryClient.invalidateQueries({ queryKey: APPOINTMENTS_KEY });
    },
    // The visit changed elsewhere (the other party, the clock): show where it stands now.
    onError: (error) =>
      isStaleAppointmentError(error) ? queryClient.invalidateQueries({ queryKey: APPOINTMENTS_KEY }) : undefined,
  });

  const canConfirm = answers.events.includes('CONFIRM') || answers.events.includes('ACCEPT_WITH_PHONE');
  const canCancel = answers.events.includes('CANCEL');
  // A visit whose time has passed is history: nothing to cancel or put in a calendar any more.
  const past = appointment.Done;
  const variant = cancelVariant(appointment);
  const calendar = appointment.Status === 2 && !past;

  return (
    <article
      className={styles.card}
      aria-labelledby={headingId}
      data-testid="appointment"
      data-appointment-id={appointment.Id}
    >
      <div className={styles.cover}>
        {appointment.Property.ImageUrl ? (
          <img
            src={appointment.Property.ImageUrl}
            alt=""
            width={400}
            height={300}
            loading={priority ? 'eager' : 'lazy'}
            decoding="async"
            className={styles.coverImage}
          />
        ) : (
          <span className={styles.noPhoto}>{t('card.noPhoto')}</span>
        )}
      </div>
      <div className={styles.body}>
        <div className={styles.head}>
          <AppointmentStatusBadge appointment={appointment} />
        </div>
        <h2 id={headingId} className={styles.cardTitle}>
          <Link to="/immobile/$id" params={{ id: String(appointment.Property.Id) }} className={styles.cardLink}>
            {title}
          </Link>
        </h2>
        <p className={styles.facts}>{appointment.Property.Town ?? t('card.untitledTown')}</p>
        <p className={styles.party} data-testid="appointment-party">
          {appointment.Role === 'owner' ? t('card.withBuyer', { name }) : t('card.withOwner', { name })}
        </p>
        <VisitTimes appointment={appointment} />
        <div className={styles.actions}>
          {canConfirm ? (
            <Button
              size="small"
              onClick={() => (answer.reset(), setOpen('confirm'))}
              aria-label={t('actions.confirmLabel', { title })}
              data-testid="action-confirm"
            >
              {appointment.Status === 4 ? t('actions.confirmSlot') : t('actions.confirm')}
            </Button>
          ) : null}
          {canCancel && !past ? (
            <Button
              variant="secondary"
              size="small"
              onClick={() => (answer.reset(), setOpen('cancel'))}
              aria-label={t(`actions.cancelLabel.${variant}`, { title })}
              data-testid="action-cancel"
            >
              {t(`actions.cancel.${variant}`)}
            </Button>
          ) : null}
          {calendar ? (
            <a
              href={appointmentCalendarUrl(appointment.Id)}
              download="visita.ics"
              className={styles.calendar}
              aria-label={t('card.calendarLabel', { title })}
              data-testid="calendar-link"
            >
              {t('card.calendar')}
            </a>
          ) : null}
          <button
            type="button"
            className={styles.toggle}
            aria-expanded={expanded}
            aria-controls={detailsId}
            onClick={() => setExpanded((value) => !value)}
            data-testid="details-toggle"
          >
            {expanded ? t('card.hideDetails') : t('card.showDetails')}
          </button>
        </div>
        <div id={detailsId} hidden={!expanded} className={styles.detailsRegion}>
          {expanded ? <AppointmentDetails appointment={appointment} /> : null}
        </div>
      </div>
      {open === 'confirm' ? (
        <ConfirmModal
          appointment={appointment}
          answers={answers}
          pending={answer.isPending}
          pendingEvent={answer.isPending ? answer.variables?.event : undefined}
          error={answer.error}
          onConfirm={(slot) => answer.mutate({ event: 'CONFIRM', slot })}
          onAcceptWithPhone={() => answer.mutate({ event: 'ACCEPT_WITH_PHONE' })}
          onClose={() => !answer.isPending && setOpen(null)}
        />
      ) : null}
      {open === 'cancel' ? (
        <CancelModal
          appointment={appointment}
          reasons={answers.cancel}
          pending={answer.isPending}
          error={answer.error}
          onCancel={(reason) => answer.mutate({ event: 'CANCEL', reason })}
          onClose={() => !answer.isPending && setOpen(null)}
        />
      ) : null}
    </article>
  );
}

/** What a list item takes from the answer of a change. */
function pick(detail: AppointmentDetail): Partial<AppointmentItem> {
  const { Status, Tab, Done, ScheduledAt, ExpiresAt, Reason, LastActor } = detail;
  return { Status, Tab, Done, ScheduledAt, ExpiresAt, Reason, LastActor };
}

/** The slots asked for, or the time set (Europe/Rome), and what the viewer should know next. */
function VisitTimes({ appointment }: { appointment: AppointmentItem }) {
  const { t } = useTranslation('appointments');
  const { Status, Role, ScheduledAt } = appointment;
  const scheduled = ScheduledAt && (Status === 2 || Status === 5) ? formatVisitTime(ScheduledAt) : '';
  const reason = appointment.Reason && appointment.Reason > 0 ? t(`reason.label.${appointment.Reason}`) : '';
  const actor = appointment.LastActor;
  const by =
    actor === Role ? 'you' : actor === 'owner' || actor === 'buyer' ? 'other' : actor === 'none' ? null : actor;

  return (
    <div className={styles.times}>
      {scheduled ? (
        <p className={styles.scheduled} data-testid="appointment-time">
          {t(Status === 5 ? 'card.cancelledAt' : appointment.Done ? 'card.doneAt' : 'card.scheduledAt', {
            time: scheduled,
          })}
        </p>
      ) : (
        <div>
          <p className={styles.slotsTitle}>
            {t(Role === 'owner' && Status === 1 ? 'card.requestedSlotsOwner' : 'card.requestedSlots')}
          </p>
          <ul className={styles.slots} data-testid="appointment-slots">
            {appointment.Slots.map((slot) => (
              <li key={slot}>
                <time dateTime={slot}>{formatVisitTime(slot)}</time>
              </li>
            ))}
          </ul>
        </div>
      )}
      {Status === 1 && Role === 'owner' && appointment.ExpiresAt ? (
        <p className={styles.note}>{t('card.expiresAt', { time: formatVisitTime(appointment.ExpiresAt) })}</p>
      ) : null}
      {Status === 1 && Role === 'buyer' ? <p className={styles.note}>{t('card.buyerWaiting')}</p> : null}
      {Status === 4 ? (
        <p className={styles.note}>{t(Role === 'buyer' ? 'card.ownerPhoneNote' : 'card.buyerCallNote')}</p>
      ) : null}
      {reason ? (
        <p className={styles.note} data-testid="appointment-reason">
          {by ? `${t(`card.cancelledBy.${by}`, { name: appointment.OtherPartyName ?? t('card.someone') })} ` : ''}
          {t('card.cancelledReason', { reason })}
        </p>
      ) : null}
    </div>
  );
}

/** The place of a card while the list loads: the same size, so nothing moves when it comes. */
export function AppointmentCardSkeleton() {
  return (
    <div className={styles.card} aria-hidden="true" data-testid="appointment-skeleton">
      <div className={styles.cover} />
      <div className={styles.body}>
        <span className={styles.bone} style={{ width: '30%' }} />
        <span className={styles.bone} style={{ width: '75%', height: '1.4rem' }} />
        <span className={styles.bone} style={{ width: '40%' }} />
        <span className={styles.bone} style={{ width: '55%' }} />
        <span className={styles.bone} style={{ width: '65%' }} />
      </div>
    </div>
  );
}
