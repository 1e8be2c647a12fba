import { createRequire } from 'node:module';
import { lte, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { rateLimitCounters } from '../db/schema';

// The stores behind @fastify/rate-limit. Limits without a ban count per process, in memory
// (a first line: behind N servers a client gets up to N times the limit, docs/scaling.md).
// Limits that ban (login, registration, recovery, re-authentication), and those marked `shared`
// (a per-user limit over an hour, such as the data export), count in the database, so the count,
// and the ban that follows it, are the same on every server. A limit that bans
// with `sharedEvery` (the searches, hundreds a minute) counts in the database too, but each
// process adds its requests to the shared count at most once per `sharedEvery` ms: between two
// writes it answers from the last shared count plus its own requests.

declare module '@fastify/rate-limit' {
  interface RateLimitOptions {
    /** With `ban`: how long (ms) a process may count alone before adding its requests to the shared count; 0: every request. */
    sharedEvery?: number;
    /** Counted in the database without a ban: the limit holds across servers (a per-user hourly limit). */
    shared?: boolean;
  }
}

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

interface Store {
  incr(key: string, callback: Callback, timeWindow: number, max: number): void;
  child(routeOptions: RouteLimit): Store;
}

interface RouteLimit {
  ban?: number;
  shared?: boolean;
  sharedEvery?: number;
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  routeInfo?: { method?: string | string[]; url?: string };
}

const LocalStore = createRequire(import.meta.url)('@fastify/rate-limit/store/LocalStore') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  cache?: number,
) => Store;

/** Counts `hits` more requests (one by default) of `key` in its window; answers the count and the time left, in one statement. */
export async function countRequest(
  db: Db,
  key: string,
  timeWindowMs: number,
  hits = 1,
): Promise<{ current: number; ttl: number }> {
  const rows = await db
    .insert(rateLimitCounters)
    .values({ key, hits, windowEndsAt: sql`now() + ${`${timeWindowMs} milliseconds`}::interval` })
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        hits: sql`case when ${rateLimitCounters.windowEndsAt} <= now() then excluded.hits else ${rateLimitCounters.hits} + excluded.hits end`,
        windowEndsAt: sql`case when ${rateLimitCounters.windowEndsAt} <= now() then excluded.window_ends_at else ${rateLimitCounters.windowEndsAt} end`,
      },
    })
    .returning({
      hits: rateLimitCounters.hits,
      ttl: sql<number>`greatest(0, ceil(extract(epoch from (${rateLimitCounters.windowEndsAt} - now())) * 1000))::int`,
    });
  return { current: rows[0].hits, ttl: Number(rows[0].ttl) };
}

/** Deletes the counters whose window has ended (the housekeeping job). */
export async function purgeRateLimitCounters(db: Db, now = new Date()): Promise<number> {
  const deleted = await db
    .delete(rateLimitCounters)
    .where(lte(rateLimitCounters.windowEndsAt, now))
    .returning({ key: rateLimitCounters.key });
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

interface BatchedCount {
  /** The shared count at the last write, this process's requests since, the window's end and the write's time (ms). */
  shared: number;
  pending: number;
  endsAt: number;
  writtenAt: number;
  /** The write under way, if any, and the requests it adds (not yet in `shared`); requests meanwhile are pending. */
  writing?: Promise<void>;
  writingHits: number;
}

/** Counted at most this many keys apart in one process; past it, the keys whose window has ended are dropped. */
const BATCHED_KEYS_SWEEP = 10_000;

/**
 * A shared count written in batches, off the request's path: every request is answered at once
 * from the last shared count this process learned plus its own requests since; the first request
 * of a key, and the first after `every` ms, also start a write that adds those requests to the
 * database's count and learns the others'. Behind N servers a client gets at most the limit plus
 * the requests N servers admit in `every` ms (and a write's time).
 */
export class BatchedDatabaseStore implements Store {
  private readonly counts = new Map<string, BatchedCount>();
  private readonly writes = new Set<Promise<void>>();
  constructor(
    private readonly db: Db,
    private readonly route: string,
    private readonly every: number,
    private readonly now: () => number = Date.now,
    /** A write that failed (the database unreachable): its requests stay pending and the next write adds them. */
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  incr(key: string, callback: Callback, timeWindow: number): void {
    const id = `${this.route} ${key}`.slice(0, 300);
    const now = this.now();
    let count = this.counts.get(id);
    if (!count || count.endsAt <= now) {
      // A new key, or a new window: what was pending belonged to the ended one.
      if (!count && this.counts.size >= BATCHED_KEYS_SWEEP) this.sweep(now);
      count = { shared: 0, pending: 0, endsAt: now + timeWindow, writtenAt: -Infinity, writingHits: 0 };
      this.counts.set(id, count);
    }
    count.pending += 1;
    callback(null, { current: count.shared + count.writingHits + count.pending, ttl: Math.max(0, count.endsAt - now) });
    if (!count.writing && now - count.writtenAt >= this.every) this.write(id, count, timeWindow);
  }

  /** Resolves when the writes under way have ended (tests, and a server closing). */
  async settled(): Promise<void> {
    while (this.writes.size > 0) await Promise.allSettled([...this.writes]);
  }

  child(routeOptions: RouteLimit): Store {
    return storeFor(this.db, routeOptions);
  }

  private write(id: string, count: BatchedCount, timeWindow: number) {
    const hits = count.pending;
    count.pending = 0;
    count.writingHits = hits;
    count.writtenAt = this.now();
    const writing = countRequest(this.db, id, timeWindow, hits).then(
      (result) => {
        // Requests counted while writing stay pending for the next write.
        count.shared = result.current;
        count.writingHits = 0;
        count.endsAt = this.now() + result.ttl;
      },
      (error: unknown) => {
        // Not written: pending again, added by the next write.
        count.pending += hits;
        count.writingHits = 0;
        this.onError(error);
      },
    );
    count.writing = writing;
    this.writes.add(writing);
    void writing.finally(() => {
      this.writes.delete(writing);
      if (count.writing === writing) count.writing = undefined;
    });
  }

  private sweep(now: number) {
    for (const [id, count] of this.counts) if (count.endsAt <= now && !count.writing) this.counts.delete(id);
  }
}

function storeFor(db: Db, routeOptions: RouteLimit): Store {
  if ((routeOptions.ban !== undefined && routeOptions.ban >= 0) || routeOptions.shared) {
    // Fastify's automatic HEAD route runs the GET's handler: both count under the GET's key, or
    // HEAD would double every limit counted here (the export, the searches, the auto-login).
    const methods = [routeOptions.routeInfo?.method ?? ''].flat().map((m) => (m.toUpperCase() === 'HEAD' ? 'GET' : m));
    const method = [...new Set(methods)].join(',');
    const route = `${method} ${routeOptions.routeInfo?.url ?? ''}`.toLowerCase();
    if (routeOptions.sharedEvery) return new BatchedDatabaseStore(db, route, routeOptions.sharedEvery);
    return new DatabaseStore(db, route);
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
