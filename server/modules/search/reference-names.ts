import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { energyClasses, municipalities, propertyTypes, provinces } from '../../db/schema';

/**
 * The names a result card shows for the reference ids of a listing (its type, its town and the town's
 * province, its energy class), read once per process from the reference tables the seed writes and
 * nothing changes while the server runs. A page's statement sends the ids: looking the names up for 21
 * rows in the database cost it more (four subqueries a row) than the rest of the rows together.
 */
export interface ReferenceNames {
  propertyType(id: number | null): string | null;
  town(id: number | null): { name: string; province: string | null } | null;
  energyClass(id: number | null): string | null;
}

const loaded = new WeakMap<object, Promise<ReferenceNames>>();

export function referenceNames(db: Db): Promise<ReferenceNames> {
  let names = loaded.get(db);
  if (!names) {
    names = load(db);
    loaded.set(db, names);
    // A failed read is tried again by the next search.
    names.catch(() => loaded.delete(db));
  }
  return names;
}

async function load(db: Db): Promise<ReferenceNames> {
  const [types, towns, classes] = await Promise.all([
    db.select({ id: propertyTypes.id, name: propertyTypes.name }).from(propertyTypes),
    db
      .select({ id: municipalities.id, name: municipalities.name, province: provinces.sigla })
      .from(municipalities)
      .leftJoin(provinces, eq(provinces.id, municipalities.provinceId)),
    db.select({ id: energyClasses.id, code: energyClasses.code }).from(energyClasses),
  ]);
  const typeNames = new Map(types.map((t) => [t.id, t.name]));
  const townNames = new Map(towns.map((t) => [t.id, { name: t.name, province: t.province }]));
  const classCodes = new Map(classes.map((c) => [c.id, c.code]));
  return {
    propertyType: (id) => (id === null ? null : (typeNames.get(id) ?? null)),
    town: (id) => (id === null ? null : (townNames.get(id) ?? null)),
    energyClass: (id) => (id === null ? null : (classCodes.get(id) ?? null)),
  };
}
