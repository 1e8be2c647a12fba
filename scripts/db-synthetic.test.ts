import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENERGY_INDEX_RANGES } from '@domain/energy-label';
import { createTestDatabase, type TestDatabase } from '../server/db/testing';
import {
  countSynthetic,
  DEFAULT_OMI_CSV,
  generateSynthetic,
  readOmi,
  resetSynthetic,
  SYNTHETIC_EMAIL_DOMAIN,
} from './db-synthetic';

const N = 2000;
const HOME_TYPES = [1, 2, 3, 5, 6, 8, 9, 15, 18];

describe('db:synthetic', () => {
  let testDb: TestDatabase;
  const sql = (text: string, values: unknown[] = []) => testDb.database.executeSql(text, values);

  beforeAll(async () => {
    testDb = await createTestDatabase({ seed: 'reference' });
    await generateSynthetic(testDb.database, { listings: N, seed: 7, epoch: new Date('2026-01-01T00:00:00Z') });
  }, 120_000);
  afterAll(async () => {
    await testDb?.cleanup();
  });

  it('inserts N published listings with coordinates inside Italy, a title and a description', async () => {
    expect(await countSynthetic(testDb.database)).toBe(N);
    const { rows } = await sql(`
      select count(*)::int as n,
             count(*) filter (where status_id = 2)::int as published,
             count(*) filter (where latitude between 35.4 and 47.1 and longitude between 6.6 and 18.6)::int as inside,
             count(*) filter (where title is not null and description is not null and search_vector is not null)::int as texts,
             count(*) filter (where sell_type_id = 1)::int as sale,
             min(published_at) as first, max(published_at) as last
        from properties p join users u on u.id = p.owner_user_id where u.email like '%@${SYNTHETIC_EMAIL_DOMAIN}'`);
    const r = rows[0];
    expect(r.n).toBe(N);
    expect(r.published).toBe(N);
    expect(r.inside).toBe(N);
    expect(r.texts).toBe(N);
    // Sale and rent about 70/30.
    expect(Number(r.sale) / N).toBeGreaterThan(0.62);
    expect(Number(r.sale) / N).toBeLessThan(0.78);
    expect(new Date(String(r.last)).getTime()).toBeLessThanOrEqual(new Date('2026-01-01T00:00:00Z').getTime());
    expect(new Date(String(r.first)).getTime()).toBeGreaterThanOrEqual(
      new Date('2026-01-01T00:00:00Z').getTime() - 181 * 86_400_000,
    );
    // The Italian full text finds them.
    const found = await sql(
      `select count(*)::int as n from properties where status_id = 2 and search_vector @@ plainto_tsquery('italian', 'appartamento ristrutturato')`,
    );
    expect(Number(found.rows[0].n)).toBeGreaterThan(0);
  });

  it("gives every rent a lease and pets the renters' filters read, homes a furnishing, and no retired amenity", async () => {
    const { rows } = await sql(`
      select count(*) filter (where sell_type_id = 2)::int as rents,
             count(*) filter (where sell_type_id = 2 and contract_type_id is not null and pets_allowed is not null)::int as said,
             count(distinct contract_type_id) filter (where sell_type_id = 2)::int as contracts,
             count(*) filter (where sell_type_id = 2 and pets_allowed)::int as pets,
             count(*) filter (where sell_type_id = 1 and (contract_type_id is not null or pets_allowed is not null))::int as sales_with_terms,
             count(distinct furnishing_id) filter (where sell_type_id = 2)::int as furnishings
        from properties p join users u on u.id = p.owner_user_id where u.email like '%@${SYNTHETIC_EMAIL_DOMAIN}'`);
    const r = rows[0];
    expect(r.said).toBe(r.rents);
    expect(r.contracts).toBe(4);
    expect(r.furnishings).toBe(4);
    expect(Number(r.pets) / Number(r.rents)).toBeGreaterThan(0.2);
    expect(Number(r.pets) / Number(r.rents)).toBeLessThan(0.6);
    expect(r.sales_with_terms).toBe(0);
    const retired = await sql(`select count(*)::int as n from property_amenities where amenity_id in (20, 23)`);
    expect(retired.rows[0].n).toBe(0);
  });

  it('gives each certified class an index within its range, and no new build a class F or G', async () => {
    const { rows } = await sql(`
      select energy_class_id as class, min(energy_performance)::float as lo, max(energy_performance)::float as hi,
             count(*) filter (where energy_performance is null)::int as missing,
             count(*) filter (where condition_id = 1 and energy_class_id in (9, 10))::int as new_in_f_or_g
        from properties p join users u on u.id = p.owner_user_id where u.email like '%@${SYNTHETIC_EMAIL_DOMAIN}'
       group by energy_class_id`);
    for (const r of rows as Array<{
      class: number;
      lo: number | null;
      hi: number | null;
      missing: number;
      new_in_f_or_g: number;
    }>) {
      expect(r.new_in_f_or_g).toBe(0);
      if (r.class > 10) continue;
      expect(r.missing).toBe(0);
      expect(r.lo!).toBeGreaterThanOrEqual(ENERGY_INDEX_RANGES[r.class - 1]![0]);
      expect(r.hi!).toBeLessThanOrEqual(ENERGY_INDEX_RANGES[r.class - 1]![1]);
    }
  });

  it('spreads the listings by population: Roma has many, a small town few', async () => {
    const { rows } = await sql(
      `select municipality_id as id, count(*)::int as n from properties where status_id = 2 group by 1`,
    );
    const byTown = new Map(rows.map((row) => [Number(row.id), Number(row.n)]));
    const roma = byTown.get(58091) ?? 0;
    const milano = byTown.get(15146) ?? 0;
    // Roma holds about 4.6 % of Italy's population: ~90 of 2000.
    expect(roma).toBeGreaterThan(50);
    expect(roma).toBeLessThan(140);
    expect(milano).toBeGreaterThan(20);
    expect(roma).toBeGreaterThan(milano);
    const small = await sql(
      `select id from municipalities where population between 500 and 1500 and latitude is not null`,
    );
    const inSmall = small.rows.reduce((sum, row) => sum + (byTown.get(Number(row.id)) ?? 0), 0);
    // Many small towns, but each gets at most a couple.
    expect(Math.max(...small.rows.map((row) => byTown.get(Number(row.id)) ?? 0))).toBeLessThan(5);
    expect(inSmall).toBeLessThan(roma * 3);
  });

  it('prices homes per m² within the town OMI range (± 15 %)', async () => {
    const omi = readOmi(DEFAULT_OMI_CSV);
    const { rows } = await sql(
      `select municipality_id as id, sell_type_id as sell, price, surface_m2 as surface from properties where status_id = 2 and property_type_id = any($1::int2[])`,
      [HOME_TYPES],
    );
    let checked = 0;
    for (const row of rows) {
      const range = omi.get(Number(row.id));
      if (!range) continue;
      const perM2 = Number(row.price) / Number(row.surface);
      const [min, max] = Number(row.sell) === 1 ? [range.saleMin, range.saleMax] : [range.rentMin, range.rentMax];
      // Rounding (to 500 € / 10 €) moves small prices more: a margin of 15 % and a little more for tiny rents.
      expect(perM2).toBeGreaterThanOrEqual(min * 0.85 - (Number(row.sell) === 2 ? 10 / Number(row.surface) : 0));
      expect(perM2).toBeLessThanOrEqual(max * 1.15 + (Number(row.sell) === 2 ? 10 / Number(row.surface) : 0));
      checked++;
    }
    expect(checked).toBeGreaterThan(N * 0.5);
  });

  it('is deterministic with a seed and --reset removes the synthetic rows', async () => {
    const before = await sql(
      `select md5(string_agg(concat_ws('|', municipality_id, price, latitude, longitude, title), ',' order by id)) as h from properties where status_id = 2`,
    );
    await generateSynthetic(testDb.database, {
      listings: N,
      seed: 7,
      reset: true,
      epoch: new Date('2026-01-01T00:00:00Z'),
    });
    const after = await sql(
      `select md5(string_agg(concat_ws('|', municipality_id, price, latitude, longitude, title), ',' order by id)) as h from properties where status_id = 2`,
    );
    expect(after.rows[0].h).toBe(before.rows[0].h);
    expect(await countSynthetic(testDb.database)).toBe(N);
    await resetSynthetic(testDb.database);
    expect(await countSynthetic(testDb.database)).toBe(0);
    const users = await sql(`select count(*)::int as n from users where email like '%@${SYNTHETIC_EMAIL_DOMAIN}'`);
    expect(users.rows[0].n).toBe(0);
  });
});
