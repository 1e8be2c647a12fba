import { relations } from 'drizzle-orm';
import { index, integer, pgTable, smallint, text, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { documentKinds } from './reference-lists';

/** Downloadable documents (/api/Download/List, /api/Download/Get/{id}): terms, guides ... */
export const documents = pgTable(
  'documents',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    kindId: smallint('kind_id')
      .notNull()
      .references(() => documentKinds.id),
    title: varchar('title', { length: 200 }).notNull(),
    description: text('description'),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    contentType: varchar('content_type', { length: 100 }).notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    storageKey: varchar('storage_key', { length: 512 }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('documents_kind_idx').on(t.kindId)],
);

export const documentsRelations = relations(documents, ({ one }) => ({
  kind: one(documentKinds, { fields: [documents.kindId], references: [documentKinds.id] }),
}));
