import type { Db } from './database';

/**
 * Connections whose prepared statements use one generic plan each (PostgreSQL's plan_cache_mode), for
 * the search's named statements (server/modules/search/named-statement.ts): their texts come from a small
 * set, their values change at every search. Left to choose (`auto`), PostgreSQL planned a circle's page
 * anew at every search (its custom plans looked cheaper than the generic one), 3-5 ms of planning for
 * well under a millisecond of running; the plans are the same but for the values, the statements being
 * built so (materialised CTEs, one-time filters, the walks' shapes in the text). Only named statements
 * run there: an unnamed statement (a filtered search, the places) is planned for its values.
 */
export const GENERIC_PLAN_OPTIONS = '-c plan_cache_mode=force_generic_plan';

const namedTargets = new WeakMap<object, Db>();

/** From now on the named statements sent through `db` run on `target` (connections opened with GENERIC_PLAN_OPTIONS). */
export function runNamedStatementsOn(db: Db, target: Db): void {
  namedTargets.set(db, target);
}

/** Where a named statement of `db` runs: its generic-plan connections when it has them, else `db` itself (PGlite). */
export function namedStatementTarget(db: Db): Db {
  return namedTargets.get(db) ?? db;
}
