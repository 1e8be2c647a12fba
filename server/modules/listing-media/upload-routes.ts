import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type FastifyPluginAsyncZod, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../auth/require-user';
import { MEDIA_TYPE, UPLOAD_STATUS } from '../../db/reference-ids';
import { AppError } from '../../errors/app-error';
import { FAILPOINTS, failpoint } from '../../lib/failpoint';
import { errorResponses } from '../../errors/error-body';
import {
  chargePixels,
  imageRefusalError,
  pixelBudgetOf,
  pixelBudgetSpent,
  refuseImageRequestEarly,
} from '../../lib/image-work';
import {
  checkPdf,
  contentHash,
  extensionContradicts,
  IMAGE_MAX_BYTES,
  isRefusal,
  PHOTO_MIN_SIDES,
  refuse,
  renderImage,
  sniff,
  type ImageAdmission,
  type Refusal,
  type RefusalReason,
  type UploadStatus,
} from './media-files';
import {
  deleteStoredFiles,
  LISTING_MEDIA_LIMITS,
  MAX_FILES_PER_REQUEST,
  MEDIA_LIMITS,
  toMediaInfo,
} from './media-info';
import {
  countsOf,
  groupOf,
  insertMedia,
  listingStoragePrefix,
  mediaOf,
  notePendingFiles,
  ownsListing,
  roomTypeExists,
  storedHashes,
  type NewMedia,
} from './repository';
import { ListingParams, MediaTypeValue, MediaUploadBody, MediaUploadResponse } from './schemas';

/**
 * POST /api/Property/{id}/Media: photos and documents of the caller's own listing.
 *
 * Every file is processed in the request, one after the other, as it arrives (at most one
 * file's bytes are held at a time): its type decided by its bytes, its limits checked, an
 * image decoded once and encoded in 3 sizes × 3 formats (about 1-2 s for a 12-megapixel
 * phone photo on 2 idle cores, measured here; AVIF is the slowest). Doing it here rather than on the job queue means the
 * answer carries every file's final status, and an image URL handed out always has all its
 * renditions: a `<picture>` never meets a missing AVIF (a browser does not fall back from a
 * source that fails). The page sends a few files per request (MAX_FILES_PER_REQUEST at most)
 * to show each one's progress. Nothing lives in the process between requests: a request
 * cut short leaves, at worst, files without a row, never a row without its files; their keys
 * are noted in pending_files before they are written, so the housekeeping job deletes them
 * (pending-files.ts).
 */

/** Uploads per minute and client address: each one may cost seconds of CPU. */
export const MEDIA_UPLOAD_RATE_LIMIT = { max: 60, timeWindow: '1 minute' } as const;

/** Media types whose files may be a PDF as well as an image. */
const PDF_MEDIA_TYPES: readonly number[] = [MEDIA_TYPE.floor_plan, MEDIA_TYPE.energy_certificate, MEDIA_TYPE.other];

const FIELD_VALUE = z
  .string()
  .regex(/^\d{1,3}$/)
  .transform(Number);

interface FileResult {
  Index: number;
  FileName: string;
  Status: UploadStatus;
  Reason: RefusalReason | null;
  /** Stored files waiting for their row. */
  pending?: { keys: string[]; row: NewMedia };
  mediaId?: number;
}

/** The name shown back to the page: no path, no control characters, at most 200 characters. */
function displayName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  return base.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 200);
}

/** Reads a file part to its end: its bytes, or `truncated` when it went past the parser's size limit (its bytes dropped). */
async function readPart(file: Readable & { truncated?: boolean }): Promise<{ data: Buffer; truncated: boolean }> {
  const chunks: Buffer[] = [];
  let dropped = false;
  for await (const chunk of file) {
    if (file.truncated) dropped = true;
    if (!dropped) chunks.push(chunk as Buffer);
  }
  const truncated = dropped || Boolean(file.truncated);
  return { data: truncated ? Buffer.alloc(0) : Buffer.concat(chunks), truncated };
}

async function drain(file: Readable): Promise<void> {
  for await (const _chunk of file) {
    // discard
  }
}

/** Turns one received file into stored renditions and the row to insert, or a refusal. */
async function storeFile(
  fastify: FastifyInstance,
  admission: ImageAdmission,
  propertyId: number,
  mediaTypeId: number,
  roomTypeId: number | null,
  fileName: string,
  data: Buffer,
  seen: Set<string>,
): Promise<{ keys: string[]; row: NewMedia } | Refusal> {
  if (data.length === 0) return refuse(UPLOAD_STATUS.rejected, 'empty');
  const kind = sniff(data);
  if (kind === null) return refuse(UPLOAD_STATUS.invalid_type, 'type');
  if (extensionContradicts(fileName, kind)) return refuse(UPLOAD_STATUS.invalid_type, 'extension');
  if (kind === 'pdf' && !PDF_MEDIA_TYPES.includes(mediaTypeId)) return refuse(UPLOAD_STATUS.invalid_type, 'type');
  if (kind !== 'pdf' && data.length > IMAGE_MAX_BYTES) return refuse(UPLOAD_STATUS.too_large, 'bytes');

  const hash = contentHash(data);
  if (seen.has(hash) || (await storedHashes(fastify.db, propertyId, [hash])).has(hash))
    return refuse(UPLOAD_STATUS.duplicate, 'duplicate');

  const prefix = listingStoragePrefix(propertyId);
  // The content hash first (duplicates are found by it), then 64 random bits: names nobody guesses.
  const name = `${hash}${randomBytes(8).toString('hex')}`;
  const keys: string[] = [];
  const put = async (key: string, bytes: Buffer, contentType: string) => {
    keys.push(key);
    await fastify.storage.put(key, bytes, contentType);
  };

  if (kind === 'pdf') {
    const pdf = checkPdf(data);
    if (isRefusal(pdf)) return pdf;
    const key = `${prefix}${name}.pdf`;
    // Noted before it is written: a server killed before the row commits leaves a key the housekeeping job finds.
    await notePendingFiles(fastify.db, [key]);
    try {
      await put(key, pdf.data, 'application/pdf');
    } catch (error) {
      fastify.log.error({ err: error, key }, 'listing media: storing a document failed');
      await deleteStoredFiles(fastify, keys);
      return refuse(UPLOAD_STATUS.storage_error, 'storage');
    }
    seen.add(hash);
    return {
      keys,
      row: {
        mediaTypeId,
        roomTypeId,
        storageKey: key,
        url: `/media/${key}`,
        thumbnailKey: null,
        thumbnailUrl: null,
        contentType: 'application/pdf',
        sizeBytes: data.length,
        width: null,
        height: null,
      },
    };
  }

  const photo = mediaTypeId === MEDIA_TYPE.property_image || mediaTypeId === MEDIA_TYPE.room_image;
  const rendered = await renderImage(data, kind, { minSides: photo ? PHOTO_MIN_SIDES : undefined, ...admission });
  if (isRefusal(rendered)) return rendered;
  const keyOf = (dim: string, ext: string) => `${prefix}${name}-${dim}.${ext}`;
  await notePendingFiles(
    fastify.db,
    rendered.files.map((file) => keyOf(file.dim, file.ext)),
  );
  try {
    await Promise.all(rendered.files.map((file) => put(keyOf(file.dim, file.ext), file.data, file.contentType)));
  } catch (error) {
    fastify.log.error({ err: error, prefix }, 'listing media: storing an image failed');
    await deleteStoredFiles(fastify, keys);
    return refuse(UPLOAD_STATUS.storage_error, 'storage');
  }
  seen.add(hash);
  const main = rendered.files.find((file) => file.dim === 'BIG' && file.ext === 'jpg')!;
  return {
    keys,
    row: {
      mediaTypeId,
      roomTypeId,
      storageKey: keyOf('BIG', 'jpg'),
      url: `/media/${prefix}${name}-{dim}.{ext}`,
      thumbnailKey: keyOf('PING', 'jpg'),
      thumbnailUrl: `/media/${keyOf('PING', 'jpg')}`,
      contentType: 'image/jpeg',
      sizeBytes: main.data.length,
      width: main.width,
      height: main.height,
    },
  };
}

/**
 * Reads the multipart body: the MediaType (and RoomTypeId) fields first, then the files,
 * each handled as it arrives. A malformed request (a field after a file, an unknown field)
 * deletes what it stored and is refused whole. An image over the uploader's pixel budget is
 * refused before it is decoded, and so is one that finds no room in the line of image work
 * (its account's or address's share taken, or the line full): the whole request with 429
 * UploadBudgetExceeded (503 ImageWorkBusy for a full line) when nothing of it was stored yet
 * (the page sends one file a request), else that file alone (Reason `budget`, and
 * `retryAfter` says when to send it again).
 */
async function receiveFiles(
  fastify: FastifyInstance,
  request: FastifyRequest,
  propertyId: number,
): Promise<{ results: FileResult[]; retryAfter: number | null }> {
  const results: FileResult[] = [];
  const seen = new Set<string>();
  const { user } = request;
  const budget = pixelBudgetOf(fastify.config, user);
  const admission: ImageAdmission = {
    work: fastify.imageWork,
    owner: { account: user.id, address: request.ip },
    spent: () => pixelBudgetSpent(fastify.db, user.id, budget),
    charge: (pixels) => chargePixels(fastify.db, user.id, pixels, budget),
  };
  let retryAfter: number | null = null;
  const counts = await countsOf(fastify.db, propertyId);
  let mediaTypeId: number | undefined;
  let roomTypeId: number | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        const value = FIELD_VALUE.safeParse(part.value);
        if (results.length > 0 || !value.success)
          throw new AppError('ValidationError', {
            message: `multipart field ${part.fieldname} malformed or after the files`,
          });
        if (part.fieldname === 'MediaType') {
          const type = MediaTypeValue.safeParse(value.data);
          if (!type.success) throw new AppError('ValidationError', { message: `MediaType ${value.data}` });
          mediaTypeId = type.data;
        } else if (part.fieldname === 'RoomTypeId') {
          if (!(await roomTypeExists(fastify.db, value.data)))
            throw new AppError('ValidationError', { message: `RoomTypeId ${value.data}` });
          roomTypeId = value.data;
        } else {
          throw new AppError('ValidationError', { message: `unknown multipart field ${part.fieldname}` });
        }
        continue;
      }
      if (part.fieldname !== 'Files' || mediaTypeId === undefined) {
        await drain(part.file);
        throw new AppError('ValidationError', {
          message:
            part.fieldname !== 'Files'
              ? `unknown file field ${part.fieldname}`
              : 'MediaType must come before the files',
        });
      }
      if (roomTypeId !== null && mediaTypeId !== MEDIA_TYPE.room_image) {
        await drain(part.file);
        throw new AppError('ValidationError', { message: 'RoomTypeId is for room images only' });
      }
      const result: FileResult = {
        Index: results.length,
        FileName: displayName(part.filename),
        Status: UPLOAD_STATUS.ok,
        Reason: null,
      };
      results.push(result);
      const group = groupOf(mediaTypeId);
      const accepted = results.filter((r) => r.pending).length;
      if (counts[group] + accepted >= LISTING_MEDIA_LIMITS[group]) {
        // Over the listing's limit already: not even read.
        await drain(part.file);
        Object.assign(result, { Status: UPLOAD_STATUS.limit_reached, Reason: 'limit' });
        continue;
      }
      const { data, truncated } = await readPart(part.file);
      if (truncated) {
        Object.assign(result, { Status: UPLOAD_STATUS.too_large, Reason: 'bytes' });
        continue;
      }
      let outcome: Awaited<ReturnType<typeof storeFile>>;
      try {
        outcome = await storeFile(fastify, admission, propertyId, mediaTypeId, roomTypeId, result.FileName, data, seen);
      } catch (error) {
        request.log.error({ err: error }, 'listing media: a file failed unexpectedly');
        outcome = refuse(UPLOAD_STATUS.unexpected_error, 'unexpected');
      }
      if (isRefusal(outcome) && outcome.reason === 'budget') {
        const seconds = outcome.retryAfterSeconds ?? 60;
        if (!results.some((r) => r.pending)) {
          throw imageRefusalError(
            outcome.lineFull ? 'line' : 'budget',
            seconds,
            `user ${user.id} (budget ${budget} pixels a minute)`,
          );
        }
        retryAfter = Math.max(retryAfter ?? 0, seconds);
      }
      if (isRefusal(outcome)) Object.assign(result, { Status: outcome.status, Reason: outcome.reason });
      else result.pending = outcome;
    }
  } catch (error) {
    await deleteStoredFiles(
      fastify,
      results.flatMap((r) => r.pending?.keys ?? []),
    );
    throw error;
  }
  if (mediaTypeId === undefined && results.length === 0)
    throw new AppError('MissingFile', { message: 'no MediaType and no file' });
  if (results.length === 0) throw new AppError('MissingFile', { message: 'no file in Files' });
  return { results, retryAfter };
}

const listingMediaUploadRoutes: FastifyPluginAsyncZod = async function listingMediaUploadRoutes(fastify) {
  await fastify.register(multipart, {
    // The size check is the handler's (a file over it gets its own status, the others go on).
    throwFileSizeLimit: false,
    limits: {
      fileSize: IMAGE_MAX_BYTES,
      files: MAX_FILES_PER_REQUEST,
      fields: 4,
      fieldSize: 64,
      parts: MAX_FILES_PER_REQUEST + 4,
      headerPairs: 100,
    },
  });

  fastify.post(
    '/api/Property/:id/Media',
    {
      preHandler: requireUser({ allowRapidRegistration: true }),
      config: { rateLimit: MEDIA_UPLOAD_RATE_LIMIT },
      // The body is a stream read in the handler; its schema is for the published document.
      validatorCompiler: (route) =>
        route.httpPart === 'body'
          ? () => ({ value: undefined })
          : validatorCompiler(route as unknown as Parameters<typeof validatorCompiler>[0]),
      schema: {
        tags: ['Property'],
        summary:
          'Upload photos or documents to one of my listings (multipart/form-data: MediaType, optional RoomTypeId, then one or more Files)',
        description:
          'Each file gets its own status (Files[i].Status): a refused file does not stop the others. A file’s type is decided by its bytes: a PDF named .jpg, a text named .png, an executable are refused. Images lose every metadata (GPS position included) and are turned upright. Another user’s listing, or a deleted one, answers 404. Images are counted against the uploader’s budget of decoded pixels a minute (UPLOAD_PIXEL_BUDGET_MP_PER_MINUTE, less for an unconfirmed account) from their header, before they are decoded: when the first image over it comes before any file was stored the request answers 429 UploadBudgetExceeded with Retry-After; after, that file is refused with Reason budget and RetryAfter (and the Retry-After header) says when to send it again. The same when the server’s line of image work has no room for the image: the account (IMAGE_WORK_PER_ACCOUNT) or its address (IMAGE_WORK_PER_ADDRESS) already has as many images in it as it may (429 UploadBudgetExceeded), or the line is full (IMAGE_WORK_QUEUE_MAX: 503 ImageWorkBusy); a request whose account’s or address’s share is taken, or that finds the line full, is refused before any file is read, and an image of an account whose budget is already spent is refused without waiting in the line.',
        consumes: ['multipart/form-data'],
        params: ListingParams,
        body: MediaUploadBody,
        response: { 200: MediaUploadResponse, ...errorResponses(401, 404, 413, 415, 429, 503) },
      },
    },
    async (request, reply) => {
      const { user } = request;
      const propertyId = request.params.id;
      if (!(await ownsListing(fastify.db, user.id, propertyId)))
        throw new AppError('ListingNotFound', { message: `listing ${propertyId} of user ${user.id}` });
      if (!request.isMultipart())
        throw new AppError('UnsupportedMediaType', { message: 'expected multipart/form-data' });
      // No room for the account's images in the line of image work (its share, its address's, the whole line): refused before a file is read.
      // (Its pixel budget is looked at image by image: a spent budget does not stop the documents.)
      await refuseImageRequestEarly(
        { db: fastify.db, work: fastify.imageWork },
        { account: user.id, address: request.ip },
      );

      const { results, retryAfter } = await receiveFiles(fastify, request, propertyId);
      if (retryAfter !== null) reply.header('retry-after', String(retryAfter));
      const pending = results.filter((r) => r.pending);
      failpoint(FAILPOINTS.mediaFilesStored);
      const inserted = await insertMedia(
        fastify.db,
        user.id,
        propertyId,
        pending.map((r) => r.pending!.row),
        LISTING_MEDIA_LIMITS,
        pending.map((r) => r.pending!.keys),
      ).catch(async (error: unknown) => {
        await deleteStoredFiles(
          fastify,
          pending.flatMap((r) => r.pending!.keys),
        );
        throw error;
      });
      if (inserted === null) {
        await deleteStoredFiles(
          fastify,
          pending.flatMap((r) => r.pending!.keys),
        );
        throw new AppError('ListingNotFound', { message: `listing ${propertyId} deleted during the upload` });
      }
      const overLimit: string[] = [];
      pending.forEach((result, i) => {
        const row = inserted[i];
        if (row === 'limit') {
          // Another upload took the last places meanwhile.
          overLimit.push(...result.pending!.keys);
          Object.assign(result, { Status: UPLOAD_STATUS.limit_reached, Reason: 'limit' });
        } else {
          result.mediaId = row.id;
        }
      });
      await deleteStoredFiles(fastify, overLimit);

      const mediaInfo = toMediaInfo(await mediaOf(fastify.db, propertyId));
      const byId = new Map(mediaInfo.map((item) => [item.Id, item]));
      const files = results.map((r) => {
        const status = (Object.entries(UPLOAD_STATUS).find(([, value]) => value === r.Status)?.[0] ??
          'unexpected_error') as keyof typeof UPLOAD_STATUS;
        return {
          Index: r.Index,
          FileName: r.FileName,
          Status: r.Status,
          StatusCode: status,
          Reason: r.Reason,
          Media: r.mediaId !== undefined ? (byId.get(r.mediaId) ?? null) : null,
        };
      });
      const uploaded = files.filter((f) => f.Status === UPLOAD_STATUS.ok).length;
      return {
        Outcome: uploaded === files.length ? ('ok' as const) : uploaded === 0 ? ('ko' as const) : ('partial' as const),
        Uploaded: uploaded,
        Refused: files.length - uploaded,
        Files: files,
        MediaInfo: mediaInfo,
        Limits: MEDIA_LIMITS,
        RetryAfter: retryAfter,
      };
    },
  );
};

export default listingMediaUploadRoutes;
