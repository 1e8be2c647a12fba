import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageRendererSetup } from '@domain/page-rendering';
import type { TestDatabase } from '../../server/db/testing';
import { createPageRenderer } from '../../src/app/entry-server';
import { BACKENDS, buildTestApp, openTestDatabase } from './helpers';

// A results page whose search could not run says so, with the status it means (not a 500): 429 when the
// visitor's searches are over the limit, 503 when the search took longer than SEARCH_TIMEOUT_MS.

const MILANO = '/vendita/case/milano/milano/015146';
const withRenderer = { createPageRenderer: (setup: PageRendererSetup) => createPageRenderer(setup) };
// What the page shows: its scripts left out (the boot element carries every text of the namespaces it used).
const textOf = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');

describe.each(BACKENDS)('results pages that could not search ($name)', (backend) => {
  let testDb: TestDatabase;
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    testDb = await openTestDatabase(backend);
  }, 240_000);

  afterAll(async () => {
    for (const app of apps) await app.close();
    await testDb?.cleanup();
  });

  it('answers 429 with the page and its reason once the visitor is over the search limit', async () => {
    const app = await buildTestApp(testDb, {
      env: { SEARCH_RATE_LIMIT_MAX: '1', SEARCH_RATE_LIMIT_SYNC_MS: '0' },
      ...withRenderer,
    });
    apps.push(app);
    const first = await app.inject({ url: MILANO });
    expect(first.statusCode).toBe(200);
    const limited = await app.inject({ url: MILANO });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['content-type']).toMatch(/text\/html/);
    expect(textOf(limited.body)).toContain('Hai fatto molte ricerche in poco tempo');
    expect(textOf(limited.body)).toContain('Case in vendita a Milano');
  });

  // PostgreSQL only: PGlite cannot stop a statement.
  if (backend.postgres) {
    it('answers 503 with the page and its reason when the search takes too long', async () => {
      const app = await buildTestApp(testDb, {
        env: { SEARCH_TIMEOUT_MS: '1', SEARCH_CACHE_SECONDS: '0' },
        ...withRenderer,
      });
      apps.push(app);
      const slow = await app.inject({ url: `${MILANO}?PrezzoMin=1` });
      expect(slow.statusCode).toBe(503);
      expect(textOf(slow.body)).toContain('La ricerca sta richiedendo troppo tempo');
    });
  }
});
