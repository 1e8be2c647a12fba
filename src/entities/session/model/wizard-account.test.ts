import { describe, expect, it } from 'vitest';
import { wizardAccountOf } from './wizard-account';

describe('wizardAccountOf', () => {
  it('reads who fills a wizard in from the session', () => {
    expect(wizardAccountOf('anonymous')).toBe('anonymous');
    expect(wizardAccountOf('temporary')).toBe('anonymous');
    expect(wizardAccountOf('silent')).toBe('silent');
    expect(wizardAccountOf('loggedIn')).toBe('loggedIn');
  });
});
