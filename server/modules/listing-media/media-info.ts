import type { FastifyInstance } from 'fastify';
import { IMAGE_MAX_BYTES, IMAGE_MAX_PIXELS, PDF_MAX_BYTES, PHOTO_MIN_SIDES } from './media-files';
import {
  forgetPendingFiles,
  groupOf,
  listingStoragePrefix,
  PHOTO_MEDIA_TYPES,
  type MediaGroup,
  type MediaRow,
} from './repository';
import type { MediaInfoItemType } from './schemas';
import { isMediaUrlTemplate, LISTING_IMAGE_DIMS, LISTING_IMAGE_EXTS, resolveMediaUrl } from '../shared/media-url';

/**
 * Files one upload request may carry: each photo costs about 1-2 s of CPU on 2 cores, so a
 * full request stays within tens of seconds. The page sends one to three at a time, so each
 * shows its own progress.
 */
export const MAX_FILES_PER_REQUEST = 10;

/** Files one listing may hold, by group. */
export const LISTING_MEDIA_LIMITS: Record<MediaGroup, number> = { photos: 40, documents: 20 };

export const MEDIA_LIMITS = {
  MaxImageBytes: IMAGE_MAX_BYTES,
  MaxPdfBytes: PDF_MAX_BYTES,
  MaxImagePixels: IMAGE_MAX_PIXELS,
  MinPhotoLongSide: PHOTO_MIN_SIDES.long,
  MinPhotoShortSide: PHOTO_MIN_SIDES.short,
  MaxFilesPerRequest: MAX_FILES_PER_REQUEST,
  MaxPhotos: LISTING_MEDIA_LIMITS.photos,
  MaxDocuments: LISTING_MEDIA_LIMITS.documents,
};

/**
 * The listing's media as MediaInfo: display order, the cover marked, and never a null entry
 * (the spec's GetMyPropertyById removes them: a row without a URL is left out, not sent as null).
 */
export function toMediaInfo(rows: readonly (MediaRow | null | undefined)[]): MediaInfoItemType[] {
  const present = rows.filter(
    (row): row is MediaRow => row !== null && row !== undefined && typeof row.url === 'string' && row.url !== '',
  );
  const cover = present.find((row) => PHOTO_MEDIA_TYPES.includes(row.mediaTypeId));
  return present.map((row) => {
    const template = isMediaUrlTemplate(row.url);
    return {
      Id: row.id,
      MediaType: row.mediaTypeId,
      Url: row.url,
      ThumbnailUrl: row.thumbnailUrl,
      Dims: template ? [...LISTING_IMAGE_DIMS] : [],
      Exts: template ? [...LISTING_IMAGE_EXTS] : [],
      ContentType: row.contentType,
      IsImage: row.contentType.startsWith('image/'),
      IsCover: row.id === cover?.id,
      Position: row.position,
      Width: row.width,
      Height: row.height,
      SizeBytes: row.sizeBytes,
      RoomTypeId: row.roomTypeId,
      Caption: row.caption,
    };
  });
}

/** The storage keys of an uploaded media row: every rendition of an image, or the one file of a document. */
export function storedKeysOf(row: Pick<MediaRow, 'propertyId' | 'storageKey' | 'url' | 'thumbnailKey'>): string[] {
  if (row.propertyId === null) return [];
  const prefix = listingStoragePrefix(row.propertyId);
  // Demo photos live in a pool shared by many listings: their files are never deleted with one row.
  if (!row.storageKey.startsWith(prefix)) return [];
  if (isMediaUrlTemplate(row.url)) {
    const template = row.url.replace(/^\/media\//, '');
    return LISTING_IMAGE_DIMS.flatMap((dim) => LISTING_IMAGE_EXTS.map((ext) => resolveMediaUrl(template, dim, ext)));
  }
  return [row.storageKey, ...(row.thumbnailKey && row.thumbnailKey.startsWith(prefix) ? [row.thumbnailKey] : [])];
}

/**
 * Deletes files from storage, then forgets their pending keys (pending-files.ts); a file that
 * cannot be deleted is logged and left, its key pending, for the housekeeping job.
 */
export async function deleteStoredFiles(fastify: FastifyInstance, keys: readonly string[]): Promise<void> {
  const deleted = await Promise.all(
    keys.map((key) =>
      fastify.storage.delete(key).then(
        () => key,
        (error: unknown) => {
          fastify.log.warn({ err: error, key }, 'listing media: a stored file could not be deleted');
          return null;
        },
      ),
    ),
  );
  await forgetPendingFiles(
    fastify.db,
    deleted.filter((key): key is string => key !== null),
  ).catch((error: unknown) => {
    fastify.log.warn({ err: error }, 'listing media: pending file keys could not be forgotten (housekeeping will)');
  });
}

export { groupOf };
