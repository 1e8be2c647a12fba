import pg from 'pg';
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

/**
 * Where a named statement of `db` runs: its connections of generic plans, or null when it has none (PGlite,
 * where names mean nothing, or a PostgreSQL pool without the bound: the statement then runs unnamed, planned
 * each time, and nothing stays prepared on connections that keep every statement they are given).
 */
export function namedStatementTarget(db: Db): Db | null {
  return namedTargets.get(db) ?? null;
}

/**
 * How many named statements a connection of generic plans keeps. Each holds its parse tree and plan in
 * the server process (about 1 MB for a search page's), and their texts, though drawn from a set, are
 * many: sorts × shapes × the cursor's part × two page reads. Past this, the one used least recently is
 * deallocated first, so no sequence of searches can grow a connection's memory without bound.
 */
export const NAMED_STATEMENTS_MAX = 32;

interface ParsedStatements {
  connection?: { parsedStatements?: Record<string, string> };
}

/**
 * A node-postgres client that keeps at most NAMED_STATEMENTS_MAX named statements, least recently used
 * out first (`DEALLOCATE`, queued before the statement that needs the room; node-postgres forgets it, so
 * it would parse it again). The pool of generic plans opens its connections with it.
 */
export class BoundedStatementsClient extends pg.Client {
  private readonly named = new Map<string, true>();

  // node-postgres' query has many overloads; the config of a named statement is an object with a name.
  override query(...args: unknown[]): never {
    const config = args[0] as { name?: unknown } | null;
    const name = typeof config === 'object' && config !== null && typeof config.name === 'string' ? config.name : null;
    if (name !== null) this.use(name);
    return (super.query as (...rest: unknown[]) => never).apply(this, args);
  }

  private use(name: string) {
    if (this.named.delete(name)) {
      this.named.set(name, true);
      return;
    }
    while (this.named.size >= NAMED_STATEMENTS_MAX) {
      const oldest = this.named.keys().next().value as string;
      this.named.delete(oldest);
      delete (this as unknown as ParsedStatements).connection?.parsedStatements?.[oldest];
      (super.query as (text: string) => Promise<unknown>)
        .call(this, `DEALLOCATE "${oldest.replace(/"/g, '""')}"`)
        .catch(() => undefined);
    }
    this.named.set(name, true);
  }
}
