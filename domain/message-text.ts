// What a message between a buyer and a listing's owner may hold (server/modules/messages, and
// the browser's form when it is built): plain text of several lines. It is shown on the other
// person's screen and quoted in the mail that tells them of it, so it carries no character
// that breaks a line in another way, reorders what a reader sees or hides a part of itself.
// Links stay text: the server stores and answers the text as typed, never HTML.

/** The most characters a message holds, after its surrounding spaces are trimmed. */
export const MESSAGE_TEXT_MAX = 2000;

/**
 * Refused in a message: control characters but the line feed and the carriage return (tabs,
 * NUL, escape, DEL, the C1 controls), the line and paragraph separators (U+2028, U+2029), the
 * direction marks and controls (U+061C, U+200E, U+200F, the embeddings and overrides
 * U+202A-U+202E, the isolates U+2066-U+2069), the invisible zero-width space, word joiner,
 * invisible operators and byte-order mark (U+200B, U+2060-U+2064, U+FEFF), the interlinear
 * annotation characters (U+FFF9-U+FFFB), private-use characters and lone surrogates. The
 * zero-width joiner and non-joiner stay: emoji sequences and some scripts need them.
 */
// eslint-disable-next-line no-control-regex
const REFUSED = /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u200b\u2060-\u2064\ufeff\ufff9-\ufffb\p{Co}\p{Cs}]/u;

/** Whether a message's text (already trimmed) is 1-2000 characters of text lines without a refused character. */
export function isMessageText(value: string): boolean {
  return value.length >= 1 && value.length <= MESSAGE_TEXT_MAX && !REFUSED.test(value);
}

/** The text as stored: Windows and old Mac line ends become one line feed, surrounding blanks go. */
export function normalizeMessageText(value: string): string {
  return value.replace(/\r\n?/g, '\n').trim();
}
