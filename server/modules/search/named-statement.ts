import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
// orderSelectedFields is not in Drizzle's published types (statementShell below).
import * as drizzle from 'drizzle-orm';
import type { Db } from '../../db/database';
import { namedStatementTarget } from '../../db/generic-plans';
import { flattenSql } from './flatten';

const { orderSelectedFields } = drizzle as unknown as { orderSelectedFields: unknown };

type Dialect = Parameters<typeof flattenSql>[0];

/** The names of the texts seen lately: the same few texts come back at every search, and hashing one costs ~10 µs. */
const names = new Map<string, string>();
const NAMES_KEPT = 256;

/** A statement's name: its text's hash, so one name never stands for two texts. */
function nameOf(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `search_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    if (names.size >= NAMES_KEPT) names.clear();
    names.set(text, name);
  }
  return name;
}

/** The statement's text and values (flattenSql: Drizzle's, without its cost), and its name. */
function named(db: Db, query: SQL) {
  const built = flattenSql((db as unknown as { dialect: Dialect }).dialect, query);
  return { built, name: nameOf(built.sql) };
}

/**
 * Runs a statement as a named prepared statement (node-postgres prepares it once per connection, and
 * PostgreSQL may then keep one generic plan for it): for the search's statements whose text is the same
 * from one search to the next, their values all parameters. Planning them cost 0.5-1.5 ms each, more
 * than running them. The name is the text's hash, so one name is never used for two texts. They run on the
 * connections of generic plans of `db` (server/db/generic-plans.ts), each keeping a bounded number; a `db`
 * without them (PGlite, a pool of the bench or a test) runs the statement unnamed. Only for texts drawn from a small set: every distinct text stays prepared on every
 * connection that ran it.
 */
export async function executeNamed<T extends Record<string, unknown>>(db: Db, query: SQL): Promise<{ rows: T[] }> {
  const { built, name } = named(db, query);
  const target = namedStatementTarget(db);
  const prepared = (target ?? db)._.session.prepareQuery(built, undefined, target ? name : undefined, false);
  return (await prepared.execute()) as unknown as { rows: T[] };
}

interface SelectInternals {
  getSQL(): SQL;
  config: { fields: Record<string, unknown> };
}

type OrderSelectedFields = (fields: Record<string, unknown>) => { path: string[]; field: unknown }[];

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** The decoder Drizzle's own row mapping (mapResultRow) uses for a selected field. */
function decoderOf(field: unknown): Decoder {
  if (drizzle.is(field, drizzle.Column)) return field;
  if (drizzle.is(field, drizzle.SQL)) return (field as unknown as { decoder: Decoder }).decoder;
  if (drizzle.is(field, drizzle.Subquery)) return (field as unknown as { _: { sql: { decoder: Decoder } } })._.sql.decoder;
  return (field as { sql: { decoder: Decoder } }).sql.decoder;
}

/**
 * A select whose text is the same around one hole, built once: the text before and after the hole, and
 * the mapping of its columns. For a statement run many times a second whose only changing part is a
 * subquery (the search's page: its ids change, the rows' joins and columns do not), building and
 * flattening the whole select at every run (Drizzle's `getSQL()` and `sqlToQuery`) costs more than the
 * database takes to run it.
 */
export interface StatementShell<T> {
  /** Runs the shell with `hole` in its place (its parameters are the statement's), as a named prepared statement when `named` (see executeNamed). */
  execute(db: Db, hole: SQL, named: boolean): Promise<T[]>;
}

/** The placeholder of the hole while the shell is built: written once into the text, then split on. */
const HOLE = '/*statement-shell-hole*/';

/**
 * Builds a shell from a select whose `hole` argument stands where the changing subquery goes. The shell's
 * own text must carry no parameter (its values written as constants), so the hole's parameters keep their
 * numbers ($1 …) in the whole text. Rows are mapped as Drizzle maps a flat select's rows (the columns'
 * and expressions' decoders), read from the select's fields once; nested fields (a joined table selected
 * whole) are refused.
 */
export function statementShell<T>(db: Db, build: (hole: SQL) => PromiseLike<T[]>): StatementShell<T> {
  const select = build(drizzle.sql.raw(HOLE)) as unknown as SelectInternals;
  const dialect = (db as unknown as { dialect: Dialect }).dialect;
  const whole = dialect.sqlToQuery(select.getSQL());
  const parts = whole.sql.split(HOLE);
  if (whole.params.length > 0 || parts.length !== 2) throw new Error(`statementShell: the shell must hold the hole once and no parameter (${parts.length - 1} holes, parameters ${JSON.stringify(whole.params)})`);
  const [head, tail] = parts;
  const fields = (orderSelectedFields as unknown as OrderSelectedFields)(select.config.fields);
  if (fields.some(({ path }) => path.length !== 1)) throw new Error('statementShell: nested fields are not mapped');
  const keys = fields.map(({ path }) => path[0]);
  const decoders = fields.map(({ field }) => decoderOf(field));
  const mapRows = (rows: unknown[][]) =>
    rows.map((row) => {
      const out: Record<string, unknown> = {};
      for (let i = 0; i < keys.length; i++) out[keys[i]] = row[i] === null ? null : decoders[i].mapFromDriverValue(row[i]);
      return out as T;
    });
  return {
    async execute(target, hole, isNamed) {
      const inner = flattenSql((target as unknown as { dialect: Dialect }).dialect, hole);
      const text = head + inner.sql + tail;
      const named = isNamed ? namedStatementTarget(target) : null;
      const prepared = (named ?? target)._.session.prepareQuery({ sql: text, params: inner.params }, fields as never, named ? nameOf(text) : undefined, true, mapRows as never);
      return (await prepared.execute()) as T[];
    },
  };
}
