import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/database';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../server/db/seed/demo-accounts';
import { appointments, properties, users } from '../../server/db/schema';
import { EVENT_STREAMS_PER_USER, publishUserEvent } from '../../server/lib/user-events';
import { AUTH_COOKIE } from '../../server/plugins/browser-session';
import { buildTestApp, describeOnBackends } from './helpers';

// The live events (GET /api/Events, Server-Sent Events) on real listening servers: inject
// answers only once a response has ended, and a stream does not end.

const ENV = { CAPTCHA: 'off', RATE_LIMIT_MAX: '0', LOGIN_RATE_LIMIT_MAX: '1000' };

interface EventStream {
  status: number;
  headers: Headers;
  /** Resolves with the text read so far once it matches `pattern` (rejects after `ms`). */
  waitFor(pattern: RegExp, ms?: number): Promise<string>;
  text(): string;
  /** Resolves when the server has ended the stream. */
  ended: Promise<void>;
  close(): void;
}

async function openStream(base: string, headers: Record<string, string>): Promise<EventStream> {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/Events`, { headers, signal: controller.signal });
  let text = '';
  const waiters = new Set<() => void>();
  let endedResolve!: () => void;
  const ended = new Promise<void>((resolve) => (endedResolve = resolve));
  if (res.body) {
    void (async () => {
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          text += decoder.decode(value, { stream: true });
          for (const wake of waiters) wake();
        }
      } catch {
        // aborted by the test
      }
      endedResolve();
    })();
  } else endedResolve();
  return {
    status: res.status,
    headers: res.headers,
    text: () => text,
    ended,
    close: () => controller.abort(),
    waitFor(pattern, ms = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (pattern.test(text)) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(text);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no ${pattern} in ${JSON.stringify(text)}`));
        }, ms);
        waiters.add(check);
        check();
      });
    },
  };
}

async function until(condition: () => boolean, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

describeOnBackends('Live events over Server-Sent Events', { env: ENV, eventsHeartbeatMs: 300 }, (suite) => {
  const { backend } = suite;

  let base: string;
  let listingId: number;
  let ownerId: number;
  let buyer: string;
  let owner: string;

  async function login(target: FastifyInstance, email: string) {
    const res = await target.inject({
      method: 'POST',
      url: '/api/Account/Login',
      payload: { username: email, password: DEMO_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    return (
      await target.inject({
        method: 'POST',
        url: '/api/Account/Session',
        payload: { userToken: res.json().UserToken, portal: 5 },
      })
    ).json().Token as string;
  }

  beforeAll(async () => {
    base = await listen(suite.app);
    const db = suite.db;
    ownerId = (await db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.seller.email)))[0]!.id;
    const [listing] = await db
      .select({ id: properties.id })
      .from(properties)
      .where(eq(properties.ownerUserId, ownerId))
      .orderBy(properties.id);
    await db.update(properties).set({ statusId: 2 }).where(eq(properties.id, listing!.id));
    listingId = listing!.id;
    buyer = await login(suite.app, DEMO_ACCOUNTS.buyer.email);
    owner = await login(suite.app, DEMO_ACCOUNTS.seller.email);
  }, 180_000);

  const post = (target: FastifyInstance, bearer: string, payload: object) =>
    target.inject({
      method: 'POST',
      url: '/api/Message',
      payload: payload as never,
      headers: { authorization: `Bearer ${bearer}` },
    });

  it('streams a new message to the other person and the sender, uncompressed, with heartbeats', async () => {
    const ownerStream = await openStream(base, {
      authorization: `Bearer ${owner}`,
      'accept-encoding': 'br, gzip, deflate',
    });
    const buyerStream = await openStream(base, { authorization: `Bearer ${buyer}` });
    try {
      expect(ownerStream.status).toBe(200);
      expect(ownerStream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect(ownerStream.headers.get('content-encoding')).toBeNull();
      expect(ownerStream.headers.get('cache-control')).toBe('no-store');
      expect(ownerStream.headers.get('content-security-policy')).toContain("default-src 'self'");
      await ownerStream.waitFor(/retry: \d+/);
      const sent = await post(suite.app, buyer, { PropertyId: listingId, Text: 'Ciao, in diretta?' });
      expect(sent.statusCode).toBe(201);
      const { ThreadId, Id } = sent.json();
      const line = `event: message\ndata: ${JSON.stringify({ ThreadId, Id })}\n\n`;
      expect(await ownerStream.waitFor(new RegExp(line.replace(/[{}]/g, '\\$&')))).toContain(line);
      expect(await buyerStream.waitFor(/event: message/)).toContain(line);
      // The text itself never travels on the stream.
      expect(ownerStream.text()).not.toContain('in diretta');
      await ownerStream.waitFor(/: heartbeat\n\n/, 3_000);
    } finally {
      ownerStream.close();
      buyerStream.close();
    }
  });

  it('sends appointment events published by another module, only to their user', async () => {
    const ownerStream = await openStream(base, { authorization: `Bearer ${owner}` });
    const buyerStream = await openStream(base, { authorization: `Bearer ${buyer}` });
    try {
      await ownerStream.waitFor(/retry:/);
      await buyerStream.waitFor(/retry:/);
      await publishUserEvent(suite.app, ownerId, { event: 'appointment', data: { AppointmentId: 42, Status: 2 } });
      await ownerStream.waitFor(/event: appointment\ndata: \{"AppointmentId":42,"Status":2\}\n\n/);
      await publishUserEvent(suite.app, ownerId, { event: 'message', data: { ThreadId: 1, Id: 99 } });
      await ownerStream.waitFor(/"Id":99/);
      expect(buyerStream.text()).not.toContain('AppointmentId');
      expect(buyerStream.text()).not.toContain('"Id":99');
      // A wrong shape is refused before it is published.
      await expect(
        publishUserEvent(suite.app, ownerId, { event: 'appointment', data: { AppointmentId: -1, Status: 2 } }),
      ).rejects.toThrow();
    } finally {
      ownerStream.close();
      buyerStream.close();
    }
  });

  it('tells the owner of a new visit request and both parties of its confirmation', async () => {
    const auth = (bearer: string) => ({ authorization: `Bearer ${bearer}` });
    const put = await suite.app.inject({
      method: 'PUT',
      url: `/api/User/MyProperties/${listingId}/Availability`,
      headers: auth(owner),
      payload: { Windows: [1, 2, 3, 4, 5, 6, 7].map((Weekday) => ({ Weekday, From: '08:00', To: '20:00' })) },
    });
    expect(put.statusCode).toBe(200);
    // The demo buyer's own demo visits of this listing are closed: a new request is allowed.
    await suite.db.update(appointments).set({ statusId: 3 }).where(eq(appointments.propertyId, listingId));
    const slots = (await suite.app.inject({ method: 'GET', url: `/api/Property/${listingId}/VisitSlots` })).json()
      .Slots as string[];
    expect(slots.length).toBeGreaterThan(2);
    const ownerStream = await openStream(base, auth(owner));
    const buyerStream = await openStream(base, auth(buyer));
    try {
      await ownerStream.waitFor(/retry:/);
      await buyerStream.waitFor(/retry:/);
      const created = await suite.app.inject({
        method: 'POST',
        url: '/api/Appointment',
        headers: auth(buyer),
        payload: { PropertyId: listingId, Slots: slots.slice(1, 3) },
      });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().Id as number;
      await ownerStream.waitFor(new RegExp(`event: appointment\ndata: [{]"AppointmentId":${id},"Status":1[}]`));
      const confirmed = await suite.app.inject({
        method: 'PUT',
        url: `/api/Appointment/${id}/Confirm`,
        headers: auth(owner),
        payload: { Slot: slots[2] },
      });
      expect(confirmed.statusCode).toBe(200);
      await ownerStream.waitFor(new RegExp(`"AppointmentId":${id},"Status":2`));
      await buyerStream.waitFor(new RegExp(`"AppointmentId":${id},"Status":2`));
      expect(buyerStream.text()).not.toContain(`"AppointmentId":${id},"Status":1`);
    } finally {
      ownerStream.close();
      buyerStream.close();
    }
  });

  it('ends a stream at the heartbeat after its session is logged out, and refuses it again', async () => {
    const session = await login(suite.app, DEMO_ACCOUNTS.buyer.email);
    const stream = await openStream(base, { authorization: `Bearer ${session}` });
    expect(stream.status).toBe(200);
    await stream.waitFor(/retry:/);
    const other = await openStream(base, { authorization: `Bearer ${buyer}` });
    try {
      const out = await suite.app.inject({
        method: 'POST',
        url: '/api/Account/Logout',
        headers: { authorization: `Bearer ${session}` },
      });
      expect(out.statusCode).toBeLessThan(300);
      await stream.ended;
      expect((await fetch(`${base}/api/Events`, { headers: { authorization: `Bearer ${session}` } })).status).toBe(401);
      // Another session of the same person keeps its stream.
      await other.waitFor(/: heartbeat[\s\S]*: heartbeat/);
      expect(suite.app.userEvents.openStreams()).toBeGreaterThan(0);
    } finally {
      stream.close();
      other.close();
    }
  });

  it("says `expired` before it ends a stream at its session token's expiry", async () => {
    const shortLived = await buildTestApp(suite.testDb, {
      env: { ...ENV, SESSION_TOKEN_TTL_S: '1' },
      eventsHeartbeatMs: 300,
    });
    try {
      const shortBase = await listen(shortLived);
      const stream = await openStream(shortBase, {
        authorization: `Bearer ${await login(shortLived, DEMO_ACCOUNTS.buyer.email)}`,
      });
      expect(stream.status).toBe(200);
      await stream.ended;
      expect(stream.text()).toMatch(/event: expired\ndata: \{\}\n\n$/);
    } finally {
      await shortLived.close();
    }
  });

  it('authenticates by the session cookie too, and refuses without a login', async () => {
    const refused = await fetch(`${base}/api/Events`);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ ExceptionType: 60, ExceptionTypeString: 'MissingToken' });
    const byCookie = await openStream(base, { cookie: `__Host-${AUTH_COOKIE}=${buyer}` });
    try {
      expect(byCookie.status).toBe(200);
      await byCookie.waitFor(/retry:/);
    } finally {
      byCookie.close();
    }
  });

  it('ends the stream when the client goes, and limits the streams of a user', async () => {
    const streams: EventStream[] = [];
    try {
      for (let i = 0; i < EVENT_STREAMS_PER_USER; i++) {
        const stream = await openStream(base, { authorization: `Bearer ${buyer}` });
        expect(stream.status).toBe(200);
        streams.push(stream);
      }
      const extra = await fetch(`${base}/api/Events`, { headers: { authorization: `Bearer ${buyer}` } });
      expect(extra.status).toBe(429);
      expect(await extra.json()).toMatchObject({ ExceptionTypeString: 'EventStreamLimitReached' });
      const buyerId = (await suite.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.buyer.email)))[0]!.id;
      expect(suite.app.userEvents.openStreams(buyerId)).toBe(EVENT_STREAMS_PER_USER);
      streams.pop()!.close();
      await until(() => suite.app.userEvents.openStreams(buyerId) === EVENT_STREAMS_PER_USER - 1);
      for (const stream of streams.splice(0)) stream.close();
      await until(() => suite.app.userEvents.openStreams(buyerId) === 0);
      // Room again.
      const again = await openStream(base, { authorization: `Bearer ${buyer}` });
      expect(again.status).toBe(200);
      again.close();
    } finally {
      for (const stream of streams) stream.close();
    }
  });

  it('holds a bounded number of streams per server, whoever opens them', async () => {
    const small = await buildTestApp(suite.testDb, { env: ENV, eventsMaxStreams: 2 });
    const smallBase = await listen(small);
    const streams: EventStream[] = [];
    try {
      streams.push(
        await openStream(smallBase, { authorization: `Bearer ${buyer}` }),
        await openStream(smallBase, { authorization: `Bearer ${owner}` }),
      );
      for (const stream of streams) expect(stream.status).toBe(200);
      const extra = await fetch(`${smallBase}/api/Events`, { headers: { authorization: `Bearer ${buyer}` } });
      expect(extra.status).toBe(503);
      expect(await extra.json()).toMatchObject({ ExceptionTypeString: 'ServiceUnavailable' });
      // A stream that ends makes room.
      const buyerId = (await suite.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.buyer.email)))[0]!.id;
      streams.shift()!.close();
      await until(() => small.userEvents.openStreams(buyerId) === 0);
      const again = await openStream(smallBase, { authorization: `Bearer ${buyer}` });
      expect(again.status).toBe(200);
      streams.push(again);
    } finally {
      for (const stream of streams) stream.close();
      await small.close();
    }
  });

  it('ends the open streams when the server closes', async () => {
    const other = await buildTestApp(suite.testDb, { env: ENV });
    const otherBase = await listen(other);
    const stream = await openStream(otherBase, { authorization: `Bearer ${owner}` });
    await stream.waitFor(/retry:/);
    // The close ends the stream rather than waiting for its client to go (the test's timeout otherwise).
    await other.close();
    await stream.ended;
  });

  // Two servers share a database on PostgreSQL only (PGlite is one process's): defined there alone.
  if (backend.postgres)
    it('delivers a message posted on one server to a stream opened on another (one PostgreSQL database)', async () => {
      // A second server: its own app and its own connections to the same database.
      let second: Database | undefined;
      let serverB: FastifyInstance | undefined;
      let stream: EventStream | undefined;
      try {
        second = await openDatabase({
          dataDir: suite.testDb.dataDir,
          databaseUrl: suite.testDb.url,
          seed: 'none',
          storage: suite.testDb.storage,
          poolMax: 3,
        });
        serverB = await buildTestApp({ ...suite.testDb, database: second }, { env: ENV });
        const baseB = await listen(serverB);
        stream = await openStream(baseB, { authorization: `Bearer ${owner}` });
        await stream.waitFor(/retry:/);
        // Posted through server A.
        const sent = await post(suite.app, buyer, { PropertyId: listingId, Text: 'Da un altro server' });
        expect(sent.statusCode).toBe(201);
        await stream.waitFor(new RegExp(`"ThreadId":${sent.json().ThreadId},"Id":${sent.json().Id}`));
        // And the other way round: an answer posted on B reaches a stream on A.
        const onA = await openStream(base, { authorization: `Bearer ${buyer}` });
        try {
          await onA.waitFor(/retry:/);
          const answer = await post(serverB, owner, { ThreadId: sent.json().ThreadId, Text: 'Risposta da B' });
          await onA.waitFor(new RegExp(`"Id":${answer.json().Id}`));
        } finally {
          onA.close();
        }
      } finally {
        stream?.close();
        await serverB?.close();
        await second?.close();
      }
    });
});
