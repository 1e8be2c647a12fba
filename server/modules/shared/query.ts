import { z } from 'zod';

/**
 * Query strings arrive as strings. These read a number only from a plain decimal string
 * ('12', not '0x0c', ' 12', '1e1'), so a malformed value is a 400, while the published
 * schema stays a number for the typed client.
 */
const fromDecimal = (value: unknown) =>
  typeof value === 'string' && /^-?\d{1,15}$/.test(value) ? Number(value) : value;

/** An integer query parameter within [min, max]. */
export function queryInt(min: number, max: number) {
  return z.preprocess(fromDecimal, z.number().int().min(min).max(max));
}

/** SellType: 1 sale, 2 rent. */
export const SellTypeValue = z.literal([1, 2]).describe('1 sale, 2 rent');

export const SellTypeQuery = z.preprocess(fromDecimal, SellTypeValue);

/** A positive integer id in a path segment ('12'); anything else is a 400. */
export const PathId = z.preprocess(fromDecimal, z.number().int().min(1).max(2_147_483_647));
