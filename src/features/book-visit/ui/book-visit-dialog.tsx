import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { earliestSlot, MAX_SLOTS } from '@domain/appointment';
import { useSessionView } from '@/entities/session';
import { useTranslation } from '@/shared/i18n';
import { Alert } from '@/shared/ui/alert';
import { Button, buttonClassName } from '@/shared/ui/button';
import { Modal } from '@/shared/ui/modal';
import { TextArea } from '@/shared/ui/text-area';
import { TextField } from '@/shared/ui/text-field';
import { requestVisit, visitSlotsQueryOptions, type CreatedAppointment } from '../api/book-visit-api';
import { bookingProblemOf, type BookingProblem } from '../model/booking-errors';
import { formatSlot, formatSlotDay, formatSlotTime, groupSlotsByDay } from '../model/slot-days';
import {
  clearVisitDraft,
  EMPTY_VISIT_DRAFT,
  readVisitDraft,
  saveVisitDraft,
  type VisitDraft,
} from '../model/visit-draft';
import { messageProblem, phoneProblem, VISIT_MESSAGE_MAX } from '../model/visit-form';
import styles from './book-visit-dialog.module.css';

export interface BookVisitDialogProps {
  propertyId: number;
  onClose: () => void;
  /** A visitor who is not logged in pressed "Invia richiesta": the draft is saved, log them in. */
  onLoginNeeded: () => void;
  /** "Scrivi al proprietario" (the listing has no visit times yet). */
  onWriteToOwner?: () => void;
}

type Sent = { appointment: CreatedAppointment; deadline: string | null };

/**
 * "Prenota una visita" on a private owner's listing: the free times of the next two weeks by
 * day, 1 to MAX_SLOTS of them, an optional message and phone; then the request.
 */
export default function BookVisitDialog({ propertyId, onClose, onLoginNeeded, onWriteToOwner }: BookVisitDialogProps) {
  const { t } = useTranslation('book-visit');
  const session = useSessionView();
  const queryClient = useQueryClient();
  const formId = useId();
  const slotsQuery = useQuery(visitSlotsQueryOptions(propertyId));
  const [initial] = useState<VisitDraft>(() => readVisitDraft(propertyId) ?? EMPTY_VISIT_DRAFT);
  // Kept from before a login or a reload: said so; just logged in for it: sent at once.
  const resumed = initial.sendAfterLogin;
  const sendOnOpen = initial.sendNow;
  const [picked, setPicked] = useState<string[]>(initial.slots);
  const [message, setMessage] = useState(initial.message);
  const [phone, setPhone] = useState(initial.phone);
  const [limitNote, setLimitNote] = useState(false);
  const [showErrors, setShowErrors] = useState(false);
  const [dropped, setDropped] = useState(false);
  const [sent, setSent] = useState<Sent | null>(null);

  const free = slotsQuery.data?.Slots;
  const days = useMemo(() => groupSlotsByDay(free ?? []), [free]);

  // The choice lives in the tab until it is sent: a login, a reload or closing the dialog keeps it.
  useEffect(() => {
    if (sent) return;
    saveVisitDraft(propertyId, { slots: picked, message, phone, sendAfterLogin: false, sendNow: false });
  }, [propertyId, picked, message, phone, sent]);

  // A kept time that is no longer free goes; the others stay (adjusted while rendering, when
  // the free times change).
  const [seenFree, setSeenFree] = useState(free);
  if (free !== seenFree) {
    setSeenFree(free);
    if (free) {
      const open = new Set(free.map((slot) => Date.parse(slot)));
      const kept = picked.filter((slot) => open.has(Date.parse(slot)));
      if (kept.length !== picked.length) {
        setPicked(kept);
        setDropped(true);
      }
    }
  }

  const send = useMutation({
    mutationFn: (slots: string[]) =>
      requestVisit({
        PropertyId: propertyId,
        Slots: slots,
        ...(message.trim() ? { Message: message.trim() } : {}),
        ...(phone.trim() ? { Phone: phone.trim() } : {}),
      }),
    onSuccess: (appointment, slots) => {
      clearVisitDraft(propertyId);
      setSent({ appointment, deadline: earliestSlot(slots) });
      void queryClient.invalidateQueries({ queryKey: ['appointments'] });
    },
    onError: (error) => {
      // Somebody took a time meanwhile: the list reloads, the times still free stay picked.
      if (bookingProblemOf(error) === 'slotUnavailable') void slotsQuery.refetch();
    },
  });

  const messageError = messageProblem(message);
  const phoneError = phoneProblem(phone);
  const noSlotPicked = picked.length === 0;

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    setShowErrors(true);
    if (noSlotPicked || messageError || phoneError || send.isPending) return;
    if (!session.isLoggedIn) {
      saveVisitDraft(propertyId, { slots: picked, message, phone, sendAfterLogin: true, sendNow: false });
      onLoginNeeded();
      return;
    }
    setDropped(false);
    send.mutate(picked);
  };

  // Back from the login with a request to send: it goes once the free times are known.
  const autoSent = useRef(false);
  useEffect(() => {
    if (!sendOnOpen || autoSent.current || !free || !session.isLoggedIn) return;
    autoSent.current = true;
    if (picked.length > 0 && !messageError && !phoneError) send.mutate(picked);
  }, [sendOnOpen, free, session.isLoggedIn, picked, messageError, phoneError, send]);

  const toggle = (start: string) => {
    if (picked.includes(start)) {
      setPicked(picked.filter((slot) => slot !== start));
      setLimitNote(false);
      return;
    }
    if (picked.length >= MAX_SLOTS) {
      setLimitNote(true);
      return;
    }
    setPicked([...picked, start]);
  };

  const problem: BookingProblem | null = send.isError ? bookingProblemOf(send.error) : null;
  const noSlots = free !== undefined && free.length === 0;
  const showForm = !sent && free !== undefined && !noSlots;

  return (
    <Modal
      open
      onClose={onClose}
      title={t('title')}
      closeLabel={t('close')}
      size="medium"
      footer={
        showForm ? (
          <div className={styles.footer}>
            <p className={styles.count} aria-live="polite">
              {t('picked', { count: picked.length, max: MAX_SLOTS })}
            </p>
            <div className={styles.actions}>
              <Button variant="ghost" onClick={onClose}>
                {t('cancel')}
              </Button>
              <Button type="submit" form={formId} loading={send.isPending} data-testid="book-visit-submit">
                {send.isPending ? t('sending') : t('submit')}
              </Button>
            </div>
          </div>
        ) : (
          <div className={styles.actions}>
            <Button variant={sent ? 'primary' : 'secondary'} onClick={onClose}>
              {t('close')}
            </Button>
          </div>
        )
      }
    >
      {sent ? (
        <div className={styles.sent} data-testid="book-visit-sent">
          <Alert tone="success" title={t('sent.heading')}>
            <p>
              {sent.deadline
                ? t('sent.deadline', { day: formatSlotDay(sent.deadline), time: formatSlotTime(sent.deadline) })
                : t('sent.noDeadline')}
            </p>
          </Alert>
          <p className={styles.text}>{t('sent.next')}</p>
          <Link
            to="/myrexer/appuntamenti/$type"
            params={{ type: '0' }}
            className={buttonClassName({ variant: 'secondary' })}
          >
            {t('sent.link')}
          </Link>
        </div>
      ) : slotsQuery.isError ? (
        <Alert tone="error" title={t('slots.error')}>
          <Button variant="secondary" size="small" onClick={() => void slotsQuery.refetch()}>
            {t('slots.retry')}
          </Button>
        </Alert>
      ) : free === undefined ? (
        <p className={styles.loading} role="status">
          {t('slots.loading')}
        </p>
      ) : noSlots ? (
        <div className={styles.empty} data-testid="book-visit-no-slots">
          <p className={styles.emptyTitle}>{t('slots.none')}</p>
          <p className={styles.text}>{t('slots.noneText')}</p>
          {onWriteToOwner ? (
            <Button variant="primary" onClick={onWriteToOwner}>
              {t('slots.write')}
            </Button>
          ) : null}
        </div>
      ) : (
        <form id={formId} onSubmit={submit} noValidate className={styles.form} data-testid="book-visit-form">
          <p className={styles.text}>{t('intro', { max: MAX_SLOTS })}</p>
          {resumed && picked.length > 0 ? (
            <Alert tone="info" live={false}>
              {t('resumed')}
            </Alert>
          ) : null}
          {dropped && problem !== 'slotUnavailable' ? <Alert tone="info">{t('dropped')}</Alert> : null}
          <fieldset className={styles.slotsFieldset} aria-describedby={`${formId}-slots-note`}>
            <legend className={styles.legend}>{t('slots.legend')}</legend>
            <div className={styles.days}>
              {days.map((day) => (
                <div key={day.key} className={styles.day} role="group" aria-labelledby={`${formId}-${day.key}`}>
                  <p id={`${formId}-${day.key}`} className={styles.dayLabel}>
                    {day.label}
                  </p>
                  <ul className={styles.times}>
                    {day.slots.map((slot) => {
                      const checked = picked.includes(slot.start);
                      return (
                        <li key={slot.start}>
                          <label className={styles.time} data-checked={checked || undefined}>
                            <input
                              type="checkbox"
                              className={styles.timeInput}
                              checked={checked}
                              onChange={() => toggle(slot.start)}
                              aria-label={t('slots.option', { day: day.label, time: slot.time })}
                            />
                            <span aria-hidden="true">{slot.time}</span>
                          </label>
                        </li>
                      );
                    })}
                  </ul>
                </div>
              ))}
            </div>
          </fieldset>
          <div id={`${formId}-slots-note`} aria-live="polite">
            {limitNote ? (
              <p className={styles.limit} data-testid="book-visit-limit">
                {t('slots.limit', { max: MAX_SLOTS })}
              </p>
            ) : showErrors && noSlotPicked ? (
              <p className={styles.limit}>{t('slots.required')}</p>
            ) : null}
          </div>
          {picked.length > 0 ? (
            <p className={styles.summary} data-testid="book-visit-summary">
              {t('summary', {
                list: [...picked]
                  .sort((a, b) => Date.parse(a) - Date.parse(b))
                  .map(formatSlot)
                  .join(' · '),
              })}
            </p>
          ) : null}
          <TextArea
            label={t('message.label')}
            name="message"
            value={message}
            rows={4}
            onChange={(event) => setMessage(event.target.value)}
            help={t('message.count', { count: message.trim().length, max: VISIT_MESSAGE_MAX })}
            error={showErrors && messageError ? t(`message.${messageError}`, { max: VISIT_MESSAGE_MAX }) : undefined}
          />
          <TextField
            label={t('phone.label')}
            name="phone"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            value={phone}
            onChange={(event) => setPhone(event.target.value)}
            help={t('phone.help')}
            error={showErrors && phoneError ? t('phone.invalid') : undefined}
          />
          {!session.isLoggedIn ? <p className={styles.loginNote}>{t('loginNote')}</p> : null}
          {problem ? <ProblemAlert problem={problem} /> : null}
        </form>
      )}
    </Modal>
  );
}

function ProblemAlert({ problem }: { problem: BookingProblem }) {
  const { t } = useTranslation('book-visit');
  return (
    <Alert tone="error">
      <p>{t(`errors.${problem}`, { max: MAX_SLOTS })}</p>
      {problem === 'alreadyRequested' ? (
        <Link to="/myrexer/appuntamenti/$type" params={{ type: '0' }} className={styles.alertLink}>
          {t('errors.alreadyRequestedLink')}
        </Link>
      ) : problem === 'ownListing' ? (
        <Link to="/myrexer/annunci" className={styles.alertLink}>
          {t('errors.ownListingLink')}
        </Link>
      ) : null}
    </Alert>
  );
}
