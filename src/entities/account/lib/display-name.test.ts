import { describe, expect, it } from 'vitest';
import { accountLabel } from './display-name';

describe('accountLabel', () => {
  it('names the user by the first name, with the initials of name and surname', () => {
    expect(accountLabel({ name: 'Giulia Maria', surname: 'Bianchi', email: 'acquirente@rexer.example' })).toEqual({
      firstName: 'Giulia',
      initials: 'GB',
    });
  });

  it('never shows the e-mail address: without a name only its first letter, as the initial', () => {
    expect(accountLabel({ name: null, surname: null, email: 'marco.rossi.lunghissimo@example.com' })).toEqual({
      firstName: null,
      initials: 'M',
    });
    expect(accountLabel({ name: '  ', email: '' })).toEqual({ firstName: null, initials: '?' });
  });
});
