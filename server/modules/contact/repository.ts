import type { Db } from '../../db/database';
import { contactMessages } from '../../db/schema';

export type NewContactMessage = typeof contactMessages.$inferInsert;

/** Stores a message sent from the contact page; answers its id. */
export async function storeContactMessage(db: Db, message: NewContactMessage): Promise<{ id: number }> {
  const [row] = await db.insert(contactMessages).values(message).returning({ id: contactMessages.id });
  return row;
}
