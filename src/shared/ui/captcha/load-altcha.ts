/** The language the widget is told to speak; its strings come from our `captcha` namespace. */
export const ALTCHA_LANGUAGE = 'it';

/**
 * Loads the ALTCHA web component (its own chunk, never the first screen) and gives it our
 * Italian strings.
 */
export async function loadAltcha(strings: unknown): Promise<void> {
  await import('altcha');
  if (typeof strings === 'object' && strings !== null) globalThis.$altcha?.i18n.set(ALTCHA_LANGUAGE, strings as Record<string, string>);
}
