/** The language the widget is told to speak; its strings come from our `captcha` namespace. */
export const ALTCHA_LANGUAGE = 'it';

/**
 * Loads the ALTCHA web component (its own chunk, never the first screen) and gives it our
 * Italian strings. Its `external` build with the stylesheet as a file: the default build
 * writes a <style> element, which the CSP (style-src 'self') refuses.
 */
export async function loadAltcha(strings: unknown): Promise<void> {
  await Promise.all([import('altcha/external'), import('altcha/altcha.css')]);
  if (typeof strings === 'object' && strings !== null) globalThis.$altcha?.i18n.set(ALTCHA_LANGUAGE, strings as Record<string, string>);
}
