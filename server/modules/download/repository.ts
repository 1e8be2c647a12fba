import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { italianDay } from '../../lib/italian-day';
import { documentDownloads, documents, documentKinds } from '../../db/schema';

export interface DocumentRow {
  id: number;
  kindId: number;
  title: string;
  description: string | null;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  storageKey: string;
  updatedAt: Date;
}

export interface DocumentRepository {
  list(): Promise<DocumentRow[]>;
  findById(id: number): Promise<DocumentRow | undefined>;
  /** Counts one download of the document today (Italian time), by its source (DOWNLOAD_SOURCE). */
  recordDownload(documentId: number, source: number): Promise<void>;
}

const columns = {
  id: documents.id,
  kindId: documents.kindId,
  title: documents.title,
  description: documents.description,
  fileName: documents.fileName,
  contentType: documents.contentType,
  sizeBytes: documents.sizeBytes,
  storageKey: documents.storageKey,
  updatedAt: documents.updatedAt,
};

export function createDocumentRepository(db: Db): DocumentRepository {
  return {
    async list() {
      return db
        .select(columns)
        .from(documents)
        .innerJoin(documentKinds, eq(documentKinds.id, documents.kindId))
        .orderBy(asc(documentKinds.position), asc(documents.kindId), asc(documents.id));
    },
    async findById(id) {
      const [row] = await db.select(columns).from(documents).where(eq(documents.id, id)).limit(1);
      return row;
    },
    async recordDownload(documentId, source) {
      await db
        .insert(documentDownloads)
        .values({ documentId, day: italianDay(new Date()), source, count: 1 })
        .onConflictDoUpdate({
          target: [documentDownloads.documentId, documentDownloads.day, documentDownloads.source],
          set: { count: sql`${documentDownloads.count} + 1` },
        });
    },
  };
}
