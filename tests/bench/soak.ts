/**
 * The soak: mixed traffic for a long while (BENCH_SOAK_SECONDS, ten minutes) on two servers over one
 * PostgreSQL database, as behind a load balancer: pages, searches, logins, wizard step saves and
 * favourites, from a fixed number of clients that send their next request as soon as the last one
 * is answered. It counts the answers by kind and status, and reads each server's resident memory
 * (VmRSS) every few seconds: a server that leaks grows past its first minute's figure.
 */
import { readFile } from 'node:fs/promises';
import { setTimeout as delay } from 'node:timers/promises';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../server/db/seed/demo-accounts';
import { DEMO_CITIES } from '../../server/db/seed/listings';
import { ANSWERS } from '../../machines/testing/wizard-fixtures';
import { percentile } from './load';
import type { RunningServer } from './server-process';

export const SOAK_KINDS = ['page', 'search', 'login', 'wizard', 'favourite'] as const;
export type SoakKind = (typeof SOAK_KINDS)[number];

/** How often each kind of request is sent, out of 100. */
const WEIGHTS: Record<SoakKind, number> = { page: 30, search: 30, login: 8, wizard: 16, favourite: 16 };

export interface SoakOptions {
  seconds: number;
  /** Clients sending at once, spread over the servers. */
  clients: number;
  /** Seconds after which each server's resident memory is taken as its reference. */
  referenceSeconds: number;
  /** Seconds between two readings of the resident memory. */
  sampleSeconds: number;
}

interface KindFigures {
  latencies: number[];
  statuses: Map<number, number>;
  failures: number;
}

export interface MemoryFigures {
  /**
   * Resident memory in bytes: the median of the half minute after the reference time, the median of
   * the last half minute, and the highest and lowest readings after the reference time.
   */
  reference: number;
  end: number;
  highest: number;
  lowest: number;
}

export interface SoakResult {
  seconds: number;
  byKind: Record<
    SoakKind,
    { requests: number; p50: number; p95: number; p99: number; statuses: Record<number, number>; failures: number }
  >;
  memory: MemoryFigures[];
}

const residentBytes = async (pid: number): Promise<number | null> => {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return kb ? Number(kb[1]) * 1024 : null;
  } catch {
    return null;
  }
};

async function json<T>(response: Response, what: string): Promise<T> {
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  return (await response.json()) as T;
}

/** A signed-in session of a demo account on `baseUrl`: its bearer. */
async function sessionOf(baseUrl: string, email: string, clientAddress: string): Promise<string> {
  const headers = { 'Content-Type': 'application/json', 'X-Forwarded-For': clientAddress, Portal: '5' };
  const login = await json<{ UserToken: string }>(
    await fetch(`${baseUrl}/api/Account/Login`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ username: email, password: DEMO_PASSWORD, RecaptchaToken: 'bench' }),
    }),
    'login',
  );
  const session = await json<{ Token: string }>(
    await fetch(`${baseUrl}/api/Account/Session`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ userToken: login.UserToken, portal: 5 }),
    }),
    'session',
  );
  return session.Token;
}

/** Runs the soak on `servers` (already started on one database with the demo data). */
export async function soak(servers: RunningServer[], options: SoakOptions): Promise<SoakResult> {
  const first = servers[0]!.baseUrl;
  const results = await json<{ Items: { Id: number }[] }>(
    await fetch(`${first}/api/Search/Listings?SearchType=town&Town=015146&PageSize=50`, { headers: { Portal: '5' } }),
    'the listings of Milano',
  );
  const listingIds = results.Items.map((item) => item.Id);
  if (listingIds.length === 0) throw new Error('no listing in Milano: the soak needs the demo data');
  const towns = DEMO_CITIES.map((city) => city.istat);
  const pages = ['/', '/comprocasa', '/affittocasa', '/vendocasa', '/faq', '/vendita/case/milano/milano/015146'];

  // Each client its own sessions (a buyer for favourites, the seller for the wizard) and its own draft.
  const clients = await Promise.all(
    Array.from({ length: options.clients }, async (_, index) => {
      const baseUrl = servers[index % servers.length]!.baseUrl;
      const address = `10.77.0.${index + 1}`;
      const buyer = await sessionOf(baseUrl, DEMO_ACCOUNTS.buyer.email, address);
      const seller = await sessionOf(baseUrl, DEMO_ACCOUNTS.seller.email, address);
      const draft = await json<{ Id: number }>(
        await fetch(`${baseUrl}/api/Property/Draft`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${seller}`, Portal: '5' },
          body: JSON.stringify({ SellType: 1 }),
        }),
        'a new draft',
      );
      const saveLocality = await fetch(`${baseUrl}/api/Property/${draft.Id}/Draft/Step/2`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${seller}`, Portal: '5' },
        body: JSON.stringify({ Answer: ANSWERS.locality }),
      });
      await json(saveLocality, 'the locality step');
      return { index, address, buyer, seller, draftId: draft.Id };
    }),
  );

  const figures = {} as Record<SoakKind, KindFigures>;
  for (const kind of SOAK_KINDS) figures[kind] = { latencies: [], statuses: new Map(), failures: 0 };
  const started = performance.now();
  const ends = started + options.seconds * 1000;
  let sent = 0;

  function pick(n: number): SoakKind {
    let roll = (n * 37) % 100;
    for (const kind of SOAK_KINDS) {
      if (roll < WEIGHTS[kind]) return kind;
      roll -= WEIGHTS[kind];
    }
    return 'page';
  }

  function requestOf(kind: SoakKind, n: number, client: (typeof clients)[number]): { path: string; init: RequestInit } {
    const auth = (bearer: string) => ({ Authorization: `Bearer ${bearer}` });
    const listing = listingIds[n % listingIds.length]!;
    switch (kind) {
      case 'page':
        // One page in four a listing's page, the others the landing and results pages (from the page cache after the first).
        return { path: n % 4 === 0 ? `/immobile/${listing}` : pages[n % pages.length]!, init: {} };
      case 'search': {
        const town = towns[n % towns.length]!;
        const priceMax = 150_000 + (n % 40) * 25_000;
        return {
          path: `/api/Search/Listings?SearchType=town&Town=${town}&SellType=${1 + (n % 2)}&PriceMax=${priceMax}&PageSize=20`,
          init: {},
        };
      }
      case 'login':
        // Each login from its own address, as people log in from theirs: the per-address limit is not what is soaked.
        return {
          path: '/api/Account/Login',
          init: {
            method: 'POST',
            headers: {
              'Content-Type': 'application/json',
              'X-Forwarded-For': `10.${78 + ((n >> 16) & 127)}.${(n >> 8) & 255}.${n & 255}`,
            },
            body: JSON.stringify({
              username: DEMO_ACCOUNTS.buyer.email,
              password: DEMO_PASSWORD,
              RecaptchaToken: 'bench',
            }),
          },
        };
      case 'wizard':
        // The property type again and again: a whole step save (validation, the draft's row and its history).
        return {
          path: `/api/Property/${client.draftId}/Draft/Step/3`,
          init: {
            method: 'PUT',
            headers: { 'Content-Type': 'application/json', ...auth(client.seller) },
            body: JSON.stringify({ Answer: { ...ANSWERS.propertyType } }),
          },
        };
      case 'favourite':
        return {
          path: `/api/User/Favorites/${listing}`,
          init: { method: n % 2 === 0 ? 'PUT' : 'DELETE', headers: auth(client.buyer) },
        };
    }
  }

  async function run(client: (typeof clients)[number]) {
    const baseUrl = servers[client.index % servers.length]!.baseUrl;
    while (performance.now() < ends) {
      const n = sent++;
      const kind = pick(n);
      const { path, init } = requestOf(kind, n, client);
      const t0 = performance.now();
      const into = figures[kind];
      try {
        const response = await fetch(baseUrl + path, {
          ...init,
          headers: { Portal: '5', ...(init.headers as Record<string, string> | undefined) },
          signal: AbortSignal.timeout(30_000),
        });
        await response.arrayBuffer();
        into.statuses.set(response.status, (into.statuses.get(response.status) ?? 0) + 1);
      } catch {
        into.failures += 1;
      }
      into.latencies.push(performance.now() - t0);
    }
  }

  const samples: { at: number; rss: (number | null)[] }[] = [];
  const sampling = (async () => {
    while (performance.now() < ends) {
      samples.push({
        at: (performance.now() - started) / 1000,
        rss: await Promise.all(servers.map((server) => residentBytes(server.pid))),
      });
      await delay(options.sampleSeconds * 1000);
    }
  })();
  await Promise.all(clients.map(run));
  await sampling;
  samples.push({
    at: (performance.now() - started) / 1000,
    rss: await Promise.all(servers.map((server) => residentBytes(server.pid))),
  });

  // The reference is the median of the readings of the half minute after `referenceSeconds`, the end
  // the median of the last half minute: one reading taken just before a garbage collection is not a trend.
  const window = Math.min(30, Math.max(options.sampleSeconds, (options.seconds - options.referenceSeconds) / 4));
  const memory = servers.map((_, i) => {
    const readings = samples.filter((s) => s.rss[i] !== null);
    const after = readings.filter((s) => s.at >= options.referenceSeconds).map((s) => s.rss[i]!);
    const median = (values: number[]) =>
      percentile(
        [...values].sort((a, b) => a - b),
        50,
      );
    const end = readings.at(-1)?.at ?? 0;
    return {
      reference: median(
        readings
          .filter((s) => s.at >= options.referenceSeconds && s.at < options.referenceSeconds + window)
          .map((s) => s.rss[i]!),
      ),
      end: median(readings.filter((s) => s.at > end - window).map((s) => s.rss[i]!)),
      highest: Math.max(...after),
      lowest: Math.min(...after),
    };
  });

  const byKind = Object.fromEntries(
    SOAK_KINDS.map((kind) => {
      const f = figures[kind];
      const sorted = [...f.latencies].sort((a, b) => a - b);
      return [
        kind,
        {
          requests: sorted.length,
          p50: percentile(sorted, 50),
          p95: percentile(sorted, 95),
          p99: percentile(sorted, 99),
          statuses: Object.fromEntries([...f.statuses].sort(([a], [b]) => a - b)),
          failures: f.failures,
        },
      ];
    }),
  ) as SoakResult['byKind'];
  return { seconds: (performance.now() - started) / 1000, byKind, memory };
}
