import { relations } from 'drizzle-orm';
import { date, index, integer, pgTable, primaryKey, smallint, text, varchar } from 'drizzle-orm/pg-core';
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

/** How the download of a document started: its tracked link (/route/RouteLink) or its address. */
export const DOWNLOAD_SOURCE = { link: 1, direct: 2 } as const;

/**
 * Downloads of a document, counted per day and source (no visitor is recorded): what the tracked
 * PDF link of docs/spec.md (`/route/RouteLink`) is for.
 */
export const documentDownloads = pgTable(
  'document_downloads',
  {
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    /** DOWNLOAD_SOURCE: 1 the tracked link, 2 the document's own address. */
    source: smallint('source').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.day, t.source] })],
);
