import { isPlainName } from '@/shared/lib/validation';
import { CONTACT_SUBJECTS, type ContactField, type ContactFormValues, type ContactRequest } from './contact-values';

/** Each value is a key of the `contact-form` namespace under `errors.`. */
export type ContactErrors = Partial<Record<ContactField, string>>;

// The same limits the API applies to POST /api/Contact/Send.
export const NAME_MIN = 2;
export const NAME_MAX = 100;
export const MESSAGE_MIN = 10;
export const MESSAGE_MAX = 4000;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const PHONE_PATTERN = /^[0-9+ ]{6,20}$/;

export function validateContact(values: ContactFormValues): ContactErrors {
  const errors: ContactErrors = {};
  const name = values.name.trim();
  const email = values.email.trim();
  const phone = values.phone.trim();
  const message = values.message.trim();

  if (!name) errors.name = 'nameRequired';
  else if (name.length < NAME_MIN || name.length > NAME_MAX) errors.name = 'nameLength';
  else if (!isPlainName(name)) errors.name = 'nameCharacters';

  if (!email) errors.email = 'emailRequired';
  else if (!EMAIL_PATTERN.test(email)) errors.email = 'emailInvalid';

  if (phone && !PHONE_PATTERN.test(phone)) errors.phone = 'phoneInvalid';

  if (!values.subject || !(CONTACT_SUBJECTS as readonly string[]).includes(values.subject)) {
    errors.subject = 'subjectRequired';
  }

  if (!message) errors.message = 'messageRequired';
  else if (message.length < MESSAGE_MIN || message.length > MESSAGE_MAX) errors.message = 'messageLength';

  if (!values.privacyConsent) errors.privacyConsent = 'consentRequired';

  return errors;
}

export function hasErrors(errors: ContactErrors): boolean {
  return Object.keys(errors).length > 0;
}

/** Only call with values that passed `validateContact`. */
export function toContactRequest(values: ContactFormValues): ContactRequest {
  const phone = values.phone.trim();
  return {
    Name: values.name.trim(),
    Email: values.email.trim(),
    ...(phone ? { Phone: phone } : {}),
    Subject: values.subject as ContactRequest['Subject'],
    Message: values.message.trim(),
    PrivacyConsent: true,
  };
}
