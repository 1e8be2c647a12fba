export { ContactForm, type ContactFormProps } from './ui/contact-form';
export { CONTACT_SUBJECTS, type ContactSubject } from './model/contact-values';
