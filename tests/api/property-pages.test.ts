import { and, eq, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageRendererSetup } from '@domain/page-rendering';
import { PROPERTY_STATUS } from '../../server/db/reference-ids';
import { newDevelopments, properties } from '../../server/db/schema';
import type { TestDatabase } from '../../server/db/testing';
import { createPageRenderer } from '../../src/app/entry-server';
import { buildTestApp, openTestDatabase } from './helpers';

// The listing pages as the server renders them (the app's own renderer over the real API and
// a seeded database): what a crawler or a link preview receives, with the status it means.

const PUBLIC_URL = 'https://www.rexer.test';
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');
const jsonLdOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].flatMap(
    (match) => JSON.parse(match[1]) as unknown,
  );

describe('the listing pages rendered on the server', () => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let published: number;
  let deleted: number;
  let development: number;

  beforeAll(async () => {
    testDb = await openTestDatabase({ postgres: false });
    app = await buildTestApp(testDb, {
      env: { PUBLIC_URL },
      createPageRenderer: (setup: PageRendererSetup) => createPageRenderer(setup),
    });
    const db = testDb.database.db;
    const rows = await db
      .select({ id: properties.id })
      .from(properties)
      .where(
        and(
          eq(properties.statusId, PROPERTY_STATUS.published),
          eq(properties.sellTypeId, 1),
          isNotNull(properties.price),
        ),
      )
      .orderBy(properties.id)
      .limit(2);
    [published, deleted] = rows.map((row) => row.id);
    await db.update(properties).set({ statusId: PROPERTY_STATUS.deleted }).where(eq(properties.id, deleted));
    [{ id: development }] = await db
      .select({ id: newDevelopments.id })
      .from(newDevelopments)
      .orderBy(newDevelopments.id)
      .limit(1);
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.cleanup();
  });

  it('renders a listing with its title, price and schema.org data in the first HTML', async () => {
    const detail = (await app.inject({ url: `/api/Property/${published}` })).json<{ Title: string; Price: number }>();
    const response = await app.inject({ url: `/immobile/${published}` });
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(textOf(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? '')).toBe(detail.Title);
    expect(/<title>([^<]*)<\/title>/.exec(html)?.[1]).toMatch(/ in vendita a .+, [\d.]+\s€ - Rexer$/);
    expect(textOf(html)).toContain(detail.Price.toLocaleString('de-DE'));
    const types = jsonLdOf(html).map((item) => (item as { '@type': string })['@type']);
    expect(types).toEqual(['RealEstateListing', 'BreadcrumbList']);
    expect(html).not.toContain('x-rexer-page-status');
  });

  it('answers 410 for a listing its owner removed, with similar listings, and 404 for an unknown one', async () => {
    const gone = await app.inject({ url: `/immobile/${deleted}` });
    expect(gone.statusCode).toBe(410);
    expect(gone.headers['x-rexer-page-status']).toBeUndefined();
    expect(textOf(gone.body)).toContain('Questo annuncio è stato rimosso dal proprietario');
    expect(textOf(gone.body)).toContain('Annunci simili');
    expect(gone.body).toContain('<meta name="robots" content="noindex"');

    expect((await app.inject({ url: '/immobile/999999999' })).statusCode).toBe(404);
    // Ids the API refuses (0, past 2^31 − 1) and a second address of a listing are not-found pages, not errors.
    for (const url of [
      '/immobile/0',
      '/immobile/2147483648',
      '/immobile/000123',
      '/nuovecostruzioni/0',
      '/nuovecostruzioni/2147483648',
    ]) {
      expect((await app.inject({ url })).statusCode, url).toBe(404);
    }
  });

  it('renders a new development with its units linking to their listings', async () => {
    const response = await app.inject({ url: `/nuovecostruzioni/${development}` });
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(/Prezzi da/);
    expect(response.body).toMatch(/href="\/immobile\/\d+"/);
  });
});
