import { and, or, sql, type SQL } from 'drizzle-orm';
import type { SearchParams } from '@domain/search';
import { properties } from '../../db/schema';
import { AppError } from '../../errors/app-error';
import { isHighlighted, textQuery } from './columns';

// A sort's keys (the order of a page) and the keyset cursor that carries a page's last row to the next:
// its codec, its checks, and the condition "after the cursor" in the sort's order.

export type KeyCast = 'int8' | 'float8' | 'timestamptz' | 'bool';

export interface SortKey {
  expr: SQL;
  dir: 'asc' | 'desc';
  cast: KeyCast;
}

/** The keys of a sort, before the id that breaks ties (in the direction of the last key). Nulls go last. */
export function sortKeys(p: SearchParams): SortKey[] {
  switch (p.Sort) {
    case 'relevance': {
      const keys: SortKey[] = [{ expr: isHighlighted, dir: 'desc', cast: 'bool' }];
      // ts_rank as an integer (millionths), so the cursor compares exactly.
      if (p.Text)
        keys.push({
          expr: sql`(ts_rank(${properties.searchVector}, ${textQuery(p.Text)}) * 1000000)::int8`,
          dir: 'desc',
          cast: 'int8',
        });
      keys.push({ expr: sql`${properties.publishedAt}`, dir: 'desc', cast: 'timestamptz' });
      return keys;
    }
    case 'price-asc':
      return [{ expr: sql`${properties.price}`, dir: 'asc', cast: 'int8' }];
    case 'price-desc':
      return [{ expr: sql`${properties.price}`, dir: 'desc', cast: 'int8' }];
    case 'price-m2-asc':
      return [{ expr: sql`${properties.pricePerM2}`, dir: 'asc', cast: 'float8' }];
    case 'price-m2-desc':
      return [{ expr: sql`${properties.pricePerM2}`, dir: 'desc', cast: 'float8' }];
    case 'newest':
      return [{ expr: sql`${properties.publishedAt}`, dir: 'desc', cast: 'timestamptz' }];
    case 'surface-asc':
      return [{ expr: sql`${properties.surfaceM2}`, dir: 'asc', cast: 'int8' }];
    case 'surface-desc':
      return [{ expr: sql`${properties.surfaceM2}`, dir: 'desc', cast: 'int8' }];
  }
}

/** The keyset cursor: the sort, the key values of the last row as PostgreSQL wrote them, its id. */
export interface Cursor {
  s: string;
  k: (string | null)[];
  i: number;
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

// The UTC offset is checked too: '+99:99:99' parses here but is out of PostgreSQL's range (a 500).
const TIMESTAMP_TEXT =
  /^(\d{4})-(\d{2})-(\d{2}) ([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,6})?[+-](0\d|1[0-5])(:[0-5]\d){0,2}$/;
/** A float8 as PostgreSQL writes it, with an exponent it can read back ('1e-999' is 0 here, out of range there). */
const FLOAT_TEXT = /^-?\d{1,15}(\.\d{1,20})?(?:e([+-]?\d{1,3}))?$/;

function validKey(value: string | null, cast: KeyCast): boolean {
  if (value === null) return true;
  if (typeof value !== 'string' || value.length > 40) return false;
  switch (cast) {
    case 'bool':
      return value === 'true' || value === 'false';
    case 'int8':
      return /^-?\d{1,15}$/.test(value);
    case 'float8': {
      const m = FLOAT_TEXT.exec(value);
      return m !== null && Math.abs(Number(m[2] ?? 0)) <= 300 && Number.isFinite(Number(value));
    }
    case 'timestamptz': {
      const m = TIMESTAMP_TEXT.exec(value);
      if (!m) return false;
      const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
      const date = new Date(Date.UTC(y, mo - 1, d));
      return y >= 1970 && date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
    }
  }
}

/** Reads a cursor of this search's sort; anything else is InvalidCursor. */
export function decodeCursor(raw: string, p: SearchParams, keys: SortKey[]): Cursor {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw new AppError('InvalidCursor');
  }
  const c = value as Partial<Cursor> | null;
  if (
    typeof c !== 'object' ||
    c === null ||
    c.s !== p.Sort ||
    !Array.isArray(c.k) ||
    c.k.length !== keys.length ||
    !Number.isInteger(c.i) ||
    (c.i as number) < 1 ||
    (c.i as number) > 2_147_483_647 ||
    !c.k.every((k, index) => (k === null || typeof k === 'string') && validKey(k, keys[index]!.cast))
  ) {
    throw new AppError('InvalidCursor');
  }
  return { s: c.s, k: c.k, i: c.i as number };
}

/**
 * Rows after the cursor in the order (k1, ..., kn, id), each key nulls last:
 * OR over i of (k1..k(i-1) equal and ki after), the id last.
 */
export function afterCursor(keys: SortKey[], cursor: Cursor): SQL {
  const all = [...keys, { expr: sql`${properties.id}`, dir: keys.at(-1)!.dir, cast: 'int8' as const }];
  const values = [...cursor.k, String(cursor.i)];
  const branches: SQL[] = [];
  const equalSoFar: SQL[] = [];
  all.forEach((key, index) => {
    const value = values[index] ?? null;
    const cast = sql.raw(key.cast === 'bool' ? 'boolean' : key.cast);
    if (value !== null) {
      const after = key.dir === 'asc' ? sql`${key.expr} > ${value}::${cast}` : sql`${key.expr} < ${value}::${cast}`;
      branches.push(and(...equalSoFar, sql`(${after} or ${key.expr} is null)`)!);
      equalSoFar.push(sql`${key.expr} = ${value}::${cast}`);
    } else {
      // Nothing sorts after a null of this key except later nulls, decided by the next keys.
      equalSoFar.push(sql`${key.expr} is null`);
    }
  });
  return or(...branches) ?? sql`false`;
}

export function orderBy(keys: SortKey[]): SQL[] {
  const dir = keys.at(-1)!.dir;
  return [...keys.map((k) => sql`${k.expr} ${sql.raw(k.dir)} nulls last`), sql`${properties.id} ${sql.raw(dir)}`];
}
