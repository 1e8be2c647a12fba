import { sql, type SQL } from 'drizzle-orm';
import type { Bounds, LatLng } from '@domain/search';
import { properties } from '../../db/schema';
import { planarCircle, toPgBox } from './geometry';

// An area (a circle, a polygon, a box) as a condition on the listings, in two forms: over the GiST indexes
// of `properties` (within*), and as the functions behind the operators on any `geo` column (walk*), which
// no GiST takes, for the walks of a sort's btree (page-plan.ts) and the border of the cells (cells.ts).

/**
 * The centre's position on earthdistance's sphere, computed once per statement (a scalar subquery is an
 * InitPlan): with the centre a parameter, a generic plan (the search's named statements) would call
 * ll_to_earth for every tuple it tests, ~10 µs each.
 */
const centreOf = (center: LatLng) => sql`(select ll_to_earth(${center.latitude}::float8, ${center.longitude}::float8))`;

/**
 * The circle condition in exactly the form of the index properties_earth_gist (its
 * expression and its partial predicate), then the exact distance.
 */
export function withinCircle(center: LatLng, radiusM: number): SQL {
  const here = centreOf(center);
  // The public position (geo: rounded when the address is hidden), as the index has it.
  const position = sql`ll_to_earth((${properties.geo})[1], (${properties.geo})[0])`;
  return sql`(${properties.latitude} is not null and ${properties.longitude} is not null and earth_box(${here}, ${radiusM}::float8) @> ${position} and earth_distance(${here}, ${position}) <= ${radiusM}::float8)`;
}

/** point <@ polygon over properties_geo_gist. */
export function withinPolygon(pgPolygon: string): SQL {
  return sql`${properties.geo} <@ ${pgPolygon}::polygon`;
}

/** point <@ box over properties_geo_gist. */
export function withinBounds(b: Bounds): SQL {
  return sql`${properties.geo} <@ ${toPgBox(b)}::box`;
}

// The same three conditions on any `geo` column, written as the functions behind the operators
// (on_pb is `point <@ box`, pt_contained_poly `point <@ polygon`, cube_contains cube's `@>`): the same
// answers, but no GiST can take them, so a query that sorts by a btree reads that btree.
//
// A circle read outside its GiST (a walk, the border of the cells) would compute the position's cube for every
// tuple (ll_to_earth, an SQL function PostgreSQL cannot inline: three cubes and the earth domain's checks, ~10 µs,
// and its body parsed and planned at its first call in each statement). Cheaper tests decide all but a
// centimetre around the circle, which the exact condition decides, so the answer is the same:
//  - the flat distance on the plane tangent at the centre (planarCircle, geometry.ts: a few
//    multiplications, no trigonometry and no pow()), for all but a band of a metre or so (a 2 km circle);
//  - in that band, and where the plane does not serve (near a pole, across ±180°), the haversine on the
//    same sphere (earth() = 6,378,168 m), the same distance up to ~1e-9 m: a band of a centimetre. (Hidden
//    addresses share positions rounded to 0.001°, so a metre's band holds a few of them in most circles.)
export const walkCircle = (center: LatLng, radiusM: number) => (geo: SQL) => {
  const here = centreOf(center);
  const position = sql`ll_to_earth((${geo})[1], (${geo})[0])`;
  const lat = center.latitude;
  const haversine = sql`(12756336 * asin(least(1, sqrt(sin(radians(((${geo})[1] - ${lat}::float8) / 2)) ^ 2 + ${Math.cos((lat * Math.PI) / 180)}::float8 * cos(radians((${geo})[1])) * sin(radians(((${geo})[0] - ${center.longitude}::float8) / 2)) ^ 2))))`;
  const plane = planarCircle(center, radiusM);
  const flat = plane
    ? (() => {
        const dy = sql`(((${geo})[1] - ${plane.latitude}::float8) * ${plane.kLat}::float8)`;
        const dx = sql`(((${geo})[0] - ${plane.longitude}::float8) * ${plane.kLng}::float8)`;
        const flat2 = sql`(${dy} * ${dy} + ${dx} * ${dx})`;
        return sql`
    when ${flat2} <= ${plane.inner2}::float8 then true
    when ${flat2} >= ${plane.outer2}::float8 then false`;
      })()
    : sql``;
  return sql`(case when ${geo} is null then false${flat}
    when ${haversine} <= ${radiusM - 0.01}::float8 then true
    when ${haversine} >= ${radiusM + 0.01}::float8 then false
    else cube_contains(earth_box(${here}, ${radiusM}::float8), ${position}) and earth_distance(${here}, ${position}) <= ${radiusM}::float8 end)`;
};
export const walkPolygon = (pgPolygon: string) => (geo: SQL) => sql`pt_contained_poly(${geo}, ${pgPolygon}::polygon)`;
export const walkBounds = (b: Bounds) => (geo: SQL) => sql`on_pb(${geo}, ${toPgBox(b)}::box)`;
