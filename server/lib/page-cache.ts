import { createHash } from 'node:crypto';

/**
 * A micro-cache of rendered anonymous pages, in this process (docs/scaling.md, "Caches and
 * their invalidation"; docs/decisions.md, "Anonymous pages from a cache, their scripts allowed by hash").
 *
 * Nothing here must hold: a miss, a restart or another server only costs a render. Every entry
 * is at most `ttlMs` old, so a change to a listing shows on its page within that time whichever
 * server answers. Concurrent misses of one key share one render. Bounded by entries and bytes:
 * past either, the oldest entries go first.
 */

/** A rendered page as it is kept: everything a later answer needs, nothing of its visitor. */
export interface CachedPage {
  status: number;
  /** The renderer's headers (content type, Link ...), never Set-Cookie. */
  headers: [name: string, value: string][];
  /**
   * The cookies the page sets that follow from its key alone (the home type a first visit to a
   * landing gets): the same for every visitor of the key, sent again with each answer.
   */
  cookies: string[];
  /** The body compressed once in each coding the app answers with (a body under 1 KB has none). */
  encoded?: Record<'br' | 'gzip', Buffer>;
  body: Buffer;
  /** The CSP sources of the page's inline scripts (`'sha256-…'`), computed from `body`. */
  scriptHashes: string[];
}

/** The outcome of a render for a key: a page to keep, or an answer for this visitor only. */
export type RenderOutcome<T> = { cacheable: true; page: CachedPage } | { cacheable: false; answer: T };

export interface PageCacheOptions {
  ttlMs: number;
  maxEntries?: number;
  maxBytes?: number;
  now?: () => number;
}

export class PageCache {
  private readonly entries = new Map<string, { page: CachedPage; expires: number }>();
  private readonly pending = new Map<string, Promise<RenderOutcome<unknown>>>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private readonly now: () => number;
  private bytes = 0;
  /** Bumped by clear(): a render that started before a clear is not kept. */
  private generation = 0;

  constructor({ ttlMs, maxEntries = 2000, maxBytes = 64 * 1024 * 1024, now = () => Date.now() }: PageCacheOptions) {
    this.ttlMs = ttlMs;
    this.maxEntries = maxEntries;
    this.maxBytes = maxBytes;
    this.now = now;
  }

  /**
   * The page of `key`: kept if younger than the TTL (HIT), else rendered (MISS), once for all who
   * ask meanwhile. A render that is not cacheable is answered to its own visitor only: those who
   * waited for it render for themselves.
   */
  async get<T>(
    key: string,
    render: () => Promise<RenderOutcome<T>>,
  ): Promise<{ outcome: RenderOutcome<T>; hit: boolean }> {
    const kept = this.lookup(key);
    if (kept) return { outcome: { cacheable: true, page: kept }, hit: true };
    const running = this.pending.get(key) as Promise<RenderOutcome<T>> | undefined;
    if (running) {
      const shared = await running.catch(() => undefined);
      if (shared?.cacheable) return { outcome: shared, hit: true };
      return { outcome: await render(), hit: false };
    }
    const generation = this.generation;
    const rendering = render();
    this.pending.set(key, rendering);
    try {
      const outcome = await rendering;
      if (outcome.cacheable && generation === this.generation) this.put(key, outcome.page);
      return { outcome, hit: false };
    } finally {
      this.pending.delete(key);
    }
  }

  /** Drops every entry (a listing changed in this process); renders under way are not kept. */
  clear(): void {
    this.entries.clear();
    this.bytes = 0;
    this.generation++;
  }

  get size(): number {
    return this.entries.size;
  }

  private lookup(key: string): CachedPage | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires > this.now()) return entry.page;
    this.remove(key);
    return undefined;
  }

  private put(key: string, page: CachedPage) {
    if (page.body.length > this.maxBytes / 8) return;
    this.remove(key);
    this.entries.set(key, { page, expires: this.now() + this.ttlMs });
    this.bytes += sizeOf(page);
    // Oldest first: the Map keeps insertion order, and a renewed entry is inserted again.
    const now = this.now();
    for (const [oldKey, old] of this.entries) {
      if (this.bytes <= this.maxBytes && this.entries.size <= this.maxEntries && old.expires > now) break;
      this.remove(oldKey);
    }
  }

  private remove(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= sizeOf(entry.page);
    this.entries.delete(key);
  }
}

/** What a kept page holds in memory: its body and its compressed copies. */
function sizeOf(page: CachedPage): number {
  return page.body.length + (page.encoded ? page.encoded.br.length + page.encoded.gzip.length : 0);
}

/** An inline script element: its attributes and its text, as the HTML parser ends it. */
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const SCRIPT_OPEN = /<script\b/gi;
/** Types a browser runs (absent, a JavaScript MIME type, or module); JSON and the like are data. */
const RUN_TYPE = /^(?:|module|(?:text|application)\/(?:x-)?(?:java|ecma)script)$/i;

/**
 * The CSP sources that allow exactly the page's inline scripts: `'sha256-…'` of each one's
 * text (the bytes between the tags, UTF-8, as browsers hash it). Scripts loaded by `src` are
 * allowed by 'self'; data elements (`type="application/json"`) never run and need nothing.
 * Undefined when the HTML cannot be read with certainty (a `<script` that is not a whole
 * element, attributes that hold a `>`): such a page is not cached.
 */
export function inlineScriptHashes(html: string): string[] | undefined {
  const hashes = new Set<string>();
  let elements = 0;
  for (const match of html.matchAll(SCRIPT)) {
    elements++;
    const attributes = match[1];
    if (/["']/.test(attributes.replace(/"[^"]*"|'[^']*'/g, ''))) return undefined;
    if (/\ssrc\s*=/i.test(attributes)) continue;
    const type = /\stype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i.exec(attributes);
    if (type && !RUN_TYPE.test((type[1] ?? type[2] ?? type[3] ?? '').trim())) continue;
    hashes.add(`'sha256-${createHash('sha256').update(match[2], 'utf8').digest('base64')}'`);
  }
  // Every `<script` must open one element read above (none hides inside another's text).
  if ((html.match(SCRIPT_OPEN) ?? []).length !== elements) return undefined;
  return [...hashes];
}
