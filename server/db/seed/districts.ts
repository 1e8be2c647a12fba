import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Tx } from '../database';
import { districts, municipalities } from '../schema';
import { toSearchName, toSlug } from '../search-text';
import cityData from './data/demo-cities.json';
import extraData from './data/districts.json';

// Districts (quartieri) of the demo cities. No boundary data set can be downloaded here
// (docs/decisions.md, "Districts"): each district is its public centre point, and its area
// is the Voronoi cell of that point among the town's districts, clipped to a circle around
// the town centre (48 vertices) sized by how far the district points spread.

export const DISTRICTS_SEED_VERSION = '2026-11-24.1';

export interface DistrictSite {
  name: string;
  lat: number;
  lng: number;
}

/** Vertices of the town circle; the cells keep its arcs where no neighbour cuts them. */
export const CIRCLE_VERTICES = 48;
/** The circle reaches this far beyond the farthest district point, within [min, max] metres. */
const MARGIN_M = 2500;
const RADIUS_MIN_M = 4000;
const RADIUS_MAX_M = 8000;
const M_PER_DEG = 111_320;

interface XY {
  x: number;
  y: number;
}

/** Keeps the part of a convex polygon where (p - mid)·normal <= 0 (Sutherland-Hodgman, one edge). */
function clipHalfPlane(polygon: XY[], mid: XY, normal: XY): XY[] {
  const side = (p: XY) => (p.x - mid.x) * normal.x + (p.y - mid.y) * normal.y;
  const out: XY[] = [];
  for (let i = 0; i < polygon.length; i++) {
    const a = polygon[i]!;
    const b = polygon[(i + 1) % polygon.length]!;
    const sa = side(a);
    const sb = side(b);
    if (sa <= 0) out.push(a);
    if ((sa < 0 && sb > 0) || (sa > 0 && sb < 0)) {
      const t = sa / (sa - sb);
      out.push({ x: a.x + t * (b.x - a.x), y: a.y + t * (b.y - a.y) });
    }
  }
  return out;
}

export interface DistrictCell {
  name: string;
  latitude: number;
  longitude: number;
  /** [lng, lat] vertices, counter-clockwise. */
  ring: [number, number][];
}

/**
 * The Voronoi cells of the sites clipped to a circle around the centre, in a local
 * equirectangular projection (metres; exact enough within a town).
 */
export function districtCells(
  center: { lat: number; lng: number },
  sites: readonly DistrictSite[],
): { radiusM: number; cells: DistrictCell[] } {
  const cos = Math.cos((center.lat * Math.PI) / 180);
  const toXY = (lat: number, lng: number): XY => ({
    x: (lng - center.lng) * cos * M_PER_DEG,
    y: (lat - center.lat) * M_PER_DEG,
  });
  const toLngLat = (p: XY): [number, number] => [
    round6(center.lng + p.x / (cos * M_PER_DEG)),
    round6(center.lat + p.y / M_PER_DEG),
  ];
  const points = sites.map((s) => toXY(s.lat, s.lng));
  const spread = Math.max(0, ...points.map((p) => Math.hypot(p.x, p.y)));
  const radiusM = Math.min(RADIUS_MAX_M, Math.max(RADIUS_MIN_M, spread + MARGIN_M));
  const circle: XY[] = Array.from({ length: CIRCLE_VERTICES }, (_, i) => {
    const angle = (2 * Math.PI * i) / CIRCLE_VERTICES;
    return { x: radiusM * Math.cos(angle), y: radiusM * Math.sin(angle) };
  });
  const cells = sites.map((site, i) => {
    let cell = circle;
    const own = points[i]!;
    points.forEach((other, j) => {
      if (j === i) return;
      cell = clipHalfPlane(
        cell,
        { x: (own.x + other.x) / 2, y: (own.y + other.y) / 2 },
        { x: other.x - own.x, y: other.y - own.y },
      );
    });
    return { name: site.name, latitude: site.lat, longitude: site.lng, ring: cell.map(toLngLat) };
  });
  return { radiusM, cells };
}

function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/** PostgreSQL polygon text '((lng,lat),...)'. */
export function polygonText(ring: readonly [number, number][]): string {
  return `(${ring.map(([lng, lat]) => `(${lng},${lat})`).join(',')})`;
}

/** The district sites of each demo city: its neighbourhoods, then the extra quartieri (duplicates by slug dropped). */
export function districtSites(): { istat: string; sites: DistrictSite[] }[] {
  const extra = extraData.cities as Record<string, DistrictSite[]>;
  return cityData.cities.map((city) => {
    const seen = new Set<string>();
    const sites: DistrictSite[] = [];
    for (const site of [
      ...city.neighbourhoods.map((n) => ({ name: n.name, lat: n.lat, lng: n.lng })),
      ...(extra[city.istat] ?? []),
    ]) {
      const slug = toSlug(site.name);
      if (seen.has(slug)) continue;
      seen.add(slug);
      sites.push(site);
    }
    return { istat: city.istat, sites };
  });
}

/** Writes the districts of the demo cities: upserted by (town, slug), districts no longer in the data removed. */
export async function seedDistricts(tx: Tx): Promise<string> {
  const cities = districtSites();
  const towns = await tx
    .select({
      id: municipalities.id,
      istat: municipalities.istatCode,
      lat: municipalities.latitude,
      lng: municipalities.longitude,
    })
    .from(municipalities)
    .where(
      inArray(
        municipalities.istatCode,
        cities.map((c) => c.istat),
      ),
    );
  const townByIstat = new Map(towns.map((t) => [t.istat, t]));
  let written = 0;
  for (const city of cities) {
    const town = townByIstat.get(city.istat);
    if (!town || city.sites.length === 0) continue;
    const center =
      town.lat !== null && town.lng !== null
        ? { lat: town.lat, lng: town.lng }
        : {
            lat: city.sites.reduce((s, p) => s + p.lat, 0) / city.sites.length,
            lng: city.sites.reduce((s, p) => s + p.lng, 0) / city.sites.length,
          };
    const { cells } = districtCells(center, city.sites);
    const rows = cells.map((cell) => ({
      municipalityId: town.id,
      name: cell.name,
      slug: toSlug(cell.name),
      searchName: toSearchName(cell.name),
      latitude: cell.latitude,
      longitude: cell.longitude,
      area: polygonText(cell.ring),
    }));
    await tx
      .insert(districts)
      .values(rows)
      .onConflictDoUpdate({
        target: [districts.municipalityId, districts.slug],
        set: {
          name: sql`excluded.name`,
          searchName: sql`excluded.search_name`,
          latitude: sql`excluded.latitude`,
          longitude: sql`excluded.longitude`,
          area: sql`excluded.area`,
        },
      });
    await tx.delete(districts).where(
      and(
        eq(districts.municipalityId, town.id),
        notInArray(
          districts.slug,
          rows.map((r) => r.slug),
        ),
      ),
    );
    written += rows.length;
  }
  return `${written} districts in ${towns.length} towns`;
}
