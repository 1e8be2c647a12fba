import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
// Not in Drizzle's published types (executeNamedSelect below).
import * as drizzle from 'drizzle-orm';
import type { Db } from '../../db/database';

const { orderSelectedFields } = drizzle as unknown as { orderSelectedFields: unknown };

interface Dialect {
  sqlToQuery(query: SQL): { sql: string; params: unknown[] };
}

/** The statement's text and values, and its name: the text's hash, so one name never stands for two texts. */
function named(db: Db, query: SQL) {
  const built = (db as unknown as { dialect: Dialect }).dialect.sqlToQuery(query);
  return { built, name: `search_${createHash('sha1').update(built.sql).digest('hex').slice(0, 24)}` };
}

/**
 * Runs a statement as a named prepared statement (node-postgres prepares it once per connection, and
 * PostgreSQL may then keep one generic plan for it): for the search's statements whose text is the same
 * from one search to the next, their values all parameters. Planning them cost 0.5-1.5 ms each, more
 * than running them. The name is the text's hash, so one name is never used for two texts. On PGlite the
 * name is ignored. Only for texts drawn from a small set: every distinct text stays prepared on every
 * connection that ran it.
 */
export async function executeNamed<T extends Record<string, unknown>>(db: Db, query: SQL): Promise<{ rows: T[] }> {
  const { built, name } = named(db, query);
  const prepared = db._.session.prepareQuery(built, undefined, name, false);
  return (await prepared.execute()) as unknown as { rows: T[] };
}

interface SelectInternals {
  getSQL(): SQL;
  config: { fields: Record<string, unknown> };
  joinsNotNullableMap: Record<string, boolean>;
}

type OrderSelectedFields = (fields: Record<string, unknown>) => unknown[];

/**
 * Runs a select builder as a named prepared statement, its text built once (the builder's own
 * `.prepare(name)` builds it again after `toSQL()` gave the name): the statement as Drizzle would
 * prepare it, with Drizzle's mapping of the selected fields. Leans on two internals of Drizzle 0.45
 * (the builder's config and `orderSelectedFields`), checked by the search tests on both databases.
 */
export async function executeNamedSelect<T>(db: Db, query: PromiseLike<T[]>): Promise<T[]> {
  const select = query as unknown as SelectInternals;
  const { built, name } = named(db, select.getSQL());
  const fields = (orderSelectedFields as unknown as OrderSelectedFields)(select.config.fields);
  const prepared = db._.session.prepareQuery(built, fields as never, name, true) as unknown as { joinsNotNullableMap: Record<string, boolean>; execute(): Promise<T[]> };
  prepared.joinsNotNullableMap = select.joinsNotNullableMap;
  return prepared.execute();
}
