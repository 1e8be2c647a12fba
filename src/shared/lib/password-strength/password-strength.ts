/**
 * The strength of a password as the server judges it (zxcvbn with the common and Italian
 * dictionaries, plus the user's own details), for a meter under the field while the user
 * types. The dictionaries weigh about a megabyte: they load on demand, the first time a
 * password is typed, never with a first screen. The server checks again and has the last word.
 */

export type PasswordScore = 0 | 1 | 2 | 3 | 4;

/** The lowest score the server accepts (server/auth/password-strength.ts). */
export const ACCEPTED_PASSWORD_SCORE = 3;

export type PasswordScorer = (password: string, userInputs: string[]) => PasswordScore;

const PRODUCT_WORDS = ['rexer', 'casa', 'immobiliare', 'immobile', 'affitto', 'vendita', 'password'];

let loading: Promise<PasswordScorer> | undefined;

/** The scorer, loaded once. */
export function loadPasswordScorer(): Promise<PasswordScorer> {
  loading ??= (async () => {
    const [{ ZxcvbnFactory }, common, italian] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-it'),
    ]);
    const zxcvbn = new ZxcvbnFactory({
      graphs: common.adjacencyGraphs,
      dictionary: { ...common.dictionary, ...italian.dictionary, rexer: PRODUCT_WORDS },
    });
    const scorer: PasswordScorer = (password, userInputs) => {
      const score = zxcvbn.check(password, userInputs).score as PasswordScore;
      // The user's own details with a few characters around them count as what is left.
      let rest = password;
      for (const word of userInputs.filter((w) => w.length >= 3).sort((a, b) => b.length - a.length)) {
        rest = rest.replace(new RegExp(word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'giu'), '');
      }
      return rest === password ? score : (Math.min(score, zxcvbn.check(rest, userInputs).score) as PasswordScore);
    };
    return scorer;
  })().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/** The words of the user's details (e-mail and its parts, names) the password should not lean on. */
export function userWords(details: (string | null | undefined)[]): string[] {
  const words = new Set<string>();
  for (const detail of details) {
    const value = detail?.trim().toLowerCase();
    if (!value) continue;
    if (value.length >= 3) words.add(value);
    for (const part of value.split(/[^\p{L}\p{Nd}]+/u)) if (part.length >= 3) words.add(part);
  }
  return [...words];
}
