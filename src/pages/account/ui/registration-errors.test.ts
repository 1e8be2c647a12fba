import { describe, expect, it } from 'vitest';
import { registrationErrors, type RegistrationForm } from './registration-page';

const FORM: RegistrationForm = {
  name: 'Giulia',
  surname: 'Rossi',
  email: 'giulia@example.com',
  phone: '',
  password: '',
  terms: true,
  privacy: true,
  commercial: false,
  partner: false,
};

describe('the registration form', () => {
  it('takes Italian names with apostrophes, accents, hyphens and spaces', () => {
    for (const [name, surname] of [
      ["D'Amico", 'Niccolò'],
      ['Maria-Grazia', 'De’ Medici'],
      ['Anna Maria', 'Dalla Chiesa'],
    ]) {
      expect(registrationErrors({ ...FORM, name, surname }, 'captcha')).toEqual({});
    }
  });

  it('refuses, with their own message, names with line breaks, direction or invisible characters, or a link', () => {
    for (const bad of [
      'Giulia\nVisita https://evil.example',
      'Giulia\u2028Rossi',
      '\u202eailuiG',
      'Giu\u200blia',
      'Giulia\u200f',
      'Visita evil.com',
      'giulia@evil.it',
    ]) {
      expect(registrationErrors({ ...FORM, name: bad }, 'captcha'), JSON.stringify(bad)).toEqual({
        name: 'registration.errors.nameCharacters',
      });
      expect(registrationErrors({ ...FORM, surname: bad }, 'captcha'), JSON.stringify(bad)).toEqual({
        surname: 'registration.errors.surnameCharacters',
      });
    }
  });
});
