// What a name may hold: a person's (registration, profile, the wizards' step 0, a company's
// referent, a social login's claims), a company's, a place of birth. Names are quoted in the
// mails Rexer sends (the confirmation mail goes to any address typed at a registration) and
// shown on other people's screens (a private seller's first name on the listing page), so a
// name is one line of visible text that cannot pass for a link. Shared by the API's schemas
// (server/modules/shared/schemas.ts), the step validation of domain/wizard-steps.ts and the
// browser's forms, so a form the browser accepts is never refused by the server.

/**
 * Characters no name holds: controls (C0, DEL, C1: line breaks and tabs among them), the line
 * and paragraph separators (U+2028, U+2029), every format character (the direction marks
 * U+200E, U+200F and U+061C, the embeddings and overrides U+202A-U+202E, the isolates
 * U+2066-U+2069, the zero-width space, non-joiner and joiner, the word joiner, the soft hyphen,
 * the byte-order mark, tags), private-use characters, lone surrogates, and the letters and
 * marks that draw nothing (the Hangul fillers, the combining grapheme joiner, the blank
 * Braille pattern). A name with one could break into the lines of a mail, show another text
 * than it stores, or hide a part of itself.
 */
const HIDDEN_OR_CONTROL = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cs}\u034f\u115f\u1160\u2800\u3164\uffa0]/u;

/** The full stops a browser or a mail client reads in a host name (ASCII, ideographic, full-width, half-width). */
const DOT = '[.\u3002\uff0e\uff61]';

/**
 * What a mail client turns into a link: a scheme (`https://`), `www.`, an address (`@`), or a
 * host name (a letter or digit, a full stop and two letters: `evil.com`, `bit.ly`), or an IPv4
 * address (`203.0.113.7`). A full stop followed by a space or by a single letter (`Maria G.
 * Rossi`, `S.r.l.`) is not one.
 */
const LINK_LIKE = new RegExp(`:\\/\\/|www${DOT}|@|[\\p{L}\\p{N}]${DOT}\\p{L}{2}|\\d{1,3}(?:${DOT}\\d{1,3}){3}`, 'iu');
/** What a reader does not see, and a browser drops from a pasted host: format characters and combining marks. */
const INVISIBLE = /[\p{Cf}\p{M}]/gu;

/**
 * A person's name: letters of any script with their accents, spaces, apostrophes (' ’ ʼ ‘ ` ´),
 * hyphens and full stops, at least one letter, never three combining marks in a row (text
 * drawn over its neighbours). No digits, symbols or punctuation that a link, an address or a
 * phone number needs.
 */
const PERSON_NAME_CHARACTERS = /^[\p{L}\p{M}\p{Zs}'’ʼ‘`´.\-‐]+$/u;
const STACKED_MARKS = /\p{M}{3}/u;

/** One line of visible text: nothing of HIDDEN_OR_CONTROL (a company's name, an address part). */
export function isOneLineText(value: string): boolean {
  return !HIDDEN_OR_CONTROL.test(value);
}

/** Whether a mail client would make a link of part of the text. */
export function looksLikeLink(value: string): boolean {
  // `evil\u00ad.com` shows as evil.com and pastes as it: read without what nobody sees.
  return LINK_LIKE.test(value) || LINK_LIKE.test(value.replace(INVISIBLE, ''));
}

/**
 * A name that keeps its punctuation (a town or country of birth, «Bolzano/Bozen»; the name a
 * visitor signs the contact form with): one line of visible text that is not a link.
 */
export function isPlainName(value: string): boolean {
  return isOneLineText(value) && !looksLikeLink(value);
}

/**
 * A person's name: «D'Amico», «Niccolò», «Maria-Grazia», «Anna Maria», «Nguyễn», «Σοφία».
 * Refused: anything of HIDDEN_OR_CONTROL, digits and symbols, and text a mail client would
 * make a link of («Visita evil.com»).
 */
export function isPersonName(value: string): boolean {
  return (
    isOneLineText(value) &&
    PERSON_NAME_CHARACTERS.test(value) &&
    /\p{L}/u.test(value) &&
    !STACKED_MARKS.test(value) &&
    !looksLikeLink(value)
  );
}
