import { index, integer, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/** Applications from the 'work with us' modal, with the uploaded CV in FileStorage. */
export const jobApplications = pgTable(
  'job_applications',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: varchar('name', { length: 200 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    message: text('message'),
    cvStorageKey: varchar('cv_storage_key', { length: 512 }).notNull(),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    contentType: varchar('content_type', { length: 100 }).notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('job_applications_created_idx').on(t.createdAt)],
);
