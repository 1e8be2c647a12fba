import { contactInAnswer, type ContactKind } from '@domain/wizard-steps';
import type { TFunction } from '@/shared/i18n';

/** The message of each kind of contact detail, the same the page shows when the server refuses it. */
const MESSAGE: Record<ContactKind, string> = {
  link: 'errors.contactLink',
  email: 'errors.contactEmail',
  phone: 'errors.contactPhone',
};

/**
 * Why the title (16) or description (17) cannot be sent as it is: the link, e-mail address or
 * phone number it carries (domain/listing/contact-details.ts, the rule the server applies), in
 * the seller's words; undefined when it carries none.
 */
export function contactProblem(t: TFunction, step: 'title' | 'description', text: string): string | undefined {
  const kind = contactInAnswer(step, step === 'title' ? { title: text } : { description: text });
  return kind === null ? undefined : t(MESSAGE[kind]);
}
