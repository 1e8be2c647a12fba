import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { rateLimitCounters } from '../db/schema';

// Decoding images is the costliest thing a request can ask of a server: a 49-megapixel PNG
// keeps a core busy for seconds. Two guards, both here:
//
// - ImageWorkQueue: every sharp call of this process (a header read, or an image's decode
//   and encodes) runs inside one of a few slots (IMAGE_DECODE_CONCURRENCY), the others wait
//   in line. sharp runs each call on a thread of libuv's pool, the pool that also reads the
//   files /media serves; with the calls bounded below the pool's size, a file read always
//   finds a thread, and the cores not decoding keep answering. A throughput guard of one
//   process, holding no request's state.
// - chargePixels: an account's budget of decoded pixels a minute, counted in the database
//   (the shared rate-limit counters) so it holds on every server, charged from an image's
//   header before any of its pixels is decoded.

/** A bounded line of image work: at most `slots` jobs run at once, the others wait their turn in order. */
export class ImageWorkQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly slots: number,
    /** Told when a job starts and ends, with the jobs running then (tests count them). */
    private readonly observe?: (event: 'start' | 'end', running: number) => void,
  ) {
    if (!Number.isInteger(slots) || slots < 1) throw new RangeError(`image work slots must be a whole number of 1 or more, got ${slots}`);
  }

  /** Jobs running now. */
  get active(): number {
    return this.running;
  }

  /** Jobs waiting for a slot. */
  get queued(): number {
    return this.waiting.length;
  }

  /** Runs `work` in a slot; a job's sharp calls must run one after another inside it (they would escape the bound otherwise). */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.slots) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running += 1;
    this.observe?.('start', this.running);
    try {
      return await work();
    } finally {
      this.observe?.('end', this.running - 1);
      const next = this.waiting.shift();
      // The slot passes straight to the next job in line: nobody can take it in between.
      if (next) next();
      else this.running -= 1;
    }
  }
}

/** Pixels are counted in thousands in the shared counter (an integer column), rounded up. */
export const PIXELS_PER_HIT = 1000;
const BUDGET_WINDOW_MS = 60_000;

/** The shared counter of an account's decoded pixels (in thousands) in `rate_limit_counters`. */
export const pixelBudgetKey = (userId: number) => `upload-pixels user:${userId}`;

/** An image's pixels admitted within the account's budget, or the seconds to wait before the next try. */
export type PixelCharge = { admitted: true } | { admitted: false; retryAfterSeconds: number };

/**
 * Takes `pixels` from the account's budget of the current minute (`budget` pixels; 0: no
 * budget), in one statement on the shared counter `upload-pixels user:{id}`: the window starts
 * with its first charge and lasts a minute, an image that does not fit what is left is refused
 * and charges nothing (an image larger than the whole budget never fits). Servers racing on
 * one account serialise on the counter's row, so the budget holds across them.
 */
export async function chargePixels(db: Db, userId: number, pixels: number, budget: number): Promise<PixelCharge> {
  if (budget <= 0) return { admitted: true };
  const key = pixelBudgetKey(userId);
  const hits = Math.max(1, Math.ceil(pixels / PIXELS_PER_HIT));
  const limit = Math.floor(budget / PIXELS_PER_HIT);
  const window = `${BUDGET_WINDOW_MS} milliseconds`;
  const charged = await db.execute<{ hits: number }>(sql`
    insert into ${rateLimitCounters} (key, hits, window_ends_at)
    select ${key}, ${hits}::int, now() + ${window}::interval where ${hits}::int <= ${limit}::int
    on conflict (key) do update set
      hits = case when ${rateLimitCounters.windowEndsAt} <= now() then excluded.hits else ${rateLimitCounters.hits} + excluded.hits end,
      window_ends_at = case when ${rateLimitCounters.windowEndsAt} <= now() then excluded.window_ends_at else ${rateLimitCounters.windowEndsAt} end
    where ${rateLimitCounters.windowEndsAt} <= now() or ${rateLimitCounters.hits} + excluded.hits <= ${limit}::int
    returning ${rateLimitCounters.hits}`);
  if (charged.rows.length > 0) return { admitted: true };
  const left = await db.execute<{ seconds: number }>(sql`
    select greatest(1, ceil(extract(epoch from (${rateLimitCounters.windowEndsAt} - now()))))::int as seconds
    from ${rateLimitCounters} where ${rateLimitCounters.key} = ${key}`);
  return { admitted: false, retryAfterSeconds: Number(left.rows[0]?.seconds ?? BUDGET_WINDOW_MS / 1000) };
}

/** The budget of an account: the smaller one until its address is confirmed (a rapid or silent registration). */
export function pixelBudgetOf(config: { uploadPixelBudget: number; uploadPixelBudgetUnconfirmed: number }, user: { registrationConfirmed: boolean }): number {
  return user.registrationConfirmed ? config.uploadPixelBudget : config.uploadPixelBudgetUnconfirmed;
}
