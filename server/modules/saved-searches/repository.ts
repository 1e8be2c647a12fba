import { and, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { parseSearchParams, SEARCH_TYPE_ID, type AlertFrequency, type SearchParams } from '@domain/search';
import type { Db, Tx } from '../../db/database';
import {
  agencies,
  districts,
  municipalities,
  propertyTypes,
  provinces,
  regions,
  savedSearches,
  users,
} from '../../db/schema';
import { summarize, type SummaryNames } from './summary';

// The saved searches of /myrexer/ricerche: every read and write is scoped to the owner.

export type SavedSearchRow = typeof savedSearches.$inferSelect;

/** A user keeps at most this many saved searches (SavedSearchLimitReached). */
export const SAVED_SEARCH_LIMIT = 50;

/**
 * The search type a saved search stores (search_types reference list). A free search (the
 * default: everything, or text) has no entry of its own: it is stored as `place` (3), the
 * type of a search by what was typed; the criteria keep no SearchType, so it runs as free.
 */
export function searchTypeIdOf(params: SearchParams): number {
  return params.SearchType === 'free' ? SEARCH_TYPE_ID.place : SEARCH_TYPE_ID[params.SearchType];
}

export async function listSavedSearches(db: Db, userId: number): Promise<SavedSearchRow[]> {
  return db.select().from(savedSearches).where(eq(savedSearches.userId, userId)).orderBy(desc(savedSearches.id));
}

export async function findSavedSearch(db: Db, id: number, userId?: number): Promise<SavedSearchRow | undefined> {
  const [row] = await db
    .select()
    .from(savedSearches)
    .where(
      userId === undefined ? eq(savedSearches.id, id) : and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)),
    )
    .limit(1);
  return row;
}

export async function countSavedSearches(db: Db | Tx, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(savedSearches).where(eq(savedSearches.userId, userId));
  return row?.n ?? 0;
}

/** Saves a search within the user's limit ('limit' when it is reached). */
export async function createSavedSearch(
  db: Db,
  input: {
    userId: number;
    name: string;
    frequency: AlertFrequency;
    params: SearchParams;
    criteria: Record<string, string>;
    now: Date;
  },
): Promise<SavedSearchRow | 'limit'> {
  // The user's row is locked for the count and the insert: concurrent saves on any number of
  // servers cannot pass the limit.
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId)).for('update');
    if ((await countSavedSearches(tx, input.userId)) >= SAVED_SEARCH_LIMIT) return 'limit';
    const [row] = await tx
      .insert(savedSearches)
      .values({
        userId: input.userId,
        name: input.name,
        frequency: input.frequency,
        searchTypeId: searchTypeIdOf(input.params),
        sellTypeId: input.params.SellType,
        criteria: input.criteria,
        // Only listings published (or reduced) after the search was saved alert it.
        alertsCheckedAt: input.now,
        createdAt: input.now,
        updatedAt: input.now,
      })
      .returning();
    return row!;
  });
}

export async function updateSavedSearch(
  db: Db,
  id: number,
  userId: number,
  changes: { name?: string; frequency?: AlertFrequency; alertsEnabled?: boolean },
  now: Date,
): Promise<SavedSearchRow | undefined> {
  const [row] = await db
    .update(savedSearches)
    .set({ ...changes, updatedAt: now })
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning();
  return row;
}

export async function deleteSavedSearch(db: Db, id: number, userId: number): Promise<SavedSearchRow | undefined> {
  const [row] = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning();
  return row;
}

/** The search of stored criteria (they were valid when saved; what no longer parses is left out). */
export function paramsOf(criteria: Record<string, string>): SearchParams {
  return parseSearchParams(criteria).params;
}

/** The names of the places, agency and property types the searches refer to, for their summaries. */
export async function summaryNames(db: Db, searches: SearchParams[]): Promise<Map<SearchParams, SummaryNames>> {
  const towns = [...new Set(searches.flatMap((p) => (p.SearchType === 'town' && p.Town ? [p.Town] : [])))];
  const provinceKeys = [
    ...new Set(searches.flatMap((p) => (p.SearchType === 'province' && p.Province ? [p.Province] : []))),
  ];
  const regionSlugs = [...new Set(searches.flatMap((p) => (p.SearchType === 'region' && p.Region ? [p.Region] : [])))];
  const districtIds = [
    ...new Set(searches.flatMap((p) => (p.SearchType === 'district' && p.District ? [p.District] : []))),
  ];
  const agencyIds = [...new Set(searches.flatMap((p) => (p.SearchType === 'agency' && p.Agency ? [p.Agency] : [])))];
  const typeIds = [...new Set(searches.flatMap((p) => (p.Type ? [] : (p.PropertyTypes ?? []))))];
  const [townRows, provinceRows, regionRows, districtRows, agencyRows, typeRows] = await Promise.all([
    towns.length
      ? db
          .select({ key: municipalities.istatCode, name: municipalities.name })
          .from(municipalities)
          .where(inArray(municipalities.istatCode, towns))
      : [],
    provinceKeys.length
      ? db
          .select({ slug: provinces.slug, sigla: provinces.sigla, name: provinces.name })
          .from(provinces)
          .where(
            or(
              inArray(
                provinces.slug,
                provinceKeys.map((k) => k.toLowerCase()),
              ),
              inArray(
                sql`upper(${provinces.sigla})`,
                provinceKeys.map((k) => k.toUpperCase()),
              ),
            ),
          )
      : [],
    regionSlugs.length
      ? db.select({ key: regions.slug, name: regions.name }).from(regions).where(inArray(regions.slug, regionSlugs))
      : [],
    districtIds.length
      ? db.select({ key: districts.id, name: districts.name }).from(districts).where(inArray(districts.id, districtIds))
      : [],
    agencyIds.length
      ? db.select({ key: agencies.id, name: agencies.name }).from(agencies).where(inArray(agencies.id, agencyIds))
      : [],
    typeIds.length
      ? db
          .select({ key: propertyTypes.id, name: propertyTypes.pluralName })
          .from(propertyTypes)
          .where(inArray(propertyTypes.id, typeIds))
      : [],
  ]);
  const town = new Map(townRows.map((r) => [r.key, r.name]));
  const region = new Map(regionRows.map((r) => [r.key, r.name]));
  const district = new Map(districtRows.map((r) => [r.key, r.name]));
  const agency = new Map(agencyRows.map((r) => [r.key, r.name]));
  const type = new Map(typeRows.map((r) => [r.key, r.name]));
  const province = (key: string) =>
    provinceRows.find((r) => r.slug === key.toLowerCase() || r.sigla.toUpperCase() === key.toUpperCase())?.name;
  return new Map(
    searches.map((p) => [
      p,
      {
        town: p.Town ? town.get(p.Town) : undefined,
        province: p.Province ? province(p.Province) : undefined,
        region: p.Region ? region.get(p.Region) : undefined,
        district: p.District ? district.get(p.District) : undefined,
        agency: p.Agency ? agency.get(p.Agency) : undefined,
        propertyTypes: p.PropertyTypes?.flatMap((id) => type.get(id) ?? []),
      },
    ]),
  );
}

/** The summaries of searches, read with one query per kind of name. */
export async function summariesOf(db: Db, searches: SearchParams[]): Promise<string[]> {
  const names = await summaryNames(db, searches);
  return searches.map((p) => summarize(p, names.get(p)));
}
