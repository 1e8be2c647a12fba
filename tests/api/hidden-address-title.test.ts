import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import type { PageRendererSetup } from '@domain/page-rendering';
import { STEPS, stepNumberOf, type StepId } from '@domain/wizard-steps';
import { ANSWERS, SALE_ORDER } from '../../machines/testing/wizard-fixtures';
import { listingTitle } from '../../server/db/listing-title';
import { MIGRATIONS_FOLDER } from '../../server/db/database';
import { SELL_TYPE } from '../../server/db/reference-ids';
import { mailOutbox, municipalities, properties, users } from '../../server/db/schema';
import { runSearchAlerts } from '../../server/jobs/search-alerts';
import { createPageRenderer } from '../../src/app/entry-server';
import { describeOnBackends, signedInUser } from './helpers';

// Security review, "a hidden address is published in the title": with «mostra indirizzo» off,
// the generated title names the town alone (docs/listings.md, "The title rule"), so the street
// reaches none of the places a title goes: the draft's offer at step 16, the public page's
// heading, head and JSON-LD, the search cards and full text, the saved-search alert mails. A
// title generated with the street and kept follows the address when it is hidden later, and
// migration 0017 fixes the listings saved that way before.

const PUBLIC_URL = 'https://www.rexer.test';
const STREET = 'Sarpi';
const HIDDEN = { ...ANSWERS.locality, showAddress: false };

const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');
const jsonLdOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].flatMap(
    (match) => JSON.parse(match[1]!) as unknown,
  );

const APP_OPTIONS = {
  env: { CAPTCHA: 'off', RATE_LIMIT_MAX: '0', LOGIN_RATE_LIMIT_MAX: '1000', PUBLIC_URL },
  createPageRenderer: (setup: PageRendererSetup) => createPageRenderer(setup),
};

describeOnBackends('The title of a listing whose address is hidden', APP_OPTIONS, (suite) => {
  const { backend } = suite;

  let people = 0;

  const db = () => suite.db;
  const json = (res: LightMyRequestResponse) => {
    expect([200, 201], res.body).toContain(res.statusCode);
    return res.json();
  };

  /** A confirmed account with a signed-in session, and its calls. */
  async function newUser(label: string) {
    people += 1;
    const { email, call } = await signedInUser(suite.app, suite.db, {
      email: `${label}.${backend.name}.${randomUUID().slice(0, 8)}@example.com`,
      remoteAddress: `10.14.${people >> 8}.${people & 255}`,
    });
    return {
      email,
      call,
      create: async () => json(await call('POST', '/api/Property/Draft', { SellType: SELL_TYPE.sale })).Id as number,
      read: async (id: number) => json(await call('GET', `/api/Property/${id}/Draft`)),
      save: (id: number, step: number, Answer: unknown, extra: object = {}) =>
        call('PUT', `/api/Property/${id}/Draft/Step/${step}`, { Answer, ...extra }),
    };
  }
  type User = Awaited<ReturnType<typeof newUser>>;

  /**
   * Answers every step of a sale as the wizard does, the locality as given, the title as step 16
   * offers it (the draft's GeneratedTitle, the title step's value when the seller types nothing).
   */
  async function walk(seller: User, id: number, locality: typeof ANSWERS.locality, until: StepId = 'valueLadder') {
    for (const stepId of SALE_ORDER.filter((s) => s !== 'personalData' && s !== 'email')) {
      const isQuestion = STEPS[stepId].kind === 'question' || STEPS[stepId].kind === 'loader';
      let answer: unknown = isQuestion ? (ANSWERS as Record<string, unknown>)[stepId] : null;
      if (stepId === 'locality') answer = locality;
      if (stepId === 'title') answer = { title: (await seller.read(id)).GeneratedTitle };
      json(await seller.save(id, stepNumberOf(stepId), answer));
      if (stepId === until) return;
    }
  }

  it('offers the town alone at step 16 for a hidden address, the street for a shown one', async () => {
    const seller = await newUser('offerta');
    const hidden = await seller.create();
    expect(json(await seller.save(hidden, 2, HIDDEN)).GeneratedTitle).toBe('Casa in vendita a Milano');
    const shown = await seller.create();
    expect(json(await seller.save(shown, 2, ANSWERS.locality)).GeneratedTitle).toBe(
      'Casa in vendita in Via Paolo Sarpi, 12 a Milano',
    );
    // A rent says so.
    const rent = json(await seller.call('POST', '/api/Property/Draft', { SellType: SELL_TYPE.rent })).Id as number;
    expect(json(await seller.save(rent, 2, HIDDEN)).GeneratedTitle).toBe('Casa in affitto a Milano');
  });

  it('publishes a hidden-address listing whose street reaches no heading, JSON-LD, search card, full text or alert mail', async () => {
    const buyer = await newUser('acquirente');
    const saved = await buyer.call('POST', '/api/User/SavedSearches', {
      Name: 'Milano',
      Frequency: 'instant',
      Criteria: { SearchType: 'town', Town: '015146' },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const lastMail = (
      await db()
        .select({ id: sql<number>`coalesce(max(${mailOutbox.id}), 0)`.mapWith(Number) })
        .from(mailOutbox)
    )[0]!.id;

    const seller = await newUser('nascosto');
    const id = await seller.create();
    await walk(seller, id, HIDDEN);
    expect((await seller.read(id)).Answers.title).toEqual({ title: 'Casa in vendita a Milano' });
    const published = json(await seller.call('PUT', `/api/Property/${id}/Status`, { Status: 2 }));
    expect(published.Status).toBe(2);

    // The public API and the page rendered on the server: heading, head and JSON-LD.
    const detail = json(await suite.app.inject({ url: `/api/Property/${id}` }));
    expect(detail).toMatchObject({ Title: 'Casa in vendita a Milano', Address: null });
    const page = await suite.app.inject({ url: `/immobile/${id}` });
    expect(page.statusCode).toBe(200);
    const h1 = textOf(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(page.body)?.[1] ?? '');
    expect(h1).toBe('Casa in vendita a Milano');
    expect(/<title>([^<]*)<\/title>/.exec(page.body)?.[1]).not.toContain(STREET);
    const listingLd = jsonLdOf(page.body).find(
      (item) => (item as { '@type': string })['@type'] === 'RealEstateListing',
    ) as { name: string };
    expect(listingLd.name).toBe('Casa in vendita a Milano');
    expect(JSON.stringify(listingLd)).not.toContain(STREET);

    // The search card, and the full text: the hidden street finds nothing.
    const search = json(
      await suite.app.inject({
        url: '/api/Search/Listings',
        query: { SearchType: 'town', Town: '015146', Sort: 'newest' },
      }),
    );
    const card = (search.Items as { Id: number; Title: string; Address: string | null }[]).find(
      (item) => item.Id === id,
    );
    expect(card).toMatchObject({ Title: 'Casa in vendita a Milano', Address: null });
    const byStreet = json(
      await suite.app.inject({
        url: '/api/Search/Listings',
        query: { SearchType: 'town', Town: '015146', Text: 'Paolo Sarpi', Sort: 'newest' },
      }),
    );
    expect((byStreet.Items as { Id: number }[]).map((item) => item.Id)).not.toContain(id);

    // The alert mail of the saved search.
    await runSearchAlerts(suite.app, { frequency: 'instant' });
    const [mail] = await db()
      .select()
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.toAddress, buyer.email),
          eq(mailOutbox.template, 'search-alert'),
          gt(mailOutbox.id, lastMail),
        ),
      );
    expect(mail!.textBody).toContain(`${PUBLIC_URL}/immobile/${id}`);
    expect(mail!.textBody).toContain('Casa in vendita a Milano');
    expect(mail!.textBody).not.toContain(STREET);
  });

  it('takes the street out of the kept generated title when the address is hidden later, and keeps a title the seller wrote', async () => {
    const seller = await newUser('poi-nascosto');
    const id = await seller.create();
    await walk(seller, id, ANSWERS.locality, 'description');
    expect((await seller.read(id)).Answers.title).toEqual({ title: 'Casa in vendita in Via Paolo Sarpi, 12 a Milano' });
    // Back to the locality from the summary, the address hidden: the title follows.
    const hidden = json(await seller.save(id, 2, HIDDEN, { CurrentStep: 16 }));
    expect(hidden.Answers.title).toEqual({ title: 'Casa in vendita a Milano' });
    expect(hidden.GeneratedTitle).toBe('Casa in vendita a Milano');
    expect(json(await seller.call('GET', `/api/User/GetMyPropertyById/${id}`)).Title).toBe('Casa in vendita a Milano');
    // Shown again, or moved: the generated title follows too.
    expect(
      json(
        await seller.save(
          id,
          2,
          { ...ANSWERS.locality, street: 'Via Canonica', streetNumber: '3' },
          { CurrentStep: 16 },
        ),
      ).Answers.title,
    ).toEqual({ title: 'Casa in vendita in Via Canonica, 3 a Milano' });

    // A title the seller wrote stays, even one that names the street (the seller's choice).
    const own = await newUser('proprio');
    const mine = await own.create();
    await walk(own, mine, ANSWERS.locality, 'price');
    json(await own.save(mine, 16, { title: 'Trilocale in Via Paolo Sarpi, vicino al parco' }));
    const after = json(await own.save(mine, 2, HIDDEN, { CurrentStep: 16 }));
    expect(after.Answers.title).toEqual({ title: 'Trilocale in Via Paolo Sarpi, vicino al parco' });
    expect(after.GeneratedTitle).toBe('Casa in vendita a Milano');
  });

  it('migration 0017 takes the street out of the generated titles saved before with the address hidden, and nothing else', async () => {
    const seller = await newUser('migrazione');
    const ownerId = (await db().select({ id: users.id }).from(users).where(eq(users.email, seller.email)))[0]!.id;
    const [milano] = await db()
      .select({ id: municipalities.id })
      .from(municipalities)
      .where(eq(municipalities.istatCode, '015146'));
    const withStreet = 'Casa in vendita in Via Paolo Sarpi, 12 a Milano';
    const rentWithStreet = 'Casa in affitto in Via Paolo Sarpi a Milano';
    const base = {
      ownerUserId: ownerId,
      municipalityId: milano!.id,
      street: 'Via Paolo Sarpi',
      streetNumber: '12',
      statusId: 2,
      publishedAt: new Date(),
    };
    const rows = await db()
      .insert(properties)
      .values([
        // Hidden, the generated title with its street, in the column and the answers: fixed.
        {
          ...base,
          sellTypeId: 1,
          showAddress: false,
          title: withStreet,
          wizardAnswers: { title: { title: withStreet } },
        },
        // A rent without a number and without answers (a row written before the wizard): fixed.
        { ...base, sellTypeId: 2, streetNumber: '', showAddress: false, title: rentWithStreet, wizardAnswers: null },
        // Shown: the street is public, the title stays.
        {
          ...base,
          sellTypeId: 1,
          showAddress: true,
          title: withStreet,
          wizardAnswers: { title: { title: withStreet } },
        },
        // Hidden, but a title the seller wrote: it stays.
        {
          ...base,
          sellTypeId: 1,
          showAddress: false,
          title: 'Trilocale in Via Paolo Sarpi',
          wizardAnswers: { title: { title: 'Trilocale in Via Paolo Sarpi' } },
        },
      ])
      .returning({ id: properties.id });
    const ids = rows.map((row) => row.id);
    const statement = readFileSync(`${MIGRATIONS_FOLDER}/0017_hidden_address_titles.sql`, 'utf8');
    await db().execute(sql.raw(statement));
    const after = await db()
      .select({ id: properties.id, title: properties.title, answers: properties.wizardAnswers })
      .from(properties)
      .where(inArray(properties.id, ids))
      .orderBy(properties.id);
    expect(after.map((row) => [row.title, row.answers])).toEqual([
      ['Casa in vendita a Milano', { title: { title: 'Casa in vendita a Milano' } }],
      ['Casa in affitto a Milano', null],
      [withStreet, { title: { title: withStreet } }],
      ['Trilocale in Via Paolo Sarpi', { title: { title: 'Trilocale in Via Paolo Sarpi' } }],
    ]);
    // The migration writes the rule's own words (server/db/seed/data/listing-texts.json).
    expect(listingTitle(1, { street: 'Via Paolo Sarpi', streetNumber: '12', showAddress: true, city: 'Milano' })).toBe(
      withStreet,
    );
    expect(listingTitle(2, { street: 'Via Paolo Sarpi', streetNumber: '', showAddress: true, city: 'Milano' })).toBe(
      rentWithStreet,
    );
    expect(listingTitle(1, { street: 'Via Paolo Sarpi', streetNumber: '12', showAddress: false, city: 'Milano' })).toBe(
      after[0]!.title,
    );
    // No generated title in the database names a hidden street (the seed's and this suite's alike).
    const leaks = await db().execute(
      sql`select count(*)::int as n from ${properties} where ${properties.showAddress} = false and ${properties.street} <> '' and ${properties.title} like 'Casa in %' and position(${properties.street} in ${properties.title}) > 0`,
    );
    expect((leaks.rows[0] as { n: number }).n).toBe(0);
  });
});
