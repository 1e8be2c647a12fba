/** The longest password accepted (the spec asks for at least 64; argon2 takes any length). */
export const PASSWORD_MAX_LENGTH = 256;
export const PASSWORD_MIN_LENGTH = 8;

export type PasswordProblem = 'tooShort' | 'tooLong' | 'missingUpper' | 'missingDigit' | 'missingSymbol';

/**
 * The rule of docs/spec.md §5: at least 8 characters, a capital letter, a number and a symbol.
 * Returns the first problem, or null for a password that follows it (password-strength.ts
 * then refuses the easily guessed ones).
 */
export function passwordProblem(password: string): PasswordProblem | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return 'tooShort';
  if (length > PASSWORD_MAX_LENGTH) return 'tooLong';
  if (!/\p{Lu}/u.test(password)) return 'missingUpper';
  if (!/\p{Nd}/u.test(password)) return 'missingDigit';
  if (!/[^\p{L}\p{Nd}\s]/u.test(password)) return 'missingSymbol';
  return null;
}

/** The rule as the product states it (docs/spec.md §5), for error messages. */
export const PASSWORD_RULE_TEXT =
  'La password deve essere lunga minimo 8 caratteri. Deve contenere almeno una lettera maiuscola, un numero e un simbolo (ad esempio !, $, #,...).';
