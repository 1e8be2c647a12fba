// What a message between a buyer and a listing's owner may hold (server/modules/messages, and
// the browser's form when it is built): plain text of several lines. It is shown on the other
// person's screen and quoted in the mail that tells them of it, so it carries no character
// that breaks a line in another way, reorders what a reader sees or hides a part of itself.
// Links stay text: the server stores and answers the text as typed, never HTML.

/** The most characters a message holds, after its surrounding spaces are trimmed. */
export const MESSAGE_TEXT_MAX = 2000;

/**
 * Refused in a message: control characters but the line feed and the carriage return (tabs,
 * NUL, escape, DEL, the C1 controls), the line and paragraph separators (U+2028, U+2029),
 * private-use characters, lone surrogates, and every format character (Unicode's Cf: the
 * direction marks, embeddings, overrides and isolates, the zero-width space, word joiner and
 * invisible operators, the byte-order mark, the soft hyphen, the interlinear annotation
 * characters, the tag characters...), which hide a part of the text or reorder it. The
 * zero-width joiner and non-joiner stay: emoji sequences and some scripts need them.
 */
const REFUSED =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029\p{Co}\p{Cs}]|(?![\u200c\u200d])\p{Cf}/u;

/** Whether a message's text (already trimmed) is 1-2000 characters of text lines without a refused character. */
export function isMessageText(value: string): boolean {
  return value.length >= 1 && value.length <= MESSAGE_TEXT_MAX && !REFUSED.test(value);
}

/** The text as stored: Windows and old Mac line ends become one line feed, surrounding blanks go. */
export function normalizeMessageText(value: string): string {
  return value.replace(/\r\n?/g, '\n').trim();
}
