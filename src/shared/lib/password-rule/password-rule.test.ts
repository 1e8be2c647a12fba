import { describe, expect, it } from 'vitest';
import { passwordRuleProblem } from './password-rule';

describe('passwordRuleProblem', () => {
  it('names the first part of the rule a password misses', () => {
    expect(passwordRuleProblem('Ab1!')).toBe('tooShort');
    expect(passwordRuleProblem('abcdefg1!')).toBe('missingUpper');
    expect(passwordRuleProblem('Abcdefgh!')).toBe('missingDigit');
    expect(passwordRuleProblem('Abcdefgh1')).toBe('missingSymbol');
    expect(passwordRuleProblem('A1!' + 'x'.repeat(300))).toBe('tooLong');
  });

  it('accepts long passphrases with accents', () => {
    expect(passwordRuleProblem('Città#Mia2026')).toBeNull();
    expect(passwordRuleProblem('A1! ' + 'parola '.repeat(9))).toBeNull();
  });
});
