import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { agencies, mailOutbox, messages, messageThreads, properties, users } from '../../server/db/schema';
import { deleteAccount } from '../../server/modules/profile/account-deletion';
import { exportAccountData } from '../../server/modules/profile/data-export';
import { describeOnBackends, expectError, signedInUser, type SignedInUser } from './helpers';

// «Contatta l'agenzia»: POST /api/Message with AgencySlug opens (or continues) the thread of the
// caller with the agency's account, which answers by ThreadId; both see it in their threads.

const PASSWORD = 'Ortensie.Blu#Lago71';
const env = { CAPTCHA: 'off', RATE_LIMIT_MAX: '0', LOGIN_RATE_LIMIT_MAX: '1000', REGISTER_RATE_LIMIT_MAX: '1000' };

describeOnBackends('Messages to an agency', { env }, (suite) => {
  const { backend } = suite;
  const slug = `agenzia-messaggi-${backend.name}`;
  const silentSlug = `agenzia-senza-account-${backend.name}`;
  const name = `Case Ticino ${backend.name}`;
  let agencyId: number;
  let agent: SignedInUser;
  let colleague: SignedInUser;
  let buyer: SignedInUser;
  let stranger: SignedInUser;

  const account = (label: string, userName = 'Pia') =>
    signedInUser(suite.app, suite.db, {
      email: `${label}.${backend.name}@example.com`,
      password: PASSWORD,
      name: userName,
    });

  beforeAll(async () => {
    const db = suite.db;
    [{ id: agencyId }] = (await db.insert(agencies).values({ name, slug }).returning({ id: agencies.id })) as [
      { id: number },
    ];
    await db.insert(agencies).values({ name: 'Agenzia silenziosa', slug: silentSlug });
    // The oldest account of the agency, suspended: not the one that receives the messages.
    const suspended = await account('agenzia-sospesa');
    agent = await account('agenzia-titolare', 'Lucia');
    colleague = await account('agenzia-collega');
    buyer = await account('cliente-agenzia', 'Marco');
    stranger = await account('estraneo-agenzia');
    await db.update(users).set({ agencyId, suspendedAt: new Date() }).where(eq(users.id, suspended.id));
    await db.update(users).set({ agencyId }).where(eq(users.id, agent.id));
    await db.update(users).set({ agencyId }).where(eq(users.id, colleague.id));
    // A silent agency's only account is deleted: nobody receives its messages.
    const gone = await account('agenzia-chiusa');
    const [silent] = await db.select({ id: agencies.id }).from(agencies).where(eq(agencies.slug, silentSlug));
    await db.update(users).set({ agencyId: silent!.id, deletedAt: new Date() }).where(eq(users.id, gone.id));
  }, 180_000);

  it("opens a thread with the agency's account, continues it, and the agency answers by ThreadId", async () => {
    const first = await buyer.call('POST', '/api/Message', {
      AgencySlug: slug,
      Text: '  Buongiorno, cercate case in vendita a Milano?\r\nGrazie  ',
    });
    expect(first.statusCode).toBe(201);
    const { ThreadId } = first.json();
    const [thread] = await suite.db.select().from(messageThreads).where(eq(messageThreads.id, ThreadId));
    // The oldest active account of the agency (the suspended one is older).
    expect(thread).toMatchObject({ agencyId, propertyId: null, buyerUserId: buyer.id, ownerUserId: agent.id });

    const again = await buyer.call('POST', '/api/Message', { AgencySlug: slug, Text: 'Posso passare in agenzia?' });
    expect(again.statusCode).toBe(201);
    expect(again.json().ThreadId).toBe(ThreadId);

    // The agency's account sees the thread with the agency in its list and answers in it.
    const agentList = (await agent.call('GET', '/api/Message/Threads')).json();
    expect(agentList.Items).toEqual([
      expect.objectContaining({
        Id: ThreadId,
        Property: null,
        Agency: { Id: agencyId, Name: name, Slug: slug, LogoUrl: null },
        Role: 'owner',
        OtherPartyName: 'Marco',
        Unread: 2,
      }),
    ]);
    const answer = await agent.call('POST', '/api/Message', { ThreadId, Text: 'Certo, vi aspettiamo.' });
    expect(answer.statusCode).toBe(201);
    expect(answer.json().ThreadId).toBe(ThreadId);

    const read = (await buyer.call('GET', `/api/Message/Threads/${ThreadId}`)).json();
    expect(read.Thread).toMatchObject({
      Id: ThreadId,
      Property: null,
      Agency: { Id: agencyId, Name: name, Slug: slug },
      Role: 'buyer',
      OtherPartyName: 'Lucia',
      Unread: 1,
    });
    expect(read.Items.map((m: { Text: string; Mine: boolean }) => [m.Text, m.Mine])).toEqual([
      ['Buongiorno, cercate case in vendita a Milano?\nGrazie', true],
      ['Posso passare in agenzia?', true],
      ['Certo, vi aspettiamo.', false],
    ]);
    const buyerList = (await buyer.call('GET', '/api/Message/Threads')).json();
    expect(buyerList.Items.map((t: { Id: number }) => t.Id)).toContain(ThreadId);
    expect(JSON.stringify(read)).not.toContain('@');

    // Each person's mail names the agency, never an empty listing title.
    const mails = await suite.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.template, 'message'), eq(mailOutbox.toAddress, agent.email)));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Nuovo messaggio per la tua agenzia «${name}»`);
    expect(mails[0]!.textBody).toContain(`Marco ha scritto alla tua agenzia «${name}» su Rexer:`);
    expect(mails[0]!.textBody).not.toContain('«»');
    const [reply] = await suite.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.template, 'message'), eq(mailOutbox.toAddress, buyer.email)));
    expect(reply!.subject).toBe(`Nuova risposta dall’agenzia «${name}»`);
    expect(reply!.textBody).toContain(`L’agenzia «${name}» ti ha risposto:`);

    // Only the two people: a third user, and another account of the same agency, get 404.
    for (const other of [stranger, colleague]) {
      expectError(await other.call('GET', `/api/Message/Threads/${ThreadId}`), 'ThreadNotFound');
      expectError(await other.call('POST', '/api/Message', { ThreadId, Text: 'Intruso' }), 'ThreadNotFound');
      expectError(await other.call('PUT', `/api/Message/Threads/${ThreadId}/Read`), 'ThreadNotFound');
      const list = (await other.call('GET', '/api/Message/Threads')).json();
      expect(list.Items.map((t: { Id: number }) => t.Id)).not.toContain(ThreadId);
    }
  });

  it('keeps the threads about listings as they were, beside those with an agency', async () => {
    const [listing] = await suite.db
      .select({ id: properties.id })
      .from(properties)
      .where(eq(properties.statusId, 2))
      .limit(1);
    const sent = await buyer.call('POST', '/api/Message', { PropertyId: listing!.id, Text: 'È ancora libero?' });
    expect(sent.statusCode).toBe(201);
    const list = (await buyer.call('GET', '/api/Message/Threads')).json();
    const about = list.Items.find((t: { Id: number }) => t.Id === sent.json().ThreadId);
    expect(about).toMatchObject({ Property: { Id: listing!.id, Title: expect.any(String) }, Agency: null });
    expect(list.Items.filter((t: { Agency: unknown }) => t.Agency !== null)).toHaveLength(1);
  });

  it("refuses the caller's own agency, an unknown slug and an agency nobody answers for", async () => {
    expectError(await agent.call('POST', '/api/Message', { AgencySlug: slug, Text: 'Ciao' }), 'MessageToOwnAgency');
    expectError(await colleague.call('POST', '/api/Message', { AgencySlug: slug, Text: 'Ciao' }), 'MessageToOwnAgency');
    expectError(
      await buyer.call('POST', '/api/Message', { AgencySlug: 'nessuna-agenzia-cosi', Text: 'Ciao' }),
      'AgencyNotFound',
    );
    expectError(
      await stranger.call('POST', '/api/Message', { AgencySlug: silentSlug, Text: 'Ciao' }),
      'AgencyNotReachable',
    );
    const threads = await suite.db.select().from(messageThreads).where(eq(messageThreads.buyerUserId, stranger.id));
    expect(threads).toEqual([]);
  });

  it('tells on the agency page whether the agency receives messages', async () => {
    const page = await suite.app.inject({ method: 'GET', url: `/api/Agency/${slug}` });
    expect(page.json().AcceptsMessages).toBe(true);
    const silent = await suite.app.inject({ method: 'GET', url: `/api/Agency/${silentSlug}` });
    expect(silent.json().AcceptsMessages).toBe(false);
  });

  it('needs a login and refuses bad input with 400', async () => {
    const anonymous = await suite.app.inject({
      method: 'POST',
      url: '/api/Message',
      payload: { AgencySlug: slug, Text: 'Ciao' },
    });
    expect(anonymous.statusCode).toBe(401);
    const bad: object[] = [
      { AgencySlug: slug, Text: '   ' },
      { AgencySlug: slug, Text: 'x'.repeat(2001) },
      { AgencySlug: slug, Text: 'Ciao\u200b' },
      { AgencySlug: 'Non Uno Slug', Text: 'Ciao' },
      { AgencySlug: slug, PropertyId: 1, Text: 'Ciao' },
      { AgencySlug: slug, ThreadId: 1, Text: 'Ciao' },
      { AgencySlug: 5, Text: 'Ciao' },
    ];
    for (const payload of bad) {
      expectError(await stranger.call('POST', '/api/Message', payload), 'ValidationError');
    }
    const threads = await suite.db.select().from(messageThreads).where(eq(messageThreads.buyerUserId, stranger.id));
    expect(threads).toEqual([]);
  });

  it("counts a thread with an agency among the user's messages: in their data export, and gone with their account", async () => {
    const client = await account('cliente-esportazione', 'Sara');
    const sent = await client.call('POST', '/api/Message', { AgencySlug: slug, Text: 'Vorrei vendere casa.' });
    expect(sent.statusCode).toBe(201);
    const { ThreadId } = sent.json();
    const data = await exportAccountData(suite.db, client.id, new Date());
    expect(data.messageThreads).toEqual([
      expect.objectContaining({
        id: ThreadId,
        role: 'buyer',
        propertyId: null,
        agencyId,
        messages: [expect.objectContaining({ from: 'me', text: 'Vorrei vendere casa.' })],
      }),
    ]);
    // The agency's account exports it too, as the side that answers.
    const agencySide = await exportAccountData(suite.db, agent.id, new Date());
    expect(agencySide.messageThreads).toContainEqual(
      expect.objectContaining({ id: ThreadId, role: 'owner', agencyId, otherPartyFirstName: 'Sara' }),
    );

    await deleteAccount(suite.app, client.id, new Date());
    expect(await suite.db.select().from(messageThreads).where(eq(messageThreads.id, ThreadId))).toEqual([]);
    expect(await suite.db.select().from(messages).where(eq(messages.threadId, ThreadId))).toEqual([]);
  });
});
