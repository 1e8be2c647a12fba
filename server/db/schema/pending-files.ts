import { index, pgTable, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * A file in storage that no committed row may own yet, or any more (docs/operations.md, "A
 * server is killed"). An upload writes its keys here, commits, then writes the files; the
 * transaction that inserts the media rows deletes them. A deletion writes the keys in the
 * transaction that deletes the rows, deletes the files, then the keys. A server killed in
 * between leaves the keys here, and the housekeeping job deletes the files of keys older
 * than an hour that no row refers to: it never has to list the storage.
 */
export const pendingFiles = pgTable(
  'pending_files',
  {
    storageKey: varchar('storage_key', { length: 512 }).primaryKey(),
    createdAt: createdAt(),
  },
  (t) => [index('pending_files_created_idx').on(t.createdAt)],
);
