export const CONTACT_SUBJECTS = ['buy', 'sell', 'rent', 'let', 'valuation', 'other'] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];

/** What the form holds while the visitor types: strings and a checkbox. */
export interface ContactFormValues {
  name: string;
  email: string;
  phone: string;
  subject: ContactSubject | '';
  message: string;
  privacyConsent: boolean;
}

export type ContactField = keyof ContactFormValues;

export const EMPTY_CONTACT_VALUES: ContactFormValues = {
  name: '',
  email: '',
  phone: '',
  subject: '',
  message: '',
  privacyConsent: false,
};

/** The body of POST /api/Contact/Send, in the API's field names. */
export interface ContactRequest {
  Name: string;
  Email: string;
  Phone?: string;
  Subject: ContactSubject;
  Message: string;
  PrivacyConsent: true;
}
