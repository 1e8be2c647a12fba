import { and, eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/database';
import { media, municipalities, properties } from '../../server/db/schema';
import type { TestDatabase } from '../../server/db/testing';
import { statementShell } from '../../server/modules/search/named-statement';
import { BACKENDS, openTestDatabase } from './helpers';

// A statement shell (server/modules/search/named-statement.ts) builds a select's text once around a hole
// and maps its rows itself: its rows must be exactly those Drizzle's own select answers, column by column
// (dates, numbers from expressions, nulls, a lateral subquery's columns), whatever the hole holds.

describe.each(BACKENDS)('statement shell ($name)', (backend) => {
  let testDb: TestDatabase;
  let db: Db;

  beforeAll(async () => {
    testDb = await openTestDatabase(backend);
    db = testDb.database.db;
  });
  afterAll(async () => {
    await testDb?.cleanup();
  });

  const build = (ids: SQL) => {
    const cover = db
      .select({ url: media.url })
      .from(media)
      .where(eq(media.propertyId, properties.id))
      .orderBy(media.position, media.id)
      .limit(sql.raw('1') as unknown as number)
      .as('cover');
    return db
      .select({
        id: properties.id,
        title: properties.title,
        price: properties.price,
        publishedAt: properties.publishedAt,
        createdAt: properties.createdAt,
        town: municipalities.name,
        photos: sql<number>`(select count(*) from ${media} where ${media.propertyId} = "properties"."id")::int`.mapWith(
          Number,
        ),
        doubled: sql<string>`(${properties.price} * 2)::text`,
        coverUrl: cover.url,
        k0: sql<string | null>`h.k0`,
      })
      .from(sql`(${ids}) as h`)
      .innerJoin(properties, sql`${properties.id} = h.id`)
      .leftJoin(municipalities, eq(municipalities.id, properties.municipalityId))
      .leftJoinLateral(cover, sql`true`)
      .orderBy(sql`h.ord`);
  };

  const idsOf = (minPrice: number) =>
    sql`select id, row_number() over (order by id) as ord, (price)::text as k0 from ${properties} where ${and(sql`price >= ${minPrice}`, sql`status_id = ${2}`)} order by id limit 12`;

  it('answers the rows Drizzle answers, for every hole and run', async () => {
    const shell = statementShell(db, build);
    for (const minPrice of [0, 150_000, 400_000]) {
      const expected = await build(idsOf(minPrice));
      expect(expected.length).toBeGreaterThan(0);
      expect(await shell.execute(db, idsOf(minPrice), false)).toEqual(expected);
      // Named: prepared once per connection, the same answer every time.
      for (let run = 0; run < 3; run++) expect(await shell.execute(db, idsOf(minPrice), true)).toEqual(expected);
    }
    const [withDate] = await build(idsOf(0));
    expect(withDate.createdAt).toBeInstanceOf(Date);
    expect(typeof withDate.photos).toBe('number');
    // Some listings have a photo and some have none: both the value and the null of the lateral subquery are mapped.
    const all = await shell.execute(db, sql`select id, id as ord, null::text as k0 from ${properties}`, false);
    expect(all.some((row) => row.coverUrl !== null)).toBe(true);
    expect(all.some((row) => row.coverUrl === null)).toBe(true);
  });

  it('refuses a shell whose own text carries a parameter (its numbers would clash with the hole)', () => {
    expect(() =>
      statementShell(db, (ids) =>
        db
          .select({ id: properties.id })
          .from(sql`(${ids}) as h`)
          .innerJoin(properties, sql`${properties.id} = h.id`)
          .limit(5),
      ),
    ).toThrow(/no parameter/);
  });

  it('refuses nested fields, which it does not map', () => {
    expect(() =>
      statementShell(db, (ids) =>
        db
          .select({ listing: { id: properties.id } })
          .from(sql`(${ids}) as h`)
          .innerJoin(properties, sql`${properties.id} = h.id`),
      ),
    ).toThrow(/nested/);
  });
});
