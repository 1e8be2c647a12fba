/** The longest password accepted (the spec asks for at least 64; argon2 takes any length). */
export const PASSWORD_MAX_LENGTH = 256;
export const PASSWORD_MIN_LENGTH = 8;

// Frequent passwords that satisfy the rule's letter: length, a capital, a digit and a
// symbol. Lists of leaked passwords are dominated by these shapes; they are refused.
const COMMON = new Set(
  [
    'Password1!', 'Password1.', 'Password123!', 'P@ssw0rd', 'P@ssword1', 'Passw0rd!', 'Qwerty123!', 'Qwerty1!', 'Welcome1!', 'Welcome123!',
    'Admin123!', 'Abcd1234!', 'Aa123456!', 'Abc12345!', 'Iloveyou1!', 'Sunshine1!', 'Football1!', 'Monkey123!', 'Dragon123!', 'Letmein1!',
    'Changeme1!', 'Summer2024!', 'Summer2025!', 'Winter2024!', 'Winter2025!', 'Spring2025!', 'Autumn2025!', 'Estate2025!', 'Inverno2025!', 'Primavera2025!',
    'Password2024!', 'Password2025!', 'Passw0rd1!', 'Qwerty@123', 'Test1234!', 'Ciao1234!', 'Ciaociao1!', 'Amore123!', 'Juventus1!', 'Milan1899!',
    'Inter1908!', 'Napoli1926!', 'Roma1927!', 'Forzaitalia1!', 'Italia2006!', 'Rexer123!', 'Rexer2025!', 'Casa1234!', 'Mario123!', 'Francesca1!',
  ].map((p) => p.toLowerCase()),
);

export type PasswordProblem = 'tooShort' | 'tooLong' | 'missingUpper' | 'missingDigit' | 'missingSymbol' | 'common';

/**
 * The rule of spec section 5: at least 8 characters, a capital letter, a number and a symbol.
 * Returns the first problem, or null for a password that may be used.
 */
export function passwordProblem(password: string): PasswordProblem | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return 'tooShort';
  if (length > PASSWORD_MAX_LENGTH) return 'tooLong';
  if (!/\p{Lu}/u.test(password)) return 'missingUpper';
  if (!/\p{Nd}/u.test(password)) return 'missingDigit';
  if (!/[^\p{L}\p{Nd}\s]/u.test(password)) return 'missingSymbol';
  if (COMMON.has(password.toLowerCase())) return 'common';
  return null;
}

/** The rule as the product states it (spec section 5), for error messages. */
export const PASSWORD_RULE_TEXT =
  'La password deve essere lunga minimo 8 caratteri. Deve contenere almeno una lettera maiuscola, un numero e un simbolo (ad esempio !, $, #,...).';
