import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../database';
import * as schema from '../schema';
import lists from './data/reference-lists.json';

/** Bump when reference-lists.json changes: the lists are upserted again at the next start. */
export const REFERENCE_SEED_VERSION = '2025-06-01.2';

type ListName = keyof typeof lists;

const TABLES: Record<ListName, PgTable> = {
  userTypes: schema.userTypes,
  propertyTypes: schema.propertyTypes,
  searchSlugTypes: schema.searchSlugTypes,
  roomTypes: schema.roomTypes,
  amenities: schema.amenities,
  mediaTypes: schema.mediaTypes,
  documentKinds: schema.documentKinds,
  serviceProducts: schema.serviceProducts,
  planTypes: schema.planTypes,
  propertyStatuses: schema.propertyStatuses,
  sellTypes: schema.sellTypes,
  energyClasses: schema.energyClasses,
  heatingTypes: schema.heatingTypes,
  propertyConditions: schema.propertyConditions,
  occupancySituations: schema.occupancySituations,
  furnishingTypes: schema.furnishingTypes,
  appointmentStatuses: schema.appointmentStatuses,
  appointmentRefusalReasons: schema.appointmentRefusalReasons,
  searchTypes: schema.searchTypes,
  uploadStatuses: schema.uploadStatuses,
};

/** `SET col = excluded.col` for every column but the key, so labels follow the JSON. */
export function upsertSet(table: PgTable, keys: readonly string[], except: readonly string[] = ['id']) {
  const columns = getTableColumns(table);
  const set: Record<string, SQL> = {};
  for (const key of keys) {
    if (except.includes(key)) continue;
    const column = columns[key];
    if (!column) throw new Error(`No column ${key} on ${String(table)}`);
    set[key] = sql.raw(`excluded."${column.name}"`);
  }
  return set;
}

export async function seedReferenceLists(tx: Tx): Promise<string> {
  let total = 0;
  for (const name of Object.keys(TABLES) as ListName[]) {
    const table = TABLES[name];
    const rows = (lists[name] as Record<string, unknown>[]).map((row, index) => ({ position: index + 1, ...row }));
    const keys = Object.keys(rows[0]);
    const id = getTableColumns(table).id;
    // The table type is erased by the lookup above; the JSON shape is checked by the reference test.
    await tx
      .insert(table)
      .values(rows as PgTable['$inferInsert'][])
      .onConflictDoUpdate({ target: id, set: upsertSet(table, keys) });
    total += rows.length;
  }
  return `${total} rows in ${Object.keys(TABLES).length} lists`;
}

export { lists as referenceLists };
