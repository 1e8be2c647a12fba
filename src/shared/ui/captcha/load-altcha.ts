/** The language the widget is told to speak; its strings come from our `captcha` namespace. */
export const ALTCHA_LANGUAGE = 'it';

/** The proof-of-work algorithms our challenges may name (the server's is PBKDF2/SHA-256). */
export const ALTCHA_ALGORITHMS = ['PBKDF2/SHA-256', 'PBKDF2/SHA-384', 'PBKDF2/SHA-512'] as const;

/**
 * Loads the ALTCHA web component (its own chunk, never the first screen) and gives it our
 * Italian strings. Its `external` build with the stylesheet as a file: the default build
 * writes a <style> element, which the CSP (style-src 'self') refuses. The external build has
 * no solver of its own either: the PBKDF2 worker is a file of this origin (worker-src 'self'),
 * registered for the algorithms of our challenges, or the widget could never answer one.
 */
export async function loadAltcha(strings: unknown): Promise<void> {
  const [, , { default: Pbkdf2Worker }] = await Promise.all([
    import('altcha/external'),
    import('altcha/altcha.css'),
    import('altcha/workers/pbkdf2?worker'),
  ]);
  const altcha = globalThis.$altcha;
  for (const algorithm of ALTCHA_ALGORITHMS)
    altcha?.algorithms.set(algorithm, () => new Pbkdf2Worker({ name: 'altcha-pbkdf2' }));
  if (typeof strings === 'object' && strings !== null)
    altcha?.i18n.set(ALTCHA_LANGUAGE, strings as Record<string, string>);
}
