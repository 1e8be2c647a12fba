import { describe, expect, it } from 'vitest';
import {
  addressErrors,
  avatarProblem,
  companyErrors,
  EMPTY_ADDRESS,
  isoFromItalianDate,
  italianDate,
  passwordErrors,
  phoneErrors,
  phoneValues,
  privateErrors,
  privatePayload,
  type CompanyValues,
  type PrivateValues,
} from './profile-values';

const address = {
  address: 'Via Roma',
  number: '10',
  city: 'Torino',
  postalCode: '10121',
  province: 'to',
  country: 'IT',
};
const person: PrivateValues = {
  name: 'Pia',
  surname: 'Sala',
  birthdayDate: '',
  birthdayCity: '',
  birthdayCountry: '',
  sex: '',
  fiscalCode: '',
  address: EMPTY_ADDRESS,
};
const company: CompanyValues = {
  companyName: 'Sala S.r.l.',
  VATNumber: '12345678901',
  pecAddress: '',
  uniqueCode: '',
  referentName: 'Pia',
  referentSurname: 'Sala',
  referentPhone: '',
  address,
};

describe('profile validation', () => {
  it('accepts an empty optional address and names every wrong part of a filled one', () => {
    expect(addressErrors(EMPTY_ADDRESS, { required: false })).toEqual({});
    expect(addressErrors(address, { required: true })).toEqual({});
    expect(addressErrors({ ...address, postalCode: '1012', province: 'TOR', city: ' ' }, { required: false })).toEqual({
      'address.city': 'errors.city',
      'address.postalCode': 'errors.postalCode',
      'address.province': 'errors.province',
    });
  });

  it('checks the tax code and the birthday of a private profile', () => {
    expect(privateErrors({ ...person, fiscalCode: 'slapia90d52l2l9x', birthdayDate: '12/04/1990' })).toEqual({});
    expect(
      privateErrors({ ...person, fiscalCode: 'SLAPIA90D52F205', birthdayDate: '30/02/1990' }, new Date('2026-01-01')),
    ).toEqual({
      fiscalCode: 'errors.fiscalCode',
      birthdayDate: 'errors.birthdayDate',
    });
    expect(privateErrors({ ...person, birthdayDate: '01/01/2030' }, new Date('2026-01-01'))).toEqual({
      birthdayDate: 'errors.birthdayDate',
    });
    expect(privatePayload({ ...person, fiscalCode: ' slapia90d52l2l9x ' })).toMatchObject({
      fiscalCode: 'SLAPIA90D52L2L9X',
      residentialAddress: undefined,
      sex: undefined,
    });
  });

  it('checks VAT number, PEC and unique code of a company, and asks for its legal address', () => {
    expect(companyErrors(company)).toEqual({});
    expect(
      companyErrors({
        ...company,
        VATNumber: 'IT1234567890',
        pecAddress: 'pec',
        uniqueCode: 'ABC',
        address: EMPTY_ADDRESS,
      }),
    ).toMatchObject({
      VATNumber: 'errors.VATNumber',
      pecAddress: 'errors.pecAddress',
      uniqueCode: 'errors.uniqueCode',
      'address.address': 'errors.street',
    });
  });

  it('takes Italian names and places, and refuses control, direction and invisible characters and links in every name', () => {
    expect(
      privateErrors({
        ...person,
        name: 'Maria-Grazia',
        surname: "D'Amico",
        birthdayCity: 'Bolzano/Bozen',
        birthdayCountry: 'Italia',
      }),
    ).toEqual({});
    expect(
      privateErrors({
        ...person,
        name: 'Pia\nVisita https://evil.example',
        surname: 'Sa\u200bla',
        birthdayCity: 'Tor\u202eino',
        birthdayCountry: 'evil.com',
      }),
    ).toEqual({
      name: 'errors.nameCharacters',
      surname: 'errors.surnameCharacters',
      birthdayCity: 'errors.birthPlace',
      birthdayCountry: 'errors.birthPlace',
    });
    expect(
      companyErrors({
        ...company,
        companyName: 'Sala\u2028S.r.l.',
        referentName: 'Pia\u200e',
        referentSurname: 'www.sala.it',
        address: { ...address, city: 'Tor\u2066ino' },
      }),
    ).toEqual({
      companyName: 'errors.hiddenCharacters',
      referentName: 'errors.nameCharacters',
      referentSurname: 'errors.surnameCharacters',
      'address.city': 'errors.hiddenCharacters',
    });
    // A company keeps its punctuation.
    expect(companyErrors({ ...company, companyName: 'Rossi & Figli S.r.l. 2000' })).toEqual({});
  });

  it('checks the phone with its prefix, the password rule and the repeated password', () => {
    expect(phoneErrors({ prefix: '+39', phone: '333 1234567' })).toEqual({});
    expect(phoneErrors({ prefix: '39', phone: '+39 333' })).toEqual({
      prefix: 'errors.phonePrefix',
      phone: 'errors.phone',
    });
    expect(
      passwordErrors({ oldPassword: 'Vecchia#2024', newPassword: 'Nuova#Casa2026', repeat: 'Nuova#Casa2026' }),
    ).toEqual({});
    expect(passwordErrors({ oldPassword: '', newPassword: 'nuovacasa', repeat: 'nuovacasa!' })).toEqual({
      oldPassword: 'errors.oldPassword',
      newPassword: 'password.rule',
      repeat: 'errors.repeat',
    });
    expect(
      passwordErrors({ oldPassword: 'Nuova#Casa2026', newPassword: 'Nuova#Casa2026', repeat: 'Nuova#Casa2026' }),
    ).toEqual({ newPassword: 'errors.samePassword' });
  });

  it('refuses an avatar that is not a JPEG, PNG or WebP image, or larger than 5 MB', () => {
    expect(avatarProblem(new File(['x'], 'io.png', { type: 'image/png' }))).toBeNull();
    expect(avatarProblem(new File(['x'], 'cv.pdf', { type: 'application/pdf' }))).toBe('avatarType');
    expect(avatarProblem(new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' }))).toBe(
      'avatarSize',
    );
  });
});

describe('phoneValues', () => {
  const me = (phonePrefix: string | null, phone: string | null) =>
    ({ phonePrefix, phone }) as unknown as Parameters<typeof phoneValues>[0];

  it('shows the prefix once, even for a number stored with it inside', () => {
    expect(phoneValues(me('+39', '+39 347 1234567'))).toEqual({ prefix: '+39', phone: '347 1234567' });
    expect(phoneValues(me('+39', '0039 3471234567'))).toEqual({ prefix: '+39', phone: '3471234567' });
    expect(phoneValues(me('+39', '3471234567'))).toEqual({ prefix: '+39', phone: '3471234567' });
    expect(phoneValues(me(null, null))).toEqual({ prefix: '+39', phone: '' });
  });
});

describe('dates as Italians write them', () => {
  it('shows an ISO date as gg/mm/aaaa and reads it back, with one-digit days and other separators', () => {
    expect(italianDate('1990-04-12')).toBe('12/04/1990');
    expect(isoFromItalianDate('12/04/1990')).toBe('1990-04-12');
    expect(isoFromItalianDate('1.4.1990')).toBe('1990-04-01');
    expect(isoFromItalianDate('1990-04-12')).toBeUndefined();
    expect(privatePayload({ ...person, birthdayDate: '12/04/1990' }).birthdayDate).toBe('1990-04-12');
    expect(privateErrors({ ...person, birthdayDate: 'aprile' })).toEqual({ birthdayDate: 'errors.birthdayDate' });
  });
});
