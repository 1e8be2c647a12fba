import { z } from 'zod';
import { PORTAL } from '../../../domain/session';

// Schemas more than one module uses, defined once.

/** The portal id requests carry (docs/spec.md §7): 5. */
export const PortalId = z.coerce.number().int().refine((value) => value === PORTAL, { message: `portal must be ${PORTAL}` });

/** Tokens the API issues: 43 URL-safe characters; a little slack for future formats. */
export const IssuedToken = z.string().min(20).max(128).regex(/^[A-Za-z0-9_-]+$/);

/** A single-use token in a path or a query (confirmation, recovery, auto-login links). */
export const TokenParams = z.object({ token: IssuedToken });

/** A positive database id in a path. */
export const IdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const OkResponse = z.object({ Ok: z.literal(true) }).meta({ id: 'OkResponse' });
