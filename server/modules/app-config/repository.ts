import { asc, gt } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { userTypes } from '../../db/schema';

/** The home types a visitor chooses from (spec: UserTypes without 0, undefined), in their order. */
export async function listHomeTypes(db: Db): Promise<{ Id: number; Name: string }[]> {
  return db
    .select({ Id: userTypes.id, Name: userTypes.name })
    .from(userTypes)
    .where(gt(userTypes.id, 0))
    .orderBy(asc(userTypes.position), asc(userTypes.id));
}
