import { timestamp } from 'drizzle-orm/pg-core';

// Every timestamp is stored with its time zone and read as a JS Date.
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
