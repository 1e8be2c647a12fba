import { isPersonName } from '../../../domain/person-name';
import { greeting, oneLineSubject } from '../shared/mail-text';

// The mail that tells a person of a new message in one of their threads (template 'message'):
// at most one per thread and person every 15 minutes (repository.ts). Plain text: the message
// is quoted as typed, each line after «> »; it carries no phone number or e-mail address of
// either person, only the sender's first name when it is a person's name.

/** At most one mail per thread and recipient in this time. */
export const MESSAGE_MAIL_INTERVAL_MS = 15 * 60 * 1000;

export interface MessageMail {
  subject: string;
  text: string;
}

export function messageMail(opts: {
  recipientName: string | null;
  senderName: string | null;
  /** Whether the sender is the listing's owner (an answer) or the buyer (a new request). */
  senderIsOwner: boolean;
  listingTitle: string;
  text: string;
  publicUrl: string;
}): MessageMail {
  const sender = opts.senderName?.trim() ?? '';
  const named = sender !== '' && sender.length <= 100 && isPersonName(sender);
  const title = oneLineSubject(opts.listingTitle) || 'un annuncio';
  const who = opts.senderIsOwner ? (named ? `${sender}, l'inserzionista di «${title}», ti ha risposto:` : `L'inserzionista di «${title}» ti ha risposto:`) : `${named ? sender : 'Un utente'} ti ha scritto per il tuo annuncio «${title}»:`;
  const subject = opts.senderIsOwner ? `Nuova risposta per «${title}»` : `Nuovo messaggio per il tuo annuncio «${title}»`;
  const quoted = opts.text.split('\n').map((line) => `> ${line}`);
  const lines = [
    greeting(opts.recipientName),
    '',
    who,
    '',
    ...quoted,
    '',
    'Leggi e rispondi dai tuoi messaggi su Rexer:',
    `${opts.publicUrl}/myrexer/messaggi`,
    '',
    'Per la tua sicurezza rispondi sempre da Rexer: non condividiamo il numero di telefono né l’indirizzo email di nessuno.',
    'Ti avvisiamo al massimo una volta ogni 15 minuti per ogni conversazione.',
    '',
    'Il team di Rexer',
  ];
  return { subject: oneLineSubject(subject).slice(0, 300), text: lines.join('\n') };
}
