import type { FastifyInstance } from 'fastify';
import { and, eq, ne } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../server/db/seed/demo-accounts';
import { mailOutbox, messages, messageThreadReads, messageThreads, properties, users } from '../../server/db/schema';
import { buildTestApp, expectError, describeOnBackends, signedInUser, confirmedAccount } from './helpers';

const PASSWORD = 'Ortensie.Blu#Lago71';
const OWNER_PHONE = '3471234567';
const env = { CAPTCHA: 'off', RATE_LIMIT_MAX: '0', LOGIN_RATE_LIMIT_MAX: '1000', REGISTER_RATE_LIMIT_MAX: '1000' };

describeOnBackends('Messages', { env }, (suite) => {
  const { backend } = suite;

  let listing: { id: number; ownerUserId: number };
  let unpublished: { id: number };
  let buyer: string;
  let owner: string;
  let stranger: string;
  let ownerId: number;
  let buyerId: number;

  beforeAll(async () => {
    const db = suite.db;
    const [seller] = await db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.seller.email));
    ownerId = seller!.id;
    await db.update(users).set({ phone: OWNER_PHONE, name: 'Giulia' }).where(eq(users.id, ownerId));
    const owned = await db
      .select({ id: properties.id, ownerUserId: properties.ownerUserId, statusId: properties.statusId })
      .from(properties)
      .where(eq(properties.ownerUserId, ownerId))
      .orderBy(properties.id);
    const published = owned.filter((p) => p.statusId === 2);
    expect(published.length).toBeGreaterThanOrEqual(2);
    listing = published[0]!;
    // A second listing of the owner, suspended: no new thread about it.
    unpublished = published[1]!;
    await db.update(properties).set({ statusId: 3 }).where(eq(properties.id, unpublished.id));
    buyer = await login(DEMO_ACCOUNTS.buyer.email, DEMO_PASSWORD);
    buyerId = (await db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.buyer.email)))[0]!.id;
    await db.update(users).set({ name: 'Marco' }).where(eq(users.id, buyerId));
    owner = await login(DEMO_ACCOUNTS.seller.email, DEMO_PASSWORD);
    stranger = (
      await signedInUser(suite.app, suite.db, { email: `estraneo.${backend.name}@example.com`, password: PASSWORD })
    ).bearer;
  }, 180_000);

  const db = () => suite.db;

  const register = (label: string) =>
    confirmedAccount(suite.app, suite.db, { email: `${label}.${backend.name}@example.com`, password: PASSWORD });

  async function login(email: string, password: string, target: FastifyInstance = suite.app) {
    const res = await target.inject({
      method: 'POST',
      url: '/api/Account/Login',
      payload: { username: email, password },
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

  const call = (
    bearer: string,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
    target: FastifyInstance = suite.app,
  ) => target.inject({ method, url, payload: payload as never, headers: { authorization: `Bearer ${bearer}` } });

  it('lets a buyer open a thread about a listing, the owner answer by ThreadId, and both read it', async () => {
    const first = await call(buyer, 'POST', '/api/Message', {
      PropertyId: listing.id,
      Text: '  Buongiorno, è ancora disponibile?\r\nGrazie  ',
    });
    expect(first.statusCode).toBe(201);
    const { ThreadId, Id } = first.json();
    expect(ThreadId).toEqual(expect.any(Number));
    const [thread] = await db().select().from(messageThreads).where(eq(messageThreads.id, ThreadId));
    expect(thread).toMatchObject({ propertyId: listing.id, buyerUserId: buyerId, ownerUserId: ownerId });
    // The text as stored: trimmed, CRLF as LF.
    expect((await db().select().from(messages).where(eq(messages.id, Id)))[0]!.text).toBe(
      'Buongiorno, è ancora disponibile?\nGrazie',
    );

    // Writing about the same listing again continues the same thread.
    const again = await call(buyer, 'POST', '/api/Message', {
      PropertyId: listing.id,
      Text: 'Posso visitarla sabato?',
    });
    expect(again.json().ThreadId).toBe(ThreadId);

    const answer = await call(owner, 'POST', '/api/Message', { ThreadId, Text: 'Sì, sabato alle 10 va bene.' });
    expect(answer.statusCode).toBe(201);
    expect(answer.json().ThreadId).toBe(ThreadId);

    const read = (await call(buyer, 'GET', `/api/Message/Threads/${ThreadId}`)).json();
    expect(read.Items.map((m: { Text: string; Mine: boolean }) => [m.Text, m.Mine])).toEqual([
      ['Buongiorno, è ancora disponibile?\nGrazie', true],
      ['Posso visitarla sabato?', true],
      ['Sì, sabato alle 10 va bene.', false],
    ]);
    expect(read.Items[0]).toEqual({ Id, Text: expect.any(String), Mine: true, SentAt: expect.any(String) });
    expect(read.Thread).toMatchObject({
      Id: ThreadId,
      Role: 'buyer',
      OtherPartyName: 'Giulia',
      Property: { Id: listing.id, Title: expect.any(String) },
    });
    const ownerView = (await call(owner, 'GET', `/api/Message/Threads/${ThreadId}`)).json();
    expect(ownerView.Items.map((m: { Mine: boolean }) => m.Mine)).toEqual([false, false, true]);
    expect(ownerView.Thread).toMatchObject({ Role: 'owner', OtherPartyName: 'Marco' });
    // Nobody's phone or e-mail in what either reads.
    for (const body of [read, ownerView]) {
      expect(JSON.stringify(body)).not.toContain(OWNER_PHONE);
      expect(JSON.stringify(body)).not.toContain('@');
    }

    // Pages of messages: oldest first, with a cursor.
    const page1 = (await call(buyer, 'GET', `/api/Message/Threads/${ThreadId}?PageSize=2`)).json();
    expect(page1.Items).toHaveLength(2);
    expect(page1.NextCursor).toEqual(expect.any(String));
    const page2 = (
      await call(buyer, 'GET', `/api/Message/Threads/${ThreadId}?PageSize=2&Cursor=${page1.NextCursor}`)
    ).json();
    expect(page2.Items.map((m: { Text: string }) => m.Text)).toEqual(['Sì, sabato alle 10 va bene.']);
    expect(page2.NextCursor).toBeNull();
  });

  it('lists the caller’s threads, newest activity first, with the listing, the other person and the unread count', async () => {
    const { bearer: other } = await signedInUser(suite.app, suite.db, {
      email: `lista.${backend.name}@example.com`,
      password: PASSWORD,
    });
    const t1 = (await call(other, 'POST', '/api/Message', { PropertyId: listing.id, Text: 'Primo' })).json().ThreadId;
    const published = await db()
      .select({ id: properties.id })
      .from(properties)
      .where(and(eq(properties.statusId, 2), ne(properties.ownerUserId, ownerId)))
      .limit(1);
    const t2 = (
      await call(other, 'POST', '/api/Message', { PropertyId: published[0]!.id, Text: 'Secondo\nsu due righe' })
    ).json().ThreadId;
    const list = (await call(other, 'GET', '/api/Message/Threads')).json();
    expect(list.Items.map((t: { Id: number }) => t.Id)).toEqual([t2, t1]);
    expect(list.Items[0]).toMatchObject({
      Role: 'buyer',
      Unread: 0,
      LastMessage: { Excerpt: 'Secondo su due righe', Mine: true, SentAt: expect.any(String) },
      Property: { Id: published[0]!.id },
    });
    expect(list.Items[1].Property).toEqual({
      Id: listing.id,
      Title: expect.any(String),
      ImageUrl: expect.anything(),
      CityName: expect.any(String),
    });
    // The cursor walks them one by one.
    const p1 = (await call(other, 'GET', '/api/Message/Threads?PageSize=1')).json();
    expect(p1.Items.map((t: { Id: number }) => t.Id)).toEqual([t2]);
    const p2 = (await call(other, 'GET', `/api/Message/Threads?PageSize=1&Cursor=${p1.NextCursor}`)).json();
    expect(p2.Items.map((t: { Id: number }) => t.Id)).toEqual([t1]);
    expect(p2.NextCursor).toBeNull();
    expectError(await call(other, 'GET', '/api/Message/Threads?Cursor=bm9wZQ'), 'InvalidCursor');
    // Forged times the database would refuse: days that do not exist, year 0.
    for (const t of ['2026-02-30T00:00:00.000000Z', '2026-04-31T10:00:00.000000Z', '0000-01-01T00:00:00.000000Z']) {
      const forged = Buffer.from(JSON.stringify({ t, i: 1 })).toString('base64url');
      expectError(await call(other, 'GET', `/api/Message/Threads?Cursor=${forged}`), 'InvalidCursor');
    }
    // The owner sees the thread with one unread message.
    const ownerList = (await call(owner, 'GET', '/api/Message/Threads')).json();
    expect(ownerList.Items.find((t: { Id: number }) => t.Id === t1)).toMatchObject({
      Role: 'owner',
      Unread: 1,
      OtherPartyName: 'Pia',
      LastMessage: { Excerpt: 'Primo', Mine: false },
    });
  });

  it('counts unread messages until the thread is marked read', async () => {
    const { bearer: reader } = await signedInUser(suite.app, suite.db, {
      email: `nonletti.${backend.name}@example.com`,
      password: PASSWORD,
    });
    const before = (await call(owner, 'GET', '/api/Message/Unread')).json().Count as number;
    const ThreadId = (await call(reader, 'POST', '/api/Message', { PropertyId: listing.id, Text: 'Uno' })).json()
      .ThreadId;
    await call(reader, 'POST', '/api/Message', { ThreadId, Text: 'Due' });
    expect((await call(owner, 'GET', '/api/Message/Unread')).json()).toEqual({ Count: before + 2 });
    // The sender has nothing unread of their own.
    expect((await call(reader, 'GET', '/api/Message/Unread')).json()).toEqual({ Count: 0 });
    const marked = await call(owner, 'PUT', `/api/Message/Threads/${ThreadId}/Read`);
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toEqual({ Count: before });
    expect((await call(owner, 'GET', '/api/Message/Unread')).json()).toEqual({ Count: before });
    await call(owner, 'POST', '/api/Message', { ThreadId, Text: 'Risposta' });
    expect((await call(reader, 'GET', '/api/Message/Unread')).json()).toEqual({ Count: 1 });
    expect((await call(reader, 'GET', '/api/Message/Threads')).json().Items[0]).toMatchObject({
      Id: ThreadId,
      Unread: 1,
    });
    await call(reader, 'PUT', `/api/Message/Threads/${ThreadId}/Read`);
    expect((await call(reader, 'GET', '/api/Message/Unread')).json()).toEqual({ Count: 0 });
    const [mark] = await db()
      .select()
      .from(messageThreadReads)
      .where(and(eq(messageThreadReads.threadId, ThreadId), eq(messageThreadReads.userId, ownerId)));
    expect(mark!.lastReadMessageId).toBeGreaterThan(0);
  });

  it('answers 404 to anybody but the thread’s two people, on reading, posting and marking read', async () => {
    const ThreadId = (
      await call(buyer, 'POST', '/api/Message', { PropertyId: listing.id, Text: 'Solo per noi' })
    ).json().ThreadId;
    const count = async () => (await db().select().from(messages).where(eq(messages.threadId, ThreadId))).length;
    const before = await count();
    expectError(await call(stranger, 'GET', `/api/Message/Threads/${ThreadId}`), 'ThreadNotFound');
    expectError(await call(stranger, 'POST', '/api/Message', { ThreadId, Text: 'Intruso' }), 'ThreadNotFound');
    expectError(await call(stranger, 'PUT', `/api/Message/Threads/${ThreadId}/Read`), 'ThreadNotFound');
    // An id that does not exist answers the same.
    expectError(await call(stranger, 'GET', '/api/Message/Threads/2147483000'), 'ThreadNotFound');
    expect(await count()).toBe(before);
    expect(
      (await call(stranger, 'GET', '/api/Message/Threads')).json().Items.map((t: { Id: number }) => t.Id),
    ).not.toContain(ThreadId);
    // No login: refused.
    expectError(await suite.app.inject({ method: 'GET', url: '/api/Message/Threads' }), 'MissingToken');
    expectError(
      await suite.app.inject({ method: 'POST', url: '/api/Message', payload: { PropertyId: listing.id, Text: 'x' } }),
      'MissingToken',
    );
  });

  it('refuses a thread about one’s own listing, and a new thread about a listing that is not published', async () => {
    expectError(
      await call(owner, 'POST', '/api/Message', { PropertyId: listing.id, Text: 'A me stesso' }),
      'MessageToOwnListing',
    );
    expectError(
      await call(stranger, 'POST', '/api/Message', { PropertyId: unpublished.id, Text: 'Sospeso?' }),
      'PropertyNotFound',
    );
    expectError(
      await call(stranger, 'POST', '/api/Message', { PropertyId: 2147483000, Text: 'Inesistente' }),
      'PropertyNotFound',
    );
    expect(await db().select().from(messageThreads).where(eq(messageThreads.propertyId, unpublished.id))).toEqual([]);
    // Exactly one of PropertyId and ThreadId.
    expectError(await call(stranger, 'POST', '/api/Message', { Text: 'Nessuno' }), 'ValidationError');
    expectError(
      await call(stranger, 'POST', '/api/Message', { PropertyId: listing.id, ThreadId: 1, Text: 'Entrambi' }),
      'ValidationError',
    );
  });

  it('refuses control, direction and invisible characters and empty or long texts; keeps links as text', async () => {
    const characters = [
      '\t',
      '\u0000',
      '\u001b[31m',
      '\u0007',
      '\u000b',
      '\u000c',
      '\u007f',
      '\u0085',
      '\u202e',
      '\u2066',
      '\u2069',
      '\u200e',
      '\u200f',
      '\u061c',
      '\u2028',
      '\u2029',
      '\u200b',
      '\u2060',
      '\ufeff',
      '\ue000',
      '\ud800',
      '\u00ad',
      '\u180e',
      '\u206a',
      '\u{e0020}',
    ];
    const refused = ['', '   \n  ', 'x'.repeat(2001), ...characters.map((c) => `prima${c}dopo`)];
    for (const Text of refused)
      expectError(await call(stranger, 'POST', '/api/Message', { PropertyId: listing.id, Text }), 'ValidationError');
    const link = 'Guarda https://esempio.it/annuncio?a=1&b=<b>2</b> e <script>alert(1)</script>\n👨‍👩‍👧 ok';
    const sent = await call(stranger, 'POST', '/api/Message', { PropertyId: listing.id, Text: link });
    expect(sent.statusCode).toBe(201);
    const read = await call(stranger, 'GET', `/api/Message/Threads/${sent.json().ThreadId}`);
    expect(read.headers['content-type']).toMatch(/^application\/json/);
    expect(read.json().Items.at(-1).Text).toBe(link);
    expect(
      (await call(stranger, 'POST', '/api/Message', { ThreadId: sent.json().ThreadId, Text: 'x'.repeat(2000) }))
        .statusCode,
    ).toBe(201);
  });

  it('mails the other person, at most once per thread every 15 minutes, without anybody’s phone or e-mail', async () => {
    const { email, id } = await register('posta');
    await db().update(users).set({ phone: '3339876543' }).where(eq(users.id, id));
    const writer = await login(email, PASSWORD);
    const sellerMail = () =>
      db()
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.toAddress, DEMO_ACCOUNTS.seller.email), eq(mailOutbox.template, 'message')));
    const before = (await sellerMail()).length;
    const ThreadId = (
      await call(writer, 'POST', '/api/Message', { PropertyId: listing.id, Text: 'Riga uno\nRiga due' })
    ).json().ThreadId;
    const mails = await sellerMail();
    expect(mails).toHaveLength(before + 1);
    const mail = mails.at(-1)!;
    expect(mail.subject).toMatch(/^Nuovo messaggio per il tuo annuncio «.+»$/);
    expect(mail.textBody).toContain('Ciao Giulia,');
    expect(mail.textBody).toContain('Pia ti ha scritto');
    expect(mail.textBody).toContain('> Riga uno\n> Riga due');
    expect(mail.textBody).toContain('/myrexer/messaggi');
    for (const secret of [OWNER_PHONE, '3339876543', email, DEMO_ACCOUNTS.seller.email])
      expect(mail.textBody).not.toContain(secret);
    // A second message within 15 minutes: no second mail.
    await call(writer, 'POST', '/api/Message', { ThreadId, Text: 'Ancora io' });
    expect(await sellerMail()).toHaveLength(before + 1);
    // The owner's answer mails the buyer, without the owner's contacts.
    await call(owner, 'POST', '/api/Message', { ThreadId, Text: 'Risposta' });
    const toWriter = await db()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.template, 'message')));
    expect(toWriter).toHaveLength(1);
    expect(toWriter[0]!.subject).toMatch(/^Nuova risposta per «.+»$/);
    expect(toWriter[0]!.textBody).toContain("Giulia, l'inserzionista di");
    for (const secret of [OWNER_PHONE, DEMO_ACCOUNTS.seller.email, '3339876543'])
      expect(toWriter[0]!.textBody).not.toContain(secret);
    // After 15 minutes, a new message mails again.
    await db()
      .update(messageThreadReads)
      .set({ lastMailedAt: new Date(Date.now() - 16 * 60 * 1000) })
      .where(and(eq(messageThreadReads.threadId, ThreadId), eq(messageThreadReads.userId, ownerId)));
    await call(writer, 'POST', '/api/Message', { ThreadId, Text: 'Dopo un po’' });
    expect(await sellerMail()).toHaveLength(before + 2);
  });

  it('limits a sender’s messages a minute and a day, counted in the database, with 429 and Retry-After', async () => {
    const limited = await buildTestApp(suite.testDb, { env: { ...env, MESSAGE_RATE_LIMIT_PER_MINUTE: '3' } });
    const daily = await buildTestApp(suite.testDb, {
      env: { ...env, MESSAGE_RATE_LIMIT_PER_MINUTE: '0', MESSAGE_RATE_LIMIT_PER_DAY: '2' },
    });
    try {
      const { email } = await register('limite');
      const bearer = await login(email, PASSWORD, limited);
      const ThreadId = (
        await call(bearer, 'POST', '/api/Message', { PropertyId: listing.id, Text: '1' }, limited)
      ).json().ThreadId;
      for (const text of ['2', '3'])
        expect((await call(bearer, 'POST', '/api/Message', { ThreadId, Text: text }, limited)).statusCode).toBe(201);
      const refused = await call(bearer, 'POST', '/api/Message', { ThreadId, Text: '4' }, limited);
      expectError(refused, 'MessageRateLimited');
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(await db().select().from(messages).where(eq(messages.threadId, ThreadId))).toHaveLength(3);

      const other = await register('limite-giorno');
      const dayBearer = await login(other.email, PASSWORD, daily);
      const dayThread = (
        await call(dayBearer, 'POST', '/api/Message', { PropertyId: listing.id, Text: '1' }, daily)
      ).json().ThreadId;
      expect(
        (await call(dayBearer, 'POST', '/api/Message', { ThreadId: dayThread, Text: '2' }, daily)).statusCode,
      ).toBe(201);
      const dayRefused = await call(dayBearer, 'POST', '/api/Message', { ThreadId: dayThread, Text: '3' }, daily);
      expectError(dayRefused, 'MessageRateLimited');
      expect(Number(dayRefused.headers['retry-after'])).toBeGreaterThan(60);
    } finally {
      await limited.close();
      await daily.close();
    }
  });
});
