export const DEFAULT_PHONE_PREFIX = '+39';

/**
 * A phone number as people type it ("+39 347 123 4567", "0039 347…", "347 123 4567") split
 * into the international prefix and the national number, so the prefix is stored once, in
 * its own column, and never again inside the number.
 */
export function splitPhone(raw: string, defaultPrefix = DEFAULT_PHONE_PREFIX): { prefix: string; number: string } {
  const text = raw.trim();
  const international = /^(?:\+|00)(39|41|33|49|44|34|43|378|379|356|386|385)[\s./-]*(.*)$/.exec(text);
  if (international) return { prefix: `+${international[1]}`, number: international[2].trim() };
  return { prefix: defaultPrefix, number: text };
}
