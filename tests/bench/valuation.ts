/**
 * Bench section `valuation` (`npm run bench -- valuation`, also in the default run): how close
 * the valuation (domain/valuation/estimator.ts over server/modules/valuation/repository.ts) comes
 * to the asking prices of listings it did not see, and whether its standard estimates fall
 * inside the OMI ranges of the demo towns.
 *
 * BOTH FIGURES ARE MEASURED ON GENERATED DATA: the synthetic listings of scripts/db-synthetic.ts,
 * whose prices are themselves drawn from the OMI ranges (a position in the town's range set by
 * the condition, nothing else). They say that the method finds and combines its comparables as
 * designed; they say nothing about real Italian prices.
 *
 * (a) Held-out listings: a deterministic sample of published homes (flats and houses), sale and
 *     rent; each is valued from the others (the same query and estimator as POST /api/Valuation,
 *     with the listing itself excluded) and compared to its asking price: the median absolute
 *     percentage error (MdAPE), the share of asking prices inside the range, the share answered
 *     "no comparables" (step 40). Each with every adjustment (what the API does), with the
 *     condition alone, and with none: the generator prices by condition only, so the floor and
 *     energy adjustments can only add noise here.
 * (b) OMI: in each of the 11 demo towns, a standard flat (80 m², good condition, first floor
 *     with a lift, class D: every factor 1) valued at 10 points around the centre, within half
 *     the synthetic scatter radius; the share whose €/m² falls inside the town's OMI range
 *     (scripts/data/omi, read with db-synthetic's readOmi; bench only, never by the server).
 *
 * Data sets: PGlite with 10,000 synthetic listings (a temporary data folder, as the search
 * section builds it), and the PostgreSQL database rexer_bench (1M listings, filled by the
 * search section) when it answers: opened READ-ONLY (default_transaction_read_only), no
 * migration run, nothing written. Settings: BENCH_VALUATION_SAMPLE (300 sale + a third as
 * many rent per data set), BENCH_VALUATION_PGLITE_LISTINGS (10000), BENCH_SEARCH_DATABASE_URL.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { valuate, type SellKind, type ValuationSubject } from '@domain/valuation/estimator';
import { openDatabase, type Db } from '../../server/db/database';
import * as schema from '../../server/db/schema';
import { DEMO_CITIES } from '../../server/db/seed/listings';
import { candidatesFor } from '../../server/modules/valuation/repository';
import { LocalFileStorage } from '../../server/storage/file-storage';
import { createRandom, DEFAULT_OMI_CSV, generateSynthetic, readOmi, townRadiusM } from '../../scripts/db-synthetic';

const SAMPLE = Number(process.env.BENCH_VALUATION_SAMPLE ?? 300);
const PGLITE_LISTINGS = Number(process.env.BENCH_VALUATION_PGLITE_LISTINGS ?? 10_000);
/** rexer_bench counts only with at least this many published listings (else it is not the 1M set). */
const PG_MIN_LISTINGS = 100_000;
const SEED = 1;
const HOME_TYPES = [1, 2, 3, 5, 6, 8, 9, 15, 18];
const POINTS_PER_TOWN = 10;

type Query = (text: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

interface BenchData {
  label: string;
  db: Db;
  query: Query;
}

const VARIANTS = {
  all: { condition: true, floor: true, energy: true },
  condition: { condition: true, floor: false, energy: false },
  none: { condition: false, floor: false, energy: false },
} as const;
type Variant = keyof typeof VARIANTS;

interface Tally {
  n: number;
  answered: number;
  apes: number[];
  inRange: number;
}

const emptyTally = (): Tally => ({ n: 0, answered: 0, apes: [], inRange: 0 });

function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

const pct = (part: number, whole: number) => (whole === 0 ? 'n/a' : `${((100 * part) / whole).toFixed(1)} %`);

/** A deterministic sample of published homes of one sell type: random ids between the smallest and the largest. */
async function sampleListings(b: BenchData, sellTypeId: number, size: number) {
  const [range] = await b.query(
    'select min(id)::int as lo, max(id)::int as hi from properties where status_id = 2',
    [],
  );
  const lo = Number(range.lo);
  const hi = Number(range.hi);
  const r = createRandom(SEED * 7919 + sellTypeId);
  const picked: Record<string, unknown>[] = [];
  const seen = new Set<number>();
  for (let round = 0; round < 20 && picked.length < size; round++) {
    const ids = Array.from({ length: size * 4 }, () => r.int(lo, hi)).filter((id) => !seen.has(id));
    ids.forEach((id) => seen.add(id));
    const rows = await b.query(
      `select id, latitude, longitude, property_type_id, surface_m2, price, condition_id, floor, has_lift, energy_class_id
         from properties
        where id = any($1::int[]) and status_id = 2 and sell_type_id = $2 and property_type_id = any($3::int[])
          and surface_m2 > 0 and price > 0 and condition_id is not null and latitude is not null
        order by id`,
      [ids, sellTypeId, HOME_TYPES],
    );
    picked.push(...rows);
  }
  return picked.slice(0, size);
}

async function heldOut(b: BenchData, sellKind: SellKind, size: number, now: Date) {
  const rows = await sampleListings(b, sellKind === 'sale' ? 1 : 2, size);
  const tallies: Record<Variant, Tally> = { all: emptyTally(), condition: emptyTally(), none: emptyTally() };
  const radii: number[] = [];
  const t0 = performance.now();
  for (const row of rows) {
    const subject: ValuationSubject = {
      sellKind,
      latitude: Number(row.latitude),
      longitude: Number(row.longitude),
      propertyTypeId: Number(row.property_type_id),
      surfaceM2: Number(row.surface_m2),
      conditionId: Number(row.condition_id),
      floor: row.floor === null ? null : Number(row.floor),
      hasLift: row.has_lift === null ? null : Boolean(row.has_lift),
      energyClassId: row.energy_class_id === null ? null : Number(row.energy_class_id),
    };
    const price = Number(row.price);
    const candidates = await candidatesFor(b.db, subject, now, { excludeId: Number(row.id) });
    for (const variant of Object.keys(VARIANTS) as Variant[]) {
      const v = valuate(subject, candidates, { now, adjustments: VARIANTS[variant] });
      const t = tallies[variant];
      t.n++;
      if (variant === 'all') radii.push(v.radiusM);
      if (v.outcome !== 'estimate') continue;
      t.answered++;
      t.apes.push(Math.abs(v.estimate.point - price) / price);
      if (price >= v.estimate.low && price <= v.estimate.high) t.inRange++;
    }
  }
  const ms = (performance.now() - t0) / Math.max(1, rows.length);
  console.log(
    `  ${sellKind === 'sale' ? 'sale' : 'rent'}: ${rows.length} held-out published homes, ${ms.toFixed(1)} ms a valuation (query + estimator), median radius ${median(radii)} m`,
  );
  for (const variant of Object.keys(VARIANTS) as Variant[]) {
    const t = tallies[variant];
    const label = { all: 'every adjustment (the API)', condition: 'condition only', none: 'no adjustment' }[variant];
    console.log(
      `    ${label.padEnd(28)} MdAPE ${(100 * median(t.apes)).toFixed(1).padStart(5)} %   asking price inside the range ${pct(t.inRange, t.answered).padStart(7)}   estimated ${pct(t.answered, t.n).padStart(7)} (no comparables ${t.n - t.answered})`,
    );
  }
}

async function omiShare(b: BenchData, now: Date) {
  const omi = readOmi(DEFAULT_OMI_CSV);
  const ids = DEMO_CITIES.map((city) => Number(city.istat));
  const towns = await b.query(
    'select id, name, latitude, longitude, coalesce(population, 500) as population from municipalities where id = any($1::int[]) order by id',
    [ids],
  );
  const r = createRandom(SEED * 104_729);
  const totals = { sale: { n: 0, estimated: 0, inside: 0 }, rent: { n: 0, estimated: 0, inside: 0 } };
  const lines: string[] = [];
  for (const town of towns) {
    const range = omi.get(Number(town.id));
    if (!range) {
      lines.push(`    ${String(town.name).padEnd(8)} no OMI range in the file`);
      continue;
    }
    const radius = townRadiusM(Number(town.population)) / 2;
    const perTown = { sale: { n: 0, estimated: 0, inside: 0 }, rent: { n: 0, estimated: 0, inside: 0 } };
    for (let i = 0; i < POINTS_PER_TOWN; i++) {
      const distance = radius * Math.sqrt(r.next());
      const bearing = r.next() * 2 * Math.PI;
      const latitude = Number(town.latitude) + (distance * Math.cos(bearing)) / 111_320;
      const longitude =
        Number(town.longitude) +
        (distance * Math.sin(bearing)) / (111_320 * Math.cos((Number(town.latitude) * Math.PI) / 180));
      for (const sellKind of ['sale', 'rent'] as const) {
        const subject: ValuationSubject = {
          sellKind,
          latitude,
          longitude,
          propertyTypeId: 1,
          surfaceM2: 80,
          conditionId: 3,
          floor: 1,
          hasLift: true,
          energyClassId: 7,
        };
        const v = valuate(subject, await candidatesFor(b.db, subject, now), { now });
        const t = perTown[sellKind];
        t.n++;
        if (v.outcome !== 'estimate') continue;
        t.estimated++;
        const [lo, hi] = sellKind === 'sale' ? [range.saleMin, range.saleMax] : [range.rentMin, range.rentMax];
        if (v.estimate.pricePerSqm >= lo && v.estimate.pricePerSqm <= hi) t.inside++;
      }
    }
    for (const kind of ['sale', 'rent'] as const) {
      totals[kind].n += perTown[kind].n;
      totals[kind].estimated += perTown[kind].estimated;
      totals[kind].inside += perTown[kind].inside;
    }
    lines.push(
      `    ${String(town.name).padEnd(8)} OMI sale ${range.saleMin}-${range.saleMax} €/m²: inside ${perTown.sale.inside}/${perTown.sale.estimated} estimates (${perTown.sale.n - perTown.sale.estimated} no comparables);` +
        `  rent ${range.rentMin}-${range.rentMax} €/m² a month: inside ${perTown.rent.inside}/${perTown.rent.estimated} (${perTown.rent.n - perTown.rent.estimated} no comparables)`,
    );
  }
  console.log(
    `  standard flat (80 m², good, 1st floor with lift, class D) at ${POINTS_PER_TOWN} points in each demo town: €/m² inside the town's OMI range ` +
      `sale ${pct(totals.sale.inside, totals.sale.estimated)} of ${totals.sale.estimated} estimates, rent ${pct(totals.rent.inside, totals.rent.estimated)} of ${totals.rent.estimated}`,
  );
  for (const line of lines) console.log(line);
  console.log(
    '    OMI ranges: Agenzia Entrate - OMI, semester 2018/2 (abitazioni civili, stato normale; scripts/data/omi)',
  );
}

async function measure(b: BenchData) {
  const now = new Date();
  console.log(`\n${b.label}`);
  const saleSample = SAMPLE;
  const rentSample = Math.max(1, Math.round(SAMPLE / 3));
  await heldOut(b, 'sale', saleSample, now);
  await heldOut(b, 'rent', rentSample, now);
  await omiShare(b, now);
}

function benchPostgresUrl(): string {
  if (process.env.BENCH_SEARCH_DATABASE_URL) return process.env.BENCH_SEARCH_DATABASE_URL;
  const base = process.env.TEST_POSTGRES_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
  const u = new URL(base);
  u.pathname = '/rexer_bench';
  return u.toString();
}

export async function benchValuation() {
  const started = performance.now();
  console.log(
    'MEASURED ON GENERATED DATA: the synthetic listings of scripts/db-synthetic.ts, whose prices are drawn from the OMI ranges by condition alone;',
  );
  console.log(
    'the figures check the method against its own generator (and the OMI share is near-circular), not against real Italian prices.',
  );
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'rexer-bench-valuation-'));
  try {
    const database = await openDatabase({
      dataDir,
      seed: 'reference',
      storage: new LocalFileStorage(path.join(dataDir, 'storage')),
    });
    try {
      await generateSynthetic(database, { listings: PGLITE_LISTINGS, seed: SEED, log: () => {} });
      await measure({
        label: `PGlite, ${PGLITE_LISTINGS.toLocaleString('en')} synthetic listings`,
        db: database.db,
        query: async (text, params) => (await database.executeSql(text, params)).rows,
      });
    } finally {
      await database.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }

  const url = benchPostgresUrl();
  const shown = url.replace(/\/\/[^@]*@/, '//');
  // Read-only: another engineer benches this database; nothing here writes to it.
  const pool = new pg.Pool({
    connectionString: url,
    max: 2,
    connectionTimeoutMillis: 2000,
    options: '-c default_transaction_read_only=on',
  });
  pool.on('error', () => {});
  try {
    let published: number;
    try {
      published = Number((await pool.query(`select count(*)::int as n from properties where status_id = 2`)).rows[0].n);
    } catch (error) {
      console.log(
        `\nPostgreSQL: skipped, ${shown} does not answer (${error instanceof Error ? error.message : String(error)})`,
      );
      return;
    }
    if (published < PG_MIN_LISTINGS) {
      console.log(
        `\nPostgreSQL: skipped, ${shown} holds ${published.toLocaleString('en')} published listings (fill it with npm run bench -- search)`,
      );
      return;
    }
    const db = drizzleNodePg({ client: pool, schema }) as unknown as Db;
    await measure({
      label: `PostgreSQL ${shown} (read-only), ${published.toLocaleString('en')} published listings`,
      db,
      query: async (text, params) => (await pool.query(text, params)).rows as Record<string, unknown>[],
    });
  } finally {
    await pool.end();
    console.log(`\nvaluation section: ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
}
