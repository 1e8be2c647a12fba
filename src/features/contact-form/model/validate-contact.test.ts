import { describe, expect, it } from 'vitest';
import { EMPTY_CONTACT_VALUES, type ContactFormValues } from './contact-values';
import { hasErrors, toContactRequest, validateContact } from './validate-contact';

const valid: ContactFormValues = {
  name: 'Maria Rossi',
  email: 'maria.rossi@example.it',
  phone: '',
  subject: 'sell',
  message: 'Vorrei sapere come funziona la valutazione.',
  privacyConsent: true,
};

describe('validateContact', () => {
  it('accepts a complete request', () => {
    expect(validateContact(valid)).toEqual({});
  });

  it('asks for every required field of an empty form', () => {
    expect(validateContact(EMPTY_CONTACT_VALUES)).toEqual({
      name: 'nameRequired',
      email: 'emailRequired',
      subject: 'subjectRequired',
      message: 'messageRequired',
      privacyConsent: 'consentRequired',
    });
  });

  it('applies the API limits to name and message', () => {
    expect(validateContact({ ...valid, name: 'M' }).name).toBe('nameLength');
    expect(validateContact({ ...valid, name: 'M'.repeat(101) }).name).toBe('nameLength');
    expect(validateContact({ ...valid, message: 'Troppo' }).message).toBe('messageLength');
    expect(validateContact({ ...valid, message: 'x'.repeat(4001) }).message).toBe('messageLength');
    expect(validateContact({ ...valid, message: 'x'.repeat(4000) }).message).toBeUndefined();
  });

  it('refuses a name with a line break, a direction or invisible character, or a link', () => {
    for (const name of [
      'Maria\nRossi',
      'Maria\u2028Rossi',
      'Maria \u202eissoR',
      'Ma\u200bria',
      'Maria https://evil.example',
      'Maria evil.com',
    ]) {
      expect(validateContact({ ...valid, name }).name, JSON.stringify(name)).toBe('nameCharacters');
    }
    expect(validateContact({ ...valid, name: "Studio D'Amico & C." }).name).toBeUndefined();
  });

  it('rejects a malformed email', () => {
    expect(validateContact({ ...valid, email: 'maria@' }).email).toBe('emailInvalid');
    expect(validateContact({ ...valid, email: 'maria rossi@example.it' }).email).toBe('emailInvalid');
  });

  it('accepts an empty phone and checks a typed one', () => {
    expect(validateContact({ ...valid, phone: '+39 333 1234567' }).phone).toBeUndefined();
    expect(validateContact({ ...valid, phone: '12345' }).phone).toBe('phoneInvalid');
    expect(validateContact({ ...valid, phone: '333-1234567' }).phone).toBe('phoneInvalid');
  });

  it('needs the privacy consent', () => {
    const errors = validateContact({ ...valid, privacyConsent: false });
    expect(errors).toEqual({ privacyConsent: 'consentRequired' });
    expect(hasErrors(errors)).toBe(true);
  });
});

describe('toContactRequest', () => {
  it('maps to the API field names, trimming and leaving out an empty phone', () => {
    expect(toContactRequest({ ...valid, name: '  Maria Rossi ' })).toEqual({
      Name: 'Maria Rossi',
      Email: 'maria.rossi@example.it',
      Subject: 'sell',
      Message: 'Vorrei sapere come funziona la valutazione.',
      PrivacyConsent: true,
    });
    expect(toContactRequest({ ...valid, phone: ' 0612345678 ' }).Phone).toBe('0612345678');
  });
});
