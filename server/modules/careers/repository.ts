import type { Db } from '../../db/database';
import { jobApplications } from '../../db/schema';

export type NewJobApplication = typeof jobApplications.$inferInsert;

/** Stores an application from the careers modal (its CV is already in storage); answers its id. */
export async function storeJobApplication(db: Db, application: NewJobApplication): Promise<{ id: number }> {
  const [row] = await db.insert(jobApplications).values(application).returning({ id: jobApplications.id });
  return row;
}
