import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { rateLimitCounters } from '../db/schema';
import { AppError } from '../errors/app-error';

// Decoding images is the costliest thing a request can ask of a server: a 49-megapixel PNG
// keeps a core busy for seconds. Two guards, both here:
//
// - ImageWorkQueue: every sharp call of this process (a header read, or an image's decode
//   and encodes) runs inside one of a few slots (IMAGE_DECODE_CONCURRENCY), the others wait
//   in line. sharp runs each call on a thread of libuv's pool, the pool that also reads the
//   files /media serves; with the calls bounded below the pool's size, a file read always
//   finds a thread, and the cores not decoding keep answering. The line is bounded and fair:
//   an image enters it (`enter`) before its header is read, at most IMAGE_WORK_PER_ACCOUNT
//   images of an account and IMAGE_WORK_PER_ADDRESS of a client address at once, and
//   IMAGE_WORK_QUEUE_MAX waiting beyond the slots; an image that finds no room is refused at
//   once, never queued (each one waiting holds its file in memory). Waiting jobs are served
//   round-robin across accounts, so an account's first image is never behind all of a
//   flooding account's. The counts are this process's line and nothing else: held while an
//   image is in work, dropped when it leaves, never kept across requests nor shared between
//   servers (a throughput guard of one process, like the slots; the state that must hold
//   across servers is the pixel budget below).
// - chargePixels: an account's budget of decoded pixels a minute, counted in the database
//   (the shared rate-limit counters) so it holds on every server, charged from an image's
//   header before any of its pixels is decoded.

/** How much image work the line takes (server config: IMAGE_DECODE_CONCURRENCY, IMAGE_WORK_*). */
export interface ImageWorkLimits {
  /** Jobs running at once. */
  slots: number;
  /** Images of one account in the line at once (waiting, running, or between their jobs). */
  perAccount: number;
  /** Images of one client address in the line at once. */
  perAddress: number;
  /** Images waiting beyond the slots: the line holds at most slots + queueMax images in all. */
  queueMax: number;
}

/** Whose image it is: the account (the line's turns go round the accounts) and the client address. */
export interface ImageWorkOwner {
  account: number;
  address: string;
}

/** Why an image found no room: its account's or its address's images fill their share, or the line is full. */
export type ImageWorkRefusal = 'account' | 'address' | 'line';

/** Seconds an image refused for its account's or address's share waits before it is sent again: a job or two of the others. */
export const IMAGE_WORK_SHARE_RETRY_AFTER_S = 5;
/** Seconds an image refused for a full line waits: the line drains at a few images a second at worst. */
export const IMAGE_WORK_BUSY_RETRY_AFTER_S = 10;

export type ImageWorkEntry =
  { admitted: true; pass: ImageWorkPass } | { admitted: false; refusal: ImageWorkRefusal; retryAfterSeconds: number };

/** An image's place in the line, from before its header read to after its last encode: its jobs run one after another through it. */
export interface ImageWorkPass {
  /** Runs `work` in a slot, after the jobs ahead of it in turn; a job's sharp calls must run one after another inside it. One job of a pass at a time. */
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Gives the image's place back (again: nothing). */
  release(): void;
}

const DEFAULT_SHARES = { perAccount: 2, perAddress: 4, queueMax: 24 } as const;

/**
 * A bounded line of image work: at most `slots` jobs run at once, the others wait their turn,
 * taken round-robin across accounts (an account served goes to the back of the turns when it
 * still has jobs waiting). An image takes a place with `enter` before its first job and gives
 * it back with `release`; past an account's, an address's or the whole line's share it is
 * refused at once. A freed slot passes straight to the next job: nobody takes it in between.
 */
export class ImageWorkQueue {
  readonly limits: ImageWorkLimits;
  private running = 0;
  /** Waiting jobs by account, in the order of the accounts' turns (a Map keeps its insertion order). */
  private readonly turns = new Map<number, (() => void)[]>();
  private waitingJobs = 0;
  private readonly ofAccount = new Map<number, number>();
  private readonly ofAddress = new Map<string, number>();
  private inLine = 0;

  constructor(
    limits: number | (Pick<ImageWorkLimits, 'slots'> & Partial<ImageWorkLimits>),
    /** Told when a job starts and ends, with the jobs running then (tests count them). */
    private readonly observe?: (event: 'start' | 'end', running: number) => void,
  ) {
    this.limits = { ...DEFAULT_SHARES, ...(typeof limits === 'number' ? { slots: limits } : limits) };
    const { slots, perAccount, perAddress, queueMax } = this.limits;
    if (!Number.isInteger(slots) || slots < 1)
      throw new RangeError(`image work slots must be a whole number of 1 or more, got ${slots}`);
    for (const [name, value] of Object.entries({ perAccount, perAddress })) {
      if (!Number.isInteger(value) || value < 1)
        throw new RangeError(`image work ${name} must be a whole number of 1 or more, got ${value}`);
    }
    if (!Number.isInteger(queueMax) || queueMax < 0)
      throw new RangeError(`image work queueMax must be a whole number of 0 or more, got ${queueMax}`);
  }

  /** Jobs running now. */
  get active(): number {
    return this.running;
  }

  /** Jobs waiting for a slot. */
  get queued(): number {
    return this.waitingJobs;
  }

  /** Images holding a place in the line (waiting, running, or between their jobs). */
  get entered(): number {
    return this.inLine;
  }

  /** Why an image of `owner` would find no room now, or null: a look, nothing taken (a request asks it before reading its files). */
  refusalFor(owner: ImageWorkOwner): ImageWorkRefusal | null {
    if ((this.ofAccount.get(owner.account) ?? 0) >= this.limits.perAccount) return 'account';
    if ((this.ofAddress.get(owner.address) ?? 0) >= this.limits.perAddress) return 'address';
    if (this.inLine >= this.limits.slots + this.limits.queueMax) return 'line';
    return null;
  }

  /** Takes a place in the line for one image of `owner`, or refuses it at once (nothing waits). */
  enter(owner: ImageWorkOwner): ImageWorkEntry {
    const refusal = this.refusalFor(owner);
    if (refusal)
      return {
        admitted: false,
        refusal,
        retryAfterSeconds: refusal === 'line' ? IMAGE_WORK_BUSY_RETRY_AFTER_S : IMAGE_WORK_SHARE_RETRY_AFTER_S,
      };
    this.inLine += 1;
    bump(this.ofAccount, owner.account, 1);
    bump(this.ofAddress, owner.address, 1);
    let released = false;
    let busy = false;
    const pass: ImageWorkPass = {
      run: async <T>(work: () => Promise<T>): Promise<T> => {
        if (released) throw new Error('image work: a released pass cannot run a job');
        if (busy) throw new Error('image work: one job of an image at a time');
        busy = true;
        try {
          return await this.runJob(owner.account, work);
        } finally {
          busy = false;
        }
      },
      release: () => {
        if (released) return;
        released = true;
        this.inLine -= 1;
        bump(this.ofAccount, owner.account, -1);
        bump(this.ofAddress, owner.address, -1);
      },
    };
    return { admitted: true, pass };
  }

  private async runJob<T>(account: number, work: () => Promise<T>): Promise<T> {
    if (this.running >= this.limits.slots) {
      await new Promise<void>((resolve) => {
        const jobs = this.turns.get(account);
        if (jobs) jobs.push(resolve);
        else this.turns.set(account, [resolve]);
        this.waitingJobs += 1;
      });
    } else {
      this.running += 1;
    }
    this.observe?.('start', this.running);
    try {
      return await work();
    } finally {
      this.observe?.('end', this.running - 1);
      this.handOff();
    }
  }

  /** The freed slot goes straight to the first job of the account whose turn it is; that account goes to the back of the turns. */
  private handOff(): void {
    const turn = this.turns.entries().next();
    if (turn.done) {
      this.running -= 1;
      return;
    }
    const [account, jobs] = turn.value;
    const next = jobs.shift()!;
    this.turns.delete(account);
    if (jobs.length > 0) this.turns.set(account, jobs);
    this.waitingJobs -= 1;
    next();
  }
}

function bump<K>(counts: Map<K, number>, key: K, by: number): void {
  const value = (counts.get(key) ?? 0) + by;
  if (value > 0) counts.set(key, value);
  else counts.delete(key);
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

/**
 * Seconds until the account's budget has room for `atLeast` more pixels, when what is left of
 * its current minute is already less than that (a read of the shared counter, nothing
 * charged); null when there is room, or no budget. A request asks it before it queues
 * anything: an account whose budget is spent is refused without waiting in the line.
 */
export async function pixelBudgetSpent(db: Db, userId: number, budget: number, atLeast = 1): Promise<number | null> {
  if (budget <= 0) return null;
  const need = Math.max(1, Math.ceil(atLeast / PIXELS_PER_HIT));
  const limit = Math.floor(budget / PIXELS_PER_HIT);
  const spent = await db.execute<{ seconds: number }>(sql`
    select greatest(1, ceil(extract(epoch from (${rateLimitCounters.windowEndsAt} - now()))))::int as seconds
    from ${rateLimitCounters}
    where ${rateLimitCounters.key} = ${pixelBudgetKey(userId)} and ${rateLimitCounters.windowEndsAt} > now() and ${rateLimitCounters.hits} + ${need}::int > ${limit}::int`);
  return spent.rows.length > 0 ? Number(spent.rows[0]!.seconds) : null;
}

/**
 * The answer to an image refused before any work: 429 UploadBudgetExceeded for the account's
 * pixel budget or its (or its address's) share of the line, 503 ImageWorkBusy for a full
 * line; Retry-After either way.
 */
export function imageRefusalError(
  refusal: ImageWorkRefusal | 'budget',
  retryAfterSeconds: number,
  message: string,
): AppError {
  return new AppError(refusal === 'line' ? 'ImageWorkBusy' : 'UploadBudgetExceeded', {
    message: `${message}: ${refusal}`,
    headers: { 'retry-after': String(retryAfterSeconds) },
  });
}

/**
 * Refuses a request of images at once, before it reads a file, when its account's or address's
 * share of the line is taken or the line is full (a look: the request still takes its place
 * for each image with `enter`), and, given the account's `budget`, when that budget is already
 * spent.
 */
export async function refuseImageRequestEarly(
  deps: { db: Db; work: ImageWorkQueue },
  owner: ImageWorkOwner,
  budget?: number,
): Promise<void> {
  const refusal = deps.work.refusalFor(owner);
  if (refusal)
    throw imageRefusalError(
      refusal,
      refusal === 'line' ? IMAGE_WORK_BUSY_RETRY_AFTER_S : IMAGE_WORK_SHARE_RETRY_AFTER_S,
      `user ${owner.account} at ${owner.address}`,
    );
  if (budget === undefined) return;
  const wait = await pixelBudgetSpent(deps.db, owner.account, budget);
  if (wait !== null) throw imageRefusalError('budget', wait, `user ${owner.account} spent ${budget} pixels a minute`);
}

/** The budget of an account: the smaller one until its address is confirmed (a rapid or silent registration). */
export function pixelBudgetOf(
  config: { uploadPixelBudget: number; uploadPixelBudgetUnconfirmed: number },
  user: { registrationConfirmed: boolean },
): number {
  return user.registrationConfirmed ? config.uploadPixelBudget : config.uploadPixelBudgetUnconfirmed;
}
