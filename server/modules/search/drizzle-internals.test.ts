import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, openTestDatabase } from '../../../tests/api/helpers';
import type { Db } from '../../db/database';
import { media, properties } from '../../db/schema';
import type { TestDatabase } from '../../db/testing';
import {
  DRIZZLE_VERSION,
  chunkToQuery,
  constantLimit,
  dialectOf,
  inlinesParams,
  runRows,
  runSelect,
  selectParts,
} from './drizzle-internals';

// The adapter to Drizzle's unpublished shapes (drizzle-internals.ts) is pinned to the Drizzle version it was
// read from, and each of its functions is run here on a real database: an upgrade that moves a private
// field fails here, by name, rather than somewhere inside a search.

const installed = (
  JSON.parse(readFileSync(new URL('../../../node_modules/drizzle-orm/package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

describe('the Drizzle adapter', () => {
  it('is written against the installed drizzle-orm', () => {
    expect(
      installed,
      `server/modules/search/drizzle-internals.ts was written against drizzle-orm ${DRIZZLE_VERSION}, and ${installed} is installed: ` +
        "check each of its functions against the new version's sources (pg-core/db, pg-core/session, sql/sql, utils), then set DRIZZLE_VERSION to it",
    ).toBe(DRIZZLE_VERSION);
  });
});

describe.each(BACKENDS)('the Drizzle adapter on a database ($name)', (backend) => {
  let testDb: TestDatabase;
  let db: Db;

  beforeAll(async () => {
    testDb = await openTestDatabase(backend);
    db = testDb.database.db;
  });
  afterAll(async () => {
    await testDb?.cleanup();
  });

  it("reads the database's dialect: its flattening and its escapes", () => {
    const dialect = dialectOf(db);
    expect(dialect.sqlToQuery(sql`select ${7}::int as seven where ${properties.id} > ${1}`)).toMatchObject({
      sql: 'select $1::int as seven where "properties"."id" > $2',
      params: [7, 1],
    });
    expect(dialect.escapeName('price')).toBe('"price"');
    expect(dialect.escapeParam(2, 'x')).toBe('$3');
    expect(dialect.escapeString("l'altro")).toBe("'l''altro'");
  });

  it('tells a template whose values are written inline', () => {
    expect(inlinesParams(sql`select ${1}`)).toBe(false);
    expect(inlinesParams(sql`select ${1}`.inlineParams())).toBe(true);
  });

  it('writes one chunk as Drizzle does, its parameters numbered on from where the statement stands', () => {
    const dialect = dialectOf(db);
    expect(chunkToQuery(dialect, properties.id, 0)).toMatchObject({ sql: '"properties"."id"', params: [] });
    expect(chunkToQuery(dialect, sql`price >= ${100} and rooms = ${3}`, 2)).toMatchObject({
      sql: 'price >= $3 and rooms = $4',
      params: [100, 3],
    });
    expect(chunkToQuery(dialect, sql`select ${'a'}`.inlineParams(), 5)).toMatchObject({
      sql: "select 'a'",
      params: [],
    });
  });

  const cover = () =>
    db
      .select({ url: media.url })
      .from(media)
      .where(eq(media.propertyId, properties.id))
      .orderBy(media.position, media.id)
      .limit(constantLimit(1))
      .as('cover');

  const listingSelect = () =>
    db
      .select({
        id: properties.id,
        publishedAt: properties.publishedAt,
        doubled: sql<number>`(${properties.price} * 2)::text`.mapWith(Number),
        plain: sql<string>`'plain'`,
        aliased: sql<string>`upper(${properties.title})`.as('shout'),
        coverUrl: cover().url,
      })
      .from(properties)
      .leftJoinLateral(cover(), sql`true`)
      .where(sql`${properties.price} is not null and ${properties.publishedAt} is not null`)
      .orderBy(properties.id)
      .limit(constantLimit(5));

  it('writes a constant limit into the text, with no parameter', () => {
    const { sql: text, params } = listingSelect().toSQL();
    expect(text).toMatch(/ limit 1\) "cover" on true where .* limit 5$/);
    expect(params).toEqual([]);
  });

  it("takes a select apart: its statement, its fields in column order and each column's decoder", async () => {
    const select = listingSelect();
    const parts = selectParts(select);
    expect(dialectOf(db).sqlToQuery(parts.sql).sql).toBe(select.toSQL().sql);
    expect(parts.columns.map((column) => column.path)).toEqual([
      ['id'],
      ['publishedAt'],
      ['doubled'],
      ['plain'],
      ['aliased'],
      ['coverUrl'],
    ]);
    const decode = (index: number, value: unknown) => parts.columns[index].decoder.mapFromDriverValue(value);
    expect(decode(1, '2024-05-01 10:00:00+00')).toBeInstanceOf(Date);
    expect(decode(2, '240000')).toBe(240000);
    expect(decode(3, 'plain')).toBe('plain');
    expect(decode(4, 'TITLE')).toBe('TITLE');
    expect(decode(5, '/media/a.jpg')).toBe('/media/a.jpg');
  });

  it("runs a flattened select in array mode, its rows mapped as Drizzle's own select maps them", async () => {
    const select = listingSelect();
    const expected = await listingSelect();
    expect(expected).toHaveLength(5);
    const parts = selectParts(select);
    const keys = parts.columns.map((column) => column.path[0]);
    const mapRows = (rows: unknown[][]) =>
      rows.map((row) =>
        Object.fromEntries(
          keys.map((key, i) => [key, row[i] === null ? null : parts.columns[i].decoder.mapFromDriverValue(row[i])]),
        ),
      );
    const query = dialectOf(db).sqlToQuery(parts.sql);
    expect(await runSelect(db, query, parts.fields, undefined, mapRows)).toEqual(expected);
    // Named: prepared once per connection (PostgreSQL), the same rows at every run.
    for (let run = 0; run < 2; run++)
      expect(await runSelect(db, query, parts.fields, 'drizzle_internals_select', mapRows)).toEqual(expected);
  });

  it('runs a flattened statement, its rows as objects, named or not', async () => {
    const query = dialectOf(db).sqlToQuery(
      sql`select count(*)::int as listings, ${'x'}::text as tag from ${properties} where ${properties.id} > ${0}`,
    );
    const [{ listings }] = await db.select({ listings: sql<number>`count(*)::int`.mapWith(Number) }).from(properties);
    expect(listings).toBeGreaterThan(0);
    expect((await runRows<{ listings: number; tag: string }>(db, query, undefined)).rows).toEqual([
      { listings, tag: 'x' },
    ]);
    for (let run = 0; run < 2; run++)
      expect((await runRows<{ listings: number; tag: string }>(db, query, 'drizzle_internals_rows')).rows).toEqual([
        { listings, tag: 'x' },
      ]);
  });
});
