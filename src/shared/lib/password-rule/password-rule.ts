/**
 * The password rule of docs/spec.md §5, checked in the browser before a call; the server
 * checks it again (and also refuses the most common passwords).
 */
export type PasswordRuleProblem = 'tooShort' | 'tooLong' | 'missingUpper' | 'missingDigit' | 'missingSymbol';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;

export function passwordRuleProblem(password: string): PasswordRuleProblem | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return 'tooShort';
  if (length > PASSWORD_MAX_LENGTH) return 'tooLong';
  if (!/\p{Lu}/u.test(password)) return 'missingUpper';
  if (!/\p{Nd}/u.test(password)) return 'missingDigit';
  if (!/[^\p{L}\p{Nd}\s]/u.test(password)) return 'missingSymbol';
  return null;
}
