import { describe, expect, it } from 'vitest';
import { splitPhone } from './phone';

describe('splitPhone', () => {
  it('takes the prefix out of a number typed with it', () => {
    expect(splitPhone('+39 347 123 4567')).toEqual({ prefix: '+39', number: '347 123 4567' });
    expect(splitPhone('0039 3471234567')).toEqual({ prefix: '+39', number: '3471234567' });
    expect(splitPhone('+41 79 123 45 67')).toEqual({ prefix: '+41', number: '79 123 45 67' });
  });

  it('keeps a national number as it is, with the default prefix', () => {
    expect(splitPhone('347 123 4567')).toEqual({ prefix: '+39', number: '347 123 4567' });
    expect(splitPhone('02 5831 4700', '+39')).toEqual({ prefix: '+39', number: '02 5831 4700' });
  });
});
