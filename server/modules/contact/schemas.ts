import { z } from 'zod';
import { PlainName } from '../shared/schemas';

export const CONTACT_SUBJECTS = ['buy', 'sell', 'rent', 'let', 'valuation', 'other'] as const;

/** An optional form field sent empty is the same as not sent. */
const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

export const ContactRequest = z
  .object({
    Name: PlainName(100).min(2),
    Email: z.email().max(254),
    Phone: z
      .preprocess(
        emptyAsUndefined,
        z
          .string()
          .trim()
          .min(6)
          .max(20)
          .regex(/^\+?[0-9 ]+$/, 'digits and spaces, optionally after +')
          .optional(),
      )
      .describe('Digits, spaces and a leading +; 6-20 characters.'),
    Subject: z.enum(CONTACT_SUBJECTS),
    Message: z.string().trim().min(10).max(4000),
    PrivacyConsent: z.literal(true).describe('The privacy notice must be accepted.'),
  })
  .meta({ id: 'ContactRequest' });

export const CreatedResponse = z.object({ Id: z.number().int() }).meta({ id: 'Created' });
