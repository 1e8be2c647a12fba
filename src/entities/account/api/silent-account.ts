import { apiClient, type ApiClient } from '@/shared/api';
import type { PersonalData } from '@domain/wizard-steps';
import { register, type RegisterOutcome, type RegisterPayload } from './account-api';

/** The phone as both wizards send it: the prefix, a space, the digits ('+39 3331234567'). */
export function silentAccountPhone(data: Pick<PersonalData, 'phonePrefix' | 'phone'>): string {
  return `${data.phonePrefix.trim()} ${data.phone.replace(/\D/g, '')}`;
}

/** What the registration of a wizard's silent account sends (POST /api/Account/Register). */
export function silentAccountPayload(personal: PersonalData, email: string, captchaToken: string): RegisterPayload {
  return {
    name: personal.name.trim(),
    surname: personal.surname.trim(),
    email: email.trim(),
    phone: silentAccountPhone(personal),
    TermsAndConditions: personal.termsAndConditions,
    InfoPrivacy: personal.privacy,
    commercialPartnerConsent: personal.commercialConsent,
    PartnerConsent: personal.partnerConsent,
    RecaptchaToken: captchaToken,
  };
}

/**
 * The silent account of a wizard's steps 0 and 1 (docs/spec.md §4): step 0's personal data,
 * step 1's e-mail and the captcha its form solved, no password. The listing and the valuation
 * wizard both register through here, so the server gets the same data from either. A call
 * that never reached the server rejects (the caller tells "offline" apart).
 */
export function registerSilentAccount(
  personal: PersonalData,
  email: string,
  captchaToken: string,
  client: ApiClient = apiClient,
): Promise<RegisterOutcome> {
  return register(silentAccountPayload(personal, email, captchaToken), client);
}
