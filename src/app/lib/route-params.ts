import { notFound } from '@tanstack/react-router';
import { z } from 'zod';
import { TYPE_SLUGS } from '@/shared/config';

/** A property-type slug of the search URLs ("appartamenti", "bilocali" ...). */
export const typeSlugSchema = z.enum(TYPE_SLUGS);

/** A positive numeric id in a path ("/immobile/123"). */
export const numericIdSchema = z.string().regex(/^\d{1,12}$/);

/** A path segment of free text (a token, a name, a province slug). */
export const segmentSchema = z.string().min(1).max(200);

/**
 * Checks path params against a schema in `beforeLoad`: a URL that does not fit is a page
 * that does not exist, so it gets the 404 page rather than the error page.
 */
export function requireParams<T>(schema: z.ZodType<T>, params: unknown): T {
  const result = schema.safeParse(params);
  if (!result.success) throw notFound();
  return result.data;
}
