import { isPersonName } from '@domain/person-name';
import { greeting } from '../shared/mail-text';
import { VISIT_TIME_ZONE } from './slots';

// The mails of the visits (templates 'appointment-*'): plain text to the other party of every
// change, and to both at a confirmation (with the .ics invitation), an expiry and the reminder.
// Names are quoted only when they pass the registration's name rule (shared/mail-text.ts); the
// buyer's message and the owner's phone never go by mail: they are read in MyRexer.

const dateFormat = new Intl.DateTimeFormat('it-IT', {
  timeZone: VISIT_TIME_ZONE,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  hour: '2-digit',
  minute: '2-digit',
});

/** «lunedì 1 dicembre, 10:00» in Rome's time. */
export function italianDate(at: Date): string {
  return dateFormat.format(at).replace(' alle ore ', ', ').replace(' alle ', ', ');
}

/** A first name fit to quote, or null (a row older than the name rule). */
export function quotableName(name: string | null | undefined): string | null {
  const trimmed = name?.trim() ?? '';
  return trimmed !== '' && trimmed.length <= 100 && isPersonName(trimmed) ? trimmed : null;
}

/** A listing title as one line of a mail (titles refuse links and controls when written; this holds for older rows). */
function titleLine(title: string): string {
  return title
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu, ' ')
    .trim()
    .slice(0, 200);
}

export interface AppointmentMail {
  template: string;
  subject: string;
  text: string;
}

interface MailContext {
  /** The addressee's name (greeting). */
  toName: string | null;
  /** The other party's name, as quoted. */
  otherName: string | null;
  title: string;
  appointmentId: number;
  publicUrl: string;
}

function link(c: MailContext): string {
  return `${c.publicUrl}/myrexer/appuntamenti`;
}

function closing(c: MailContext): string[] {
  return ['', 'Trovi tutti i dettagli in MyRexer:', link(c), '', 'Il team di Rexer'];
}

export function requestedMail(c: MailContext & { slots: Date[] }): AppointmentMail {
  const who = quotableName(c.otherName) ?? 'Un utente';
  return {
    template: 'appointment-requested',
    subject: `Nuova richiesta di visita per «${titleLine(c.title)}»`,
    text: [
      greeting(c.toName),
      '',
      `${who} vorrebbe visitare il tuo immobile «${titleLine(c.title)}» in uno di questi orari:`,
      ...c.slots.map((s) => `• ${italianDate(s)}`),
      '',
      'Conferma un orario, oppure accetta lasciando il tuo numero di telefono. Se non rispondi prima del primo orario, la richiesta scade.',
      ...closing(c),
    ].join('\n'),
  };
}

export function confirmedMail(c: MailContext & { at: Date; toOwner: boolean }): AppointmentMail {
  const who = quotableName(c.otherName);
  return {
    template: 'appointment-confirmed',
    subject: `Visita confermata: «${titleLine(c.title)}», ${italianDate(c.at)}`,
    text: [
      greeting(c.toName),
      '',
      c.toOwner
        ? `hai confermato la visita${who ? ` di ${who}` : ''} al tuo immobile «${titleLine(c.title)}»:`
        : `${who ?? 'Il proprietario'} ha confermato la tua visita all'immobile «${titleLine(c.title)}»:`,
      `${italianDate(c.at)} (30 minuti).`,
      '',
      "In allegato l'invito da aggiungere al tuo calendario.",
      ...closing(c),
    ].join('\n'),
  };
}

export function acceptedWithPhoneMail(c: MailContext): AppointmentMail {
  const who = quotableName(c.otherName) ?? 'Il proprietario';
  return {
    template: 'appointment-accepted-with-phone',
    subject: `Richiesta di visita accettata: «${titleLine(c.title)}»`,
    text: [
      greeting(c.toName),
      '',
      `${who} ha accettato la tua richiesta di visita all'immobile «${titleLine(c.title)}» e preferisce accordarsi con te al telefono.`,
      'Trovi il suo numero nella richiesta, in MyRexer.',
      ...closing(c),
    ].join('\n'),
  };
}

export function cancelledMail(
  c: MailContext & { byOwner: boolean; reason: string | null; at: Date | null },
): AppointmentMail {
  const who = quotableName(c.otherName) ?? (c.byOwner ? 'Il proprietario' : "L'utente");
  return {
    template: 'appointment-cancelled',
    subject: `Visita annullata: «${titleLine(c.title)}»`,
    text: [
      greeting(c.toName),
      '',
      `${who} ha annullato ${c.at ? `la visita del ${italianDate(c.at)}` : 'la richiesta di visita'} all'immobile «${titleLine(c.title)}».`,
      ...(c.reason ? [`Motivo: ${c.reason}.`] : []),
      ...closing(c),
    ].join('\n'),
  };
}

export function expiredMail(c: MailContext & { toOwner: boolean }): AppointmentMail {
  return {
    template: 'appointment-expired',
    subject: `Richiesta di visita scaduta: «${titleLine(c.title)}»`,
    text: [
      greeting(c.toName),
      '',
      c.toOwner
        ? `la richiesta di visita al tuo immobile «${titleLine(c.title)}» è scaduta: non è stata confermata prima del primo orario proposto.`
        : `la tua richiesta di visita all'immobile «${titleLine(c.title)}» è scaduta: il proprietario non ha risposto prima del primo orario proposto. Puoi chiedere altri orari dalla pagina dell'annuncio.`,
      ...closing(c),
    ].join('\n'),
  };
}

export function reminderMail(c: MailContext & { at: Date }): AppointmentMail {
  return {
    template: 'appointment-reminder',
    subject: `Promemoria: visita di domani, «${titleLine(c.title)}»`,
    text: [
      greeting(c.toName),
      '',
      `ti ricordiamo la visita all'immobile «${titleLine(c.title)}»:`,
      `${italianDate(c.at)} (30 minuti).`,
      ...closing(c),
    ].join('\n'),
  };
}
