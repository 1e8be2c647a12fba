import { createRequire } from 'node:module';
import { lte, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { rateLimitCounters } from '../db/schema';

// The stores behind @fastify/rate-limit. Limits without a ban count per process, in memory
// (a first line: behind N servers a client gets up to N times the limit, docs/scaling.md).
// Limits that ban (login, registration, recovery, re-authentication) count in the database,
// so the count, and the ban that follows it, are the same on every server.

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

interface Store {
  incr(key: string, callback: Callback, timeWindow: number, max: number): void;
  child(routeOptions: RouteLimit): Store;
}

interface RouteLimit {
  ban?: number;
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  routeInfo?: { method?: string | string[]; url?: string };
}

const LocalStore = createRequire(import.meta.url)('@fastify/rate-limit/store/LocalStore') as new (continueExceeding: boolean, exponentialBackoff: boolean, cache?: number) => Store;

/** Counts one more request of `key` in its window; answers the count and the time left, in one statement. */
export async function countRequest(db: Db, key: string, timeWindowMs: number): Promise<{ current: number; ttl: number }> {
  const rows = await db
    .insert(rateLimitCounters)
    .values({ key, hits: 1, windowEndsAt: sql`now() + ${`${timeWindowMs} milliseconds`}::interval` })
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        hits: sql`case when ${rateLimitCounters.windowEndsAt} <= now() then 1 else ${rateLimitCounters.hits} + 1 end`,
        windowEndsAt: sql`case when ${rateLimitCounters.windowEndsAt} <= now() then excluded.window_ends_at else ${rateLimitCounters.windowEndsAt} end`,
      },
    })
    .returning({ hits: rateLimitCounters.hits, ttl: sql<number>`greatest(0, ceil(extract(epoch from (${rateLimitCounters.windowEndsAt} - now())) * 1000))::int` });
  return { current: rows[0].hits, ttl: Number(rows[0].ttl) };
}

/** Deletes the counters whose window has ended (the housekeeping job). */
export async function purgeRateLimitCounters(db: Db, now = new Date()): Promise<number> {
  const deleted = await db.delete(rateLimitCounters).where(lte(rateLimitCounters.windowEndsAt, now)).returning({ key: rateLimitCounters.key });
  return deleted.length;
}

class DatabaseStore implements Store {
  constructor(
    private readonly db: Db,
    private readonly route: string,
  ) {}
  incr(key: string, callback: Callback, timeWindow: number): void {
    countRequest(this.db, `${this.route} ${key}`.slice(0, 300), timeWindow).then(
      (result) => callback(null, result),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    );
  }
  child(routeOptions: RouteLimit): Store {
    return storeFor(this.db, routeOptions);
  }
}

function storeFor(db: Db, routeOptions: RouteLimit): Store {
  if (routeOptions.ban !== undefined && routeOptions.ban >= 0) {
    const method = [routeOptions.routeInfo?.method ?? ''].flat().join(',');
    return new DatabaseStore(db, `${method} ${routeOptions.routeInfo?.url ?? ''}`.toLowerCase());
  }
  return new LocalStore(routeOptions.continueExceeding ?? false, routeOptions.exponentialBackoff ?? false);
}

/** The store class the plugin is given (`store:`): it builds one store per route from the route's options. */
export function sharedBanStore(db: Db) {
  return class RateLimitStore implements Store {
    private readonly local: Store;
    constructor(params: RouteLimit) {
      this.local = storeFor(db, { ...params, ban: undefined });
    }
    incr(key: string, callback: Callback, timeWindow: number, max: number): void {
      this.local.incr(key, callback, timeWindow, max);
    }
    child(routeOptions: RouteLimit): Store {
      return storeFor(db, routeOptions);
    }
  };
}
