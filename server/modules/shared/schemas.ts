import { z } from 'zod';
import { isOneLineText, isPersonName, isPlainName } from '@domain/person-name';
import { PORTAL } from '@domain/session';

// Schemas more than one module uses, defined once.

/** The portal id requests carry (docs/spec.md §7): 5. */
export const PortalId = z.coerce
  .number()
  .int()
  .refine((value) => value === PORTAL, { message: `portal must be ${PORTAL}` });

/** Tokens the API issues: 43 URL-safe characters; a little slack for future formats. */
export const IssuedToken = z
  .string()
  .min(20)
  .max(128)
  .regex(/^[A-Za-z0-9_-]+$/);

/** A single-use token in a path or a query (confirmation, recovery, auto-login links). */
export const TokenParams = z.object({ token: IssuedToken });

/** A positive database id in a path. */
export const IdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const OkResponse = z.object({ Ok: z.literal(true) }).meta({ id: 'OkResponse' });

/**
 * A person's name (registration, profile, a company's referent, the contact forms): letters,
 * spaces, apostrophes, hyphens and full stops, without control, direction or invisible
 * characters and without anything a mail client makes a link of (domain/person-name.ts).
 */
export const PersonName = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine(isPersonName, {
      message:
        'a name: letters, spaces, apostrophes, hyphens and full stops; no control, direction or invisible character, digit or link',
    })
    .describe(
      "A person's name: letters, spaces, apostrophes, hyphens and full stops; no control, direction or invisible character, digit, symbol or link.",
    );

/** A name that keeps its punctuation (a place of birth): one line of visible text that is not a link. */
export const PlainName = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine(isPlainName, { message: 'one line of visible text, not a link' })
    .describe('One line of visible text (no control, direction or invisible character) that is not a link.');

/** One line of visible text (a company's name, a part of an address): no control, direction or invisible character. */
export const OneLineText = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine(isOneLineText, { message: 'one line of visible text' })
    .describe('One line of visible text: no control, direction or invisible character.');
