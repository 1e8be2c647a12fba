import { describe, expect, it } from 'vitest';
import { passwordProblem } from './password-rule';

describe('password rule', () => {
  it('accepts a password with 8+ characters, a capital, a number and a symbol, up to 256 characters', () => {
    expect(passwordProblem('Rexer#Demo2025')).toBeNull();
    expect(passwordProblem('Àncora-7tetto')).toBeNull();
    expect(passwordProblem(`A1!${'x'.repeat(61)}`)).toBeNull();
    expect(passwordProblem(`A1!${'x'.repeat(253)}`)).toBeNull();
  });

  it('names what is missing', () => {
    expect(passwordProblem('Ab1!')).toBe('tooShort');
    expect(passwordProblem(`A1!${'x'.repeat(254)}`)).toBe('tooLong');
    expect(passwordProblem('rexer#demo2025')).toBe('missingUpper');
    expect(passwordProblem('Rexer#Demo')).toBe('missingDigit');
    expect(passwordProblem('RexerDemo2025')).toBe('missingSymbol');
  });
});
