import { createEvent, type EventAttributes } from 'ics';
import { quotableName } from './mail';
import { VISIT_MINUTES } from './slots';

// The invitation of a confirmed visit (RFC 5545), attached to each party's confirmation mail
// and served to that party by GET /api/Appointment/{id}/Calendar: the same bytes for a given
// appointment and party (DTSTAMP is the confirmation), one UID per appointment so a calendar
// keeps one event. The organizer is Rexer's sender address and the one attendee the party who
// receives it: neither party's address reaches the other (the other is named in the text).

export interface CalendarVisit {
  id: number;
  at: Date;
  title: string;
  town: string | null;
  publicUrl: string;
  /** The sender address of MAIL_FROM ("Rexer <noreply@…>" or a bare address). */
  mailFrom: string;
  /** Who receives this copy. */
  attendee: { name: string | null; email: string };
  /** The other party, by first name. */
  otherName: string | null;
  otherIsOwner: boolean;
  /** The confirmation: DTSTAMP, so the file is the same every time. */
  stamp: Date;
}

function utcParts(d: Date): [number, number, number, number, number] {
  return [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes()];
}

function senderOf(mailFrom: string): { name: string; email: string } {
  const match = /^\s*(.*?)\s*<([^>]+)>\s*$/.exec(mailFrom);
  return match ? { name: match[1] || 'Rexer', email: match[2] } : { name: 'Rexer', email: mailFrom.trim() };
}

const oneLine = (text: string) => text.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu, ' ').trim();

export function visitCalendar(visit: CalendarVisit): string {
  const host = new URL(visit.publicUrl).hostname;
  const other = quotableName(visit.otherName);
  const withWhom = other ? (visit.otherIsOwner ? ` con il proprietario, ${other}` : ` con ${other}`) : '';
  const attributes: EventAttributes & { timestamp: number } = {
    uid: `appointment-${visit.id}@${host}`,
    productId: 'rexer/visits',
    method: 'PUBLISH',
    start: utcParts(visit.at),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: VISIT_MINUTES },
    // DTSTAMP: the confirmation (ics reads it, its types do not name it), so the file is the same every time.
    timestamp: Math.floor(visit.stamp.getTime() / 60_000) * 60_000,
    title: oneLine(`Visita: ${visit.title}`).slice(0, 200),
    description: `Visita dell'immobile «${oneLine(visit.title)}»${withWhom}. Dettagli: ${visit.publicUrl}/myrexer/appuntamenti`,
    ...(visit.town ? { location: oneLine(visit.town) } : {}),
    url: `${visit.publicUrl}/myrexer/appuntamenti`,
    status: 'CONFIRMED',
    organizer: senderOf(visit.mailFrom),
    attendees: [
      {
        name: quotableName(visit.attendee.name) ?? visit.attendee.email,
        email: visit.attendee.email,
        rsvp: false,
        partstat: 'ACCEPTED',
        role: 'REQ-PARTICIPANT',
      },
    ],
  };
  const { error, value } = createEvent(attributes);
  if (error || !value) throw error ?? new Error('ics: no calendar');
  return value;
}
