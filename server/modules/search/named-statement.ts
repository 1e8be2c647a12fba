import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { namedStatementTarget } from '../../db/generic-plans';
import { dialectOf, runRows, runSelect, selectParts } from './drizzle-internals';
import { flattenSql } from './flatten';

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
  // The statement's text and values (flattenSql: Drizzle's, without its cost), and its name.
  const built = flattenSql(dialectOf(db), query);
  const target = namedStatementTarget(db);
  return runRows<T>(target ?? db, built, target ? nameOf(built.sql) : undefined);
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
  const select = selectParts(build(sql.raw(HOLE)));
  const whole = dialectOf(db).sqlToQuery(select.sql);
  const parts = whole.sql.split(HOLE);
  if (whole.params.length > 0 || parts.length !== 2)
    throw new Error(
      `statementShell: the shell must hold the hole once and no parameter (${parts.length - 1} holes, parameters ${JSON.stringify(whole.params)})`,
    );
  const [head, tail] = parts;
  if (select.columns.some(({ path }) => path.length !== 1))
    throw new Error('statementShell: nested fields are not mapped');
  const keys = select.columns.map(({ path }) => path[0]);
  const decoders = select.columns.map(({ decoder }) => decoder);
  const mapRows = (rows: unknown[][]) =>
    rows.map((row) => {
      const out: Record<string, unknown> = {};
      for (let i = 0; i < keys.length; i++)
        out[keys[i]] = row[i] === null ? null : decoders[i].mapFromDriverValue(row[i]);
      return out as T;
    });
  return {
    async execute(target, hole, isNamed) {
      const inner = flattenSql(dialectOf(target), hole);
      const text = head + inner.sql + tail;
      const named = isNamed ? namedStatementTarget(target) : null;
      return runSelect(
        named ?? target,
        { sql: text, params: inner.params },
        select.fields,
        named ? nameOf(text) : undefined,
        mapRows,
      );
    },
  };
}
