/**
 * A short-lived cache of serialized search answers, in this process (docs/scaling.md, "Caches and their invalidation").
 *
 * Only for answers that are the same for everybody: GET /api/Search/Listings reads no user, no
 * cookie and no header, so its answer is a function of the query alone. Nothing here must hold:
 * a miss or a restart only costs a search. Behind several servers each keeps its own copies; every
 * one of them is at most `ttlMs` old, so what a visitor sees is never staler than that, whichever
 * server answers, and a change to a listing reaches every search within it.
 *
 * Concurrent misses of one key share one computation (one search, not fifty). Failures are not kept.
 * Bounded by its total size: past it, the oldest entries go first.
 *
 * An answer is kept only when its query was asked before within the TTL: most searches are asked once (a
 * map moved to a new place, a crawler's query), and keeping every one of them (15 KB each, hundreds a
 * second) filled the process's old generation with answers nobody asked for again: ~5 % of a cold search's
 * throughput in collection. The queries seen once are remembered (their keys alone, at most SEEN_MAX).
 */
/** How many queries seen once are remembered (oldest forgotten first). */
const SEEN_MAX = 50_000;

export class AnswerCache {
  private readonly entries = new Map<string, { body: string; expires: number }>();
  private readonly seen = new Map<string, number>();
  private readonly pending = new Map<string, Promise<string>>();
  private bytes = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxBytes = 32 * 1024 * 1024,
    private readonly now: () => number = Date.now,
  ) {}

  /** The answer of `key`: kept if it is younger than the TTL, else computed (once for all who ask meanwhile). */
  async get(key: string, compute: () => Promise<string>): Promise<{ body: string; hit: boolean }> {
    const entry = this.entries.get(key);
    if (entry) {
      if (entry.expires > this.now()) return { body: entry.body, hit: true };
      this.remove(key);
    }
    const running = this.pending.get(key);
    if (running) return { body: await running, hit: true };
    const computing = compute();
    this.pending.set(key, computing);
    try {
      const body = await computing;
      this.put(key, body);
      return { body, hit: false };
    } finally {
      this.pending.delete(key);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  private put(key: string, body: string) {
    if (body.length > this.maxBytes / 4) return;
    const now = this.now();
    const seenUntil = this.seen.get(key);
    this.seen.delete(key);
    if (seenUntil === undefined || seenUntil <= now) {
      // Asked for the first time (lately): remembered, not kept.
      this.seen.set(key, now + this.ttlMs);
      if (this.seen.size > SEEN_MAX) this.seen.delete(this.seen.keys().next().value as string);
      return;
    }
    this.remove(key);
    this.entries.set(key, { body, expires: this.now() + this.ttlMs });
    this.bytes += body.length;
    // Oldest first: the Map keeps insertion order, and an entry is inserted again when renewed.
    for (const [oldKey, old] of this.entries) {
      if (this.bytes <= this.maxBytes && old.expires > this.now()) break;
      this.remove(oldKey);
    }
  }

  private remove(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= entry.body.length;
    this.entries.delete(key);
  }
}
