import { isPersonName, looksLikeLink } from '@domain/person-name';
import { greeting, oneLineSubject } from '../shared/mail-text';

// The mail that tells a person of a new message in one of their threads (template 'message'):
// at most one per thread and person every 15 minutes (repository.ts). Plain text: the message
// is quoted as typed, each line after «> », but for its links: a word a mail client would
// make a link of (a scheme, www., an address, a host name) is replaced by LINK_PLACEHOLDER, so
// Rexer's own mail never carries a stranger's link (the link stays text in MyRexer, where it is
// read). It carries no phone number or e-mail address of either person, only the sender's first
// name when it is a person's name.

/** At most one mail per thread and recipient in this time. */
export const MESSAGE_MAIL_INTERVAL_MS = 15 * 60 * 1000;

/** What a link of the message becomes in the mail. */
export const LINK_PLACEHOLDER = '[link: leggilo su Rexer]';

/** A line of the message for the mail: each word a mail client would link replaced. */
export function quotedLine(line: string): string {
  return `> ${line
    .split(/(\s+)/u)
    .map((word) => (word.trim() !== '' && looksLikeLink(word) ? LINK_PLACEHOLDER : word))
    .join('')}`;
}

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
  /** The agency of a thread with an agency («Contatta l'agenzia»); null for a thread about a listing. */
  agencyName?: string | null;
  text: string;
  publicUrl: string;
}): MessageMail {
  const sender = opts.senderName?.trim() ?? '';
  const named = sender !== '' && sender.length <= 100 && isPersonName(sender);
  const { who, subject } =
    opts.agencyName === undefined || opts.agencyName === null
      ? aboutListing(opts.listingTitle, opts.senderIsOwner, named ? sender : null)
      : withAgency(opts.agencyName, opts.senderIsOwner, named ? sender : null);
  const quoted = opts.text.split('\n').map(quotedLine);
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

/** The lines of a thread about a listing: the buyer's request, or the owner's answer. */
function aboutListing(listingTitle: string, senderIsOwner: boolean, sender: string | null) {
  const named = sender !== null;
  const title = oneLineSubject(listingTitle) || 'un annuncio';
  const who = senderIsOwner
    ? named
      ? `${sender}, l'inserzionista di «${title}», ti ha risposto:`
      : `L'inserzionista di «${title}» ti ha risposto:`
    : `${named ? sender : 'Un utente'} ti ha scritto per il tuo annuncio «${title}»:`;
  const subject = senderIsOwner ? `Nuova risposta per «${title}»` : `Nuovo messaggio per il tuo annuncio «${title}»`;
  return { who, subject };
}

/**
 * The lines of a thread with an agency: a person writing to the agency from its page, or the
 * agency's account answering (named by the agency, not by the person behind the account).
 */
function withAgency(agencyName: string, senderIsAgency: boolean, sender: string | null) {
  const agency = oneLineSubject(agencyName) || 'un’agenzia';
  if (senderIsAgency) {
    return { who: `L’agenzia «${agency}» ti ha risposto:`, subject: `Nuova risposta dall’agenzia «${agency}»` };
  }
  return {
    who: `${sender ?? 'Un utente'} ha scritto alla tua agenzia «${agency}» su Rexer:`,
    subject: `Nuovo messaggio per la tua agenzia «${agency}»`,
  };
}
