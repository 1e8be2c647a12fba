import { isPersonName } from '@domain/person-name';

// What every mail does with the names and texts it quotes. Mails are plain text (nodemailer,
// `text` only) sent to a bare address: a name never reaches a header, an HTML body or a link.

/**
 * The greeting that opens a mail: «Ciao Mario,», or «Ciao,» when the stored name is not a
 * person's name as the registration takes it (a row older than the rule): a name is only ever
 * words on the first line, never a second line or a link.
 */
export function greeting(name: string | null | undefined): string {
  const trimmed = name?.trim() ?? '';
  return trimmed !== '' && trimmed.length <= 100 && isPersonName(trimmed) ? `Ciao ${trimmed},` : 'Ciao,';
}

/**
 * A subject as one line: controls, line and paragraph separators and format characters become
 * a space. The texts quoted in subjects are refused with them already; this holds for rows
 * written before that, whatever the mail library does with them.
 */
export function oneLineSubject(subject: string): string {
  return subject.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu, ' ').trim();
}
