import { describe, expect, it } from 'vitest';
import { isEmail, isPhone } from './validation';

describe('form checks', () => {
  it('accepts an address with a domain, around spaces, and refuses the rest', () => {
    expect(isEmail(' nome@esempio.it ')).toBe(true);
    expect(isEmail('nome@esempio')).toBe(false);
    expect(isEmail('nome esempio@esempio.it')).toBe(false);
    expect(isEmail('')).toBe(false);
  });

  it('accepts 6 to 20 digits and spaces with an optional +', () => {
    expect(isPhone('+39 333 1234567')).toBe(true);
    expect(isPhone('3331234567')).toBe(true);
    expect(isPhone('12345')).toBe(false);
    expect(isPhone('chiamami')).toBe(false);
    expect(isPhone('++39 333 1234567')).toBe(false);
  });
});
