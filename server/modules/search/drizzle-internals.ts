import * as drizzle from 'drizzle-orm';
import type { Query, SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';

// The one file that reaches into Drizzle's unpublished shapes: fields marked @internal or private in its
// types, a function its index exports without a type, the driver's raw answer. The search's statement
// shell and its flattening (named-statement.ts, flatten.ts) need them to build a statement's text once and
// run it without Drizzle's per-call cost (docs/search.md, "The module's parts"). Every other file of the
// module uses Drizzle's published API only.
//
// Written against the version below. drizzle-internals.test.ts fails when another version is installed,
// and runs every function here on a real database: after an upgrade, check each against Drizzle's new
// sources (pg-core/db, pg-core/session, sql/sql, utils), then move DRIZZLE_VERSION on.

/** The drizzle-orm version these shapes were read from (node_modules/drizzle-orm/package.json). */
export const DRIZZLE_VERSION = '0.45.4';

/** What the search reads of a database's dialect (PgDialect; `casing` and `prepareTyping` are internal). */
export interface Dialect {
  sqlToQuery(query: SQL): Query;
  casing: unknown;
  escapeName(name: string): string;
  escapeParam(num: number, value: unknown): string;
  escapeString(value: string): string;
  prepareTyping?: unknown;
}

/** The dialect of a database (PgDatabase's `dialect`, internal). */
export function dialectOf(db: Db): Dialect {
  return (db as unknown as { dialect: Dialect }).dialect;
}

/** Whether a template's values are written inline (set by `sql.inlineParams()`: SQL's private `shouldInlineParams`). */
export function inlinesParams(query: SQL): boolean {
  return (query as unknown as { shouldInlineParams: boolean }).shouldInlineParams;
}

/**
 * One chunk of an `sql` tree written by Drizzle, its parameters numbered from `paramStart` (SQL's public
 * `toQuery`, given the dialect's internal casing and typing as Drizzle's own sqlToQuery gives them).
 */
export function chunkToQuery(dialect: Dialect, chunk: unknown, paramStart: number): Query {
  return new drizzle.SQL([chunk as never]).toQuery({
    casing: dialect.casing as never,
    escapeName: dialect.escapeName,
    escapeParam: dialect.escapeParam,
    escapeString: dialect.escapeString,
    prepareTyping: dialect.prepareTyping as never,
    paramStartIndex: { value: paramStart },
  });
}

/** A value decoder, as Drizzle's row mapping (mapResultRow) applies it. */
export interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** A select's fields in the order of its columns, as Drizzle hands them to the session (opaque here). */
export interface OrderedFields {
  readonly brand: 'drizzle-ordered-fields';
}

/** A select taken apart: its statement, its fields in column order (for the session) and, per column, its key and decoder. */
export interface SelectParts {
  sql: SQL;
  fields: OrderedFields;
  columns: { path: string[]; decoder: Decoder }[];
}

type OrderSelectedFields = (fields: Record<string, unknown>) => { path: string[]; field: unknown }[];
// Exported by drizzle-orm's index but not in its published types.
const { orderSelectedFields } = drizzle as unknown as { orderSelectedFields: OrderSelectedFields };

/** The decoder Drizzle's own row mapping uses for a selected field: a column, an expression, a subquery's field, an aliased expression. */
function decoderOf(field: unknown): Decoder {
  if (drizzle.is(field, drizzle.Column)) return field;
  // SQL's `decoder` (set by mapWith) and a subquery's `_.sql` are internal.
  if (drizzle.is(field, drizzle.SQL)) return (field as unknown as { decoder: Decoder }).decoder;
  if (drizzle.is(field, drizzle.Subquery))
    return (field as unknown as { _: { sql: { decoder: Decoder } } })._.sql.decoder;
  return (field as { sql: { decoder: Decoder } }).sql.decoder;
}

/** A select builder taken apart (its internal `config.fields`, ordered by Drizzle's orderSelectedFields). */
export function selectParts(select: PromiseLike<unknown>): SelectParts {
  const internals = select as unknown as { getSQL(): SQL; config: { fields: Record<string, unknown> } };
  const ordered = orderSelectedFields(internals.config.fields);
  return {
    sql: internals.getSQL(),
    fields: ordered as unknown as OrderedFields,
    columns: ordered.map(({ path, field }) => ({ path, decoder: decoderOf(field) })),
  };
}

/** `n` written into a select's text as a constant (`.limit()` writes an SQL chunk as it is; its type says number). */
export function constantLimit(n: number): number {
  return drizzle.sql.raw(String(Math.trunc(n))) as unknown as number;
}

/**
 * Runs a statement already flattened through the database's session, its rows as objects; under `name`, a
 * named prepared statement (node-postgres prepares it once per connection). The rows as the driver answers them.
 */
export async function runRows<T>(db: Db, query: Query, name: string | undefined): Promise<{ rows: T[] }> {
  const prepared = db._.session.prepareQuery(query, undefined, name, false);
  return (await prepared.execute()) as unknown as { rows: T[] };
}

/**
 * Runs a select already flattened through the database's session in array mode, its rows mapped by `mapRows`
 * (as Drizzle's own select maps them with `fields`); under `name`, a named prepared statement.
 */
export async function runSelect<T>(
  db: Db,
  query: Query,
  fields: OrderedFields,
  name: string | undefined,
  mapRows: (rows: unknown[][]) => T[],
): Promise<T[]> {
  const prepared = db._.session.prepareQuery(query, fields as never, name, true, mapRows as never);
  return (await prepared.execute()) as T[];
}
