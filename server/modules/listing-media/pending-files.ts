import { and, asc, eq, like, lt } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { media, pendingFiles } from '../../db/schema';
import type { FileStorage } from '../../storage/file-storage';
import { storedKeysOf } from './media-info';
import { forgetPendingFiles, notePendingFiles } from './repository';

/**
 * The files in storage that no committed row owns, yet or any more (the `pending_files`
 * table), so a server killed between a file and its row leaves nothing the housekeeping job
 * cannot find without listing the storage:
 *
 * - an upload notes its keys (notePendingFiles) (committed) before it writes the files; the transaction that
 *   inserts the media rows forgets them. Killed before that commit: the keys stay.
 * - a deletion notes the keys in the transaction that deletes the rows, deletes the files,
 *   then forgets the keys. Killed in between: the keys stay.
 *
 * The order of writes means a media row is never committed before its files are in storage,
 * so no photo is listed without its file; a file without a row is what a kill leaves, and
 * cleanPendingFiles deletes it once its key is older than PENDING_FILE_GRACE_MS (an upload
 * under way is never touched).
 */

/** How old a pending key must be before the housekeeping job takes it as left behind. */
export const PENDING_FILE_GRACE_MS = 60 * 60 * 1000;
/** Keys looked at in one housekeeping run (the next run takes the rest). */
const CLEAN_BATCH = 500;

const LISTING_KEY = /^media\/listings\/(\d+)\/([0-9a-f]{32})/;

/** The media row of a listing whose files include `key`, if any (found by the listing's id and the upload's name). */
async function ownerOf(db: Db, key: string) {
  const match = LISTING_KEY.exec(key);
  if (!match) return undefined;
  const propertyId = Number(match[1]);
  const rows = await db
    .select()
    .from(media)
    .where(and(eq(media.propertyId, propertyId), like(media.storageKey, `media/listings/${propertyId}/${match[2]}%`)));
  return rows.find((row) => storedKeysOf(row).includes(key));
}

export interface PendingFilesCleaned {
  /** Files deleted: no row owns them. */
  files: number;
  /** Media rows deleted: their file was missing from storage. */
  rows: number;
}

/**
 * The housekeeping job's part: for each pending key older than `now` less the grace period,
 * deletes its file when no media row owns it; when a row does (its transaction committed and
 * the key was not forgotten, which the code never does), keeps the file, or deletes the row
 * when its file is missing, so no photo is listed without its file. Then forgets the key.
 */
export async function cleanPendingFiles(
  db: Db,
  storage: FileStorage,
  now = new Date(),
  log: (message: string, data: Record<string, unknown>) => void = () => {},
): Promise<PendingFilesCleaned> {
  const cleaned: PendingFilesCleaned = { files: 0, rows: 0 };
  const stale = await db
    .select({ storageKey: pendingFiles.storageKey })
    .from(pendingFiles)
    .where(lt(pendingFiles.createdAt, new Date(now.getTime() - PENDING_FILE_GRACE_MS)))
    .orderBy(asc(pendingFiles.createdAt))
    .limit(CLEAN_BATCH);
  for (const { storageKey: key } of stale) {
    const owner = await ownerOf(db, key);
    if (owner === undefined) {
      await storage.delete(key);
      cleaned.files += 1;
    } else if (!(await storage.exists(key))) {
      // A row without its file: the row goes, then the rest of its files.
      const keys = storedKeysOf(owner);
      await db.transaction(async (tx) => {
        await tx.delete(media).where(eq(media.id, owner.id));
        await notePendingFiles(tx, keys);
      });
      for (const other of keys) await storage.delete(other);
      await forgetPendingFiles(db, keys);
      cleaned.rows += 1;
      log('housekeeping: a listing media row whose file is missing was deleted', { mediaId: owner.id, key });
      continue;
    }
    await forgetPendingFiles(db, [key]);
  }
  return cleaned;
}
