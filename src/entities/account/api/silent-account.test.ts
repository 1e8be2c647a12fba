import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/shared/lib/test-utils';
import { registerSilentAccount, silentAccountPhone } from './silent-account';

const fetchMock = vi.hoisted(() => {
  const mock = vi.fn<typeof fetch>();
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
});

const PERSON = {
  name: '  Giulia ',
  surname: 'Bianchi  ',
  phonePrefix: '+39',
  phone: '333 123-4567',
  termsAndConditions: true,
  privacy: true,
  commercialConsent: false,
  partnerConsent: true,
};

describe('registerSilentAccount', () => {
  beforeEach(() => fetchMock.mockReset());

  it("sends step 0's data trimmed, the phone as prefix and digits, the e-mail and the captcha", async () => {
    const api = fakeApi(fetchMock, { 'POST /api/Account/Register': [200, { Email: 'giulia@esempio.it' }] });
    expect(await registerSilentAccount(PERSON, ' giulia@esempio.it ', 'altcha-payload')).toEqual({
      kind: 'registered',
      email: 'giulia@esempio.it',
    });
    expect(api.sent('POST /api/Account/Register')).toHaveLength(1);
    expect(api.sent('POST /api/Account/Register')[0]!.body).toEqual({
      name: 'Giulia',
      surname: 'Bianchi',
      email: 'giulia@esempio.it',
      phone: '+39 3331234567',
      TermsAndConditions: true,
      InfoPrivacy: true,
      commercialPartnerConsent: false,
      PartnerConsent: true,
      RecaptchaToken: 'altcha-payload',
    });
  });

  it("answers the server's refusal as an outcome (a known address, one of a social login, the captcha)", async () => {
    fakeApi(fetchMock, {
      'POST /api/Account/Register': [400, { ExceptionType: 12, ExceptionTypeString: 'MailAlreadyRegistered' }],
    });
    expect(await registerSilentAccount(PERSON, 'a@b.it', 'tok')).toEqual({ kind: 'alreadyRegistered', social: false });
    fakeApi(fetchMock, {
      'POST /api/Account/Register': [400, { ExceptionType: 45, ExceptionTypeString: 'EmailIsUsedInSocialLogin' }],
    });
    expect(await registerSilentAccount(PERSON, 'a@b.it', 'tok')).toEqual({ kind: 'alreadyRegistered', social: true });
    fakeApi(fetchMock, {
      'POST /api/Account/Register': [400, { ExceptionType: 60, ExceptionTypeString: 'CaptchaFailed' }],
    });
    expect(await registerSilentAccount(PERSON, 'a@b.it', 'tok')).toEqual({ kind: 'captcha' });
  });

  it('writes the phone one way whatever was typed between the digits', () => {
    expect(silentAccountPhone({ phonePrefix: '+39', phone: '333 123 4567' })).toBe('+39 3331234567');
    expect(silentAccountPhone({ phonePrefix: '+41', phone: '079/123.45.67' })).toBe('+41 0791234567');
  });
});
