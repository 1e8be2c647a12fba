import { sql } from 'drizzle-orm';
import { properties } from '../../db/schema';

// SQL expressions over `properties` and value helpers that several parts of the search share (filters,
// sort keys, the listing's row, the markers).

/**
 * Columns of the outer `properties` row inside correlated subqueries, always qualified:
 * Drizzle leaves the columns of a single-table select unqualified, and an unqualified "id"
 * inside `exists (select 1 from media ...)` would be media's own.
 */
export const outer = {
  id: sql.raw('"properties"."id"'),
  municipalityId: sql.raw('"properties"."municipality_id"'),
  propertyTypeId: sql.raw('"properties"."property_type_id"'),
  publicationPropertyTypeId: sql.raw('"properties"."publication_property_type_id"'),
  energyClassId: sql.raw('"properties"."energy_class_id"'),
  agencyId: sql.raw('"properties"."agency_id"'),
  geo: sql.raw('"properties"."geo"'),
};

/** The type the listing is published as (the wizard's publication type wins over the plain one). */
export const listingType = sql<number>`coalesce(${properties.publicationPropertyTypeId}, ${properties.propertyTypeId})`;

/** The listing is highlighted now (the first key of the relevance sort, and the card's flag). */
export const isHighlighted = sql<boolean>`coalesce(${properties.highlightedUntil} > now(), false)`;

/** Positions as the public sees them: rounded to ~100 m when the address is hidden. */
export const shownLatitude = sql<number>`case when ${properties.showAddress} then ${properties.latitude} else round(${properties.latitude}::numeric, 3)::float8 end`;
export const shownLongitude = sql<number>`case when ${properties.showAddress} then ${properties.longitude} else round(${properties.longitude}::numeric, 3)::float8 end`;

/** The listing's text search query of the words typed (PostgreSQL's `italian` configuration, as search_vector is built). */
export const textQuery = (text: string) => sql`websearch_to_tsquery('italian', ${cleanText(text)})`;

/** Control characters (a NUL byte PostgreSQL refuses in text) read as spaces. */
export function cleanText(value: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what this removes
  return value.replace(/[\u0000-\u001f\u007f]/g, ' ');
}

export function nullableNumber(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value);
}
