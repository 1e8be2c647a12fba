import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type FastifyPluginAsyncZod, validatorCompiler } from 'fastify-type-provider-zod';
import sharp from 'sharp';
import { z } from 'zod';
import { AppError } from '../../errors/app-error';
import {
  chargePixels,
  imageRefusalError,
  pixelBudgetOf,
  refuseImageRequestEarly,
  type ImageWorkPass,
} from '../../lib/image-work';
import { errorResponses } from '../../errors/error-body';
import {
  addressesOf,
  deleteAddress,
  deleteMediaRows,
  insertProfileImage,
  profileImagesOf,
  saveAddress,
  type AddressType,
  type MediaRow,
} from './repository';

export { avatarOf } from './repository';
import { Address, OkResponse } from './schemas';
import { requireUser } from '../../auth/require-user';

/**
 * The profile's other parts: the four address types (residential, shipping, billing, legal)
 * and the profile image. The private and company data calls keep the residential and the
 * legal address; the shipping and billing ones are saved here.
 */

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
/** The most pixels a profile picture may have (40 megapixels: any phone camera's photo fits). */
export const AVATAR_MAX_PIXELS = 40_000_000;
/** The sizes a profile image is stored in; `{dim}` in its URL names one (spec: PING by default). */
export const AVATAR_SIZES = { PING: 160, BIG: 480 } as const;
const AVATAR_TYPES = new Set(['jpeg', 'png', 'webp']);

export const ADDRESS_TYPES = ['residential', 'shipping', 'billing', 'legal'] as const satisfies readonly AddressType[];

const AddressTypeParams = z.object({ type: z.enum(ADDRESS_TYPES) });
const StoredAddress = z
  .object({
    Type: z.enum(ADDRESS_TYPES),
    address: z.string().nullable(),
    number: z.string().nullable(),
    city: z.string().nullable(),
    postalCode: z.string().nullable(),
    province: z.string().nullable(),
    country: z.string(),
  })
  .meta({ id: 'StoredAddress' });
const AddressesResponse = z.object({ Addresses: z.array(StoredAddress) }).meta({ id: 'AddressesResponse' });
const AvatarResponse = z
  .object({ Avatar: z.string().describe('The URL template: {dim} is PING or BIG, {ext} is jpg') })
  .meta({ id: 'AvatarResponse' });
const AvatarUploadBody = z.object({
  Avatar: z.string().meta({ format: 'binary' }).describe('A JPEG, PNG or WebP image up to 5 MB'),
});

/** The URL template of the user's latest profile image, or null (Me's `avatar`). */
async function readAvatar(request: FastifyRequest): Promise<Buffer> {
  let data: Buffer | undefined;
  for await (const part of request.parts()) {
    if (part.type !== 'file') continue;
    if (part.fieldname !== 'Avatar' || data) {
      await part.toBuffer().catch(() => undefined);
      throw new AppError('TooManyFiles', { message: `unexpected file field ${part.fieldname}` });
    }
    data = await part.toBuffer();
  }
  if (!data || data.length === 0) throw new AppError('MissingFile', { message: 'no Avatar file' });
  return data;
}

/**
 * The profile picture's stored sizes, its jobs run through `pass`: the header alone tells the
 * format and the size, so a picture too big to decode is refused before any pixel is decoded
 * (a small file can declare billions of pixels), and its pixels are taken from the account's
 * budget before decoding.
 */
async function renderAvatar(
  fastify: FastifyInstance,
  pass: ImageWorkPass,
  data: Buffer,
  userId: number,
  budget: number,
): Promise<[string, Buffer][]> {
  const header = await pass.run(() => sharp(data).metadata()).catch(() => undefined);
  if (!header?.format || !AVATAR_TYPES.has(header.format))
    throw new AppError('InvalidFileType', { message: `avatar format ${String(header?.format)}` });
  const pixels = (header.width ?? 0) * (header.height ?? 0);
  if (pixels > AVATAR_MAX_PIXELS) {
    throw new AppError('ImageTooLarge', { message: `avatar of ${header.width}x${header.height} pixels` });
  }
  // The same budget of decoded pixels a minute as the listing photos, taken before decoding.
  const charge = await chargePixels(fastify.db, userId, pixels, budget);
  if (!charge.admitted)
    throw imageRefusalError('budget', charge.retryAfterSeconds, `user ${userId} over ${budget} pixels a minute`);
  try {
    // Decoded once, to the largest size; every stored size is made from those pixels, one after another in the slot.
    return await pass.run(async () => {
      const largest = Math.max(...Object.values(AVATAR_SIZES));
      const decoded = await sharp(data, { limitInputPixels: AVATAR_MAX_PIXELS })
        .rotate()
        .resize(largest, largest, { fit: 'cover' })
        .raw()
        .toBuffer({ resolveWithObject: true });
      const raw = { width: decoded.info.width, height: decoded.info.height, channels: decoded.info.channels };
      const out: [string, Buffer][] = [];
      for (const [dim, size] of Object.entries(AVATAR_SIZES))
        out.push([dim, await sharp(decoded.data, { raw }).resize(size, size).jpeg({ quality: 82 }).toBuffer()]);
      return out;
    });
  } catch (error) {
    throw new AppError('InvalidFileType', { message: 'the image could not be read', cause: error });
  }
}

/** The user's addresses (one per type) and profile image. */
const addressAvatarRoutes: FastifyPluginAsyncZod = async function addressAvatarRoutes(fastify) {
  await fastify.register(multipart, {
    limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 2, parts: 3, headerPairs: 100 },
  });
  const secured = (summary: string) => ({
    tags: ['User'],
    summary,
    response: { 200: OkResponse, ...errorResponses(401, 403) },
  });

  fastify.get(
    '/api/user/Addresses',
    {
      preHandler: requireUser({ allowRapidRegistration: true }),
      schema: {
        tags: ['User'],
        summary: 'The addresses of the logged-in user, one per type',
        response: { 200: AddressesResponse, ...errorResponses(401) },
      },
    },
    async (request) => {
      const { user } = request;
      const rows = await addressesOf(fastify.db, user.id);
      return {
        Addresses: rows
          .sort((a, b) => ADDRESS_TYPES.indexOf(a.type) - ADDRESS_TYPES.indexOf(b.type))
          .map((row) => ({
            Type: row.type,
            address: row.street,
            number: row.number,
            city: row.city,
            postalCode: row.postalCode,
            province: row.province,
            country: row.country,
          })),
      };
    },
  );

  fastify.put(
    '/api/user/Addresses/:type',
    {
      preHandler: requireUser(),
      schema: { ...secured('Save one address of the logged-in user'), params: AddressTypeParams, body: Address },
    },
    async (request) => {
      const { user } = request;
      await saveAddress(fastify.db, user.id, request.params.type, request.body);
      return { Ok: true as const };
    },
  );

  fastify.delete(
    '/api/user/Addresses/:type',
    {
      preHandler: requireUser(),
      schema: { ...secured('Remove a shipping or billing address'), params: AddressTypeParams },
    },
    async (request) => {
      const { user } = request;
      // The residential and the legal address belong to the private and company data.
      if (request.params.type !== 'shipping' && request.params.type !== 'billing') throw new AppError('Forbidden');
      await deleteAddress(fastify.db, user.id, request.params.type);
      return { Ok: true as const };
    },
  );

  fastify.post(
    '/api/user/Avatar',
    {
      preHandler: requireUser(),
      // The body is a stream read in the handler; its schema is for the published document.
      validatorCompiler: (route) =>
        route.httpPart === 'body'
          ? () => ({ value: undefined })
          : validatorCompiler(route as unknown as Parameters<typeof validatorCompiler>[0]),
      schema: {
        tags: ['User'],
        summary: 'Set the profile image (multipart/form-data, field Avatar)',
        consumes: ['multipart/form-data'],
        body: AvatarUploadBody,
        response: { 200: AvatarResponse, ...errorResponses(401, 413, 415, 429, 503) },
      },
    },
    async (request) => {
      const { user } = request;
      if (!request.isMultipart())
        throw new AppError('UnsupportedMediaType', { message: 'expected multipart/form-data' });
      const budget = pixelBudgetOf(fastify.config, user);
      const owner = { account: user.id, address: request.ip };
      // No room in the line of image work for the account (its share, its address's, the
      // whole line), or its pixel budget already spent: refused before the file is read.
      await refuseImageRequestEarly({ db: fastify.db, work: fastify.imageWork }, owner, budget);
      const data = await readAvatar(request);
      // The picture takes its place in the process's line of image work (server/lib/image-work.ts)
      // before its header is read, and holds it to its last encode.
      const entry = fastify.imageWork.enter(owner);
      if (!entry.admitted) throw imageRefusalError(entry.refusal, entry.retryAfterSeconds, `avatar of user ${user.id}`);
      let images: [string, Buffer][];
      try {
        images = await renderAvatar(fastify, entry.pass, data, user.id, budget);
      } finally {
        entry.pass.release();
      }
      const base = `media/avatars/${user.id}/${randomUUID()}`;
      const keys: string[] = [];
      try {
        for (const [dim, image] of images) {
          const key = `${base}-${dim}.jpg`;
          await fastify.storage.put(key, image, 'image/jpeg');
          keys.push(key);
        }
      } catch (error) {
        await Promise.all(keys.map((key) => fastify.storage.delete(key).catch(() => undefined)));
        throw error;
      }
      const url = `/media/${base}-{dim}.{ext}`;
      const previous = await profileImagesOf(fastify.db, user.id);
      if (!(await insertProfileImage(fastify.db, user.id, { storageKey: keys[0], url, size: AVATAR_SIZES.PING }))) {
        // The account was deleted while the picture was on its way: nothing of it stays.
        await Promise.all(keys.map((key) => fastify.storage.delete(key).catch(() => undefined)));
        throw new AppError('UserIsSuspendedOrDeleted', { message: `user ${user.id} was deleted during the upload` });
      }
      await removeProfileImages(fastify, previous);
      return { Avatar: url };
    },
  );

  fastify.delete(
    '/api/user/Avatar',
    { preHandler: requireUser(), schema: secured('Remove the profile image') },
    async (request) => {
      const { user } = request;
      await removeProfileImages(fastify, await profileImagesOf(fastify.db, user.id));
      return { Ok: true as const };
    },
  );
};

/** Deletes profile images (all of a user's when no rows are given): their rows, then every stored size. */
export async function removeProfileImages(
  fastify: FastifyInstance,
  rows: MediaRow[] | { userId: number },
): Promise<void> {
  const list = Array.isArray(rows) ? rows : await profileImagesOf(fastify.db, rows.userId);
  await deleteMediaRows(
    fastify.db,
    list.map((row) => row.id),
  );
  for (const row of list) {
    for (const key of profileImageKeysOf(row)) await fastify.storage.delete(key).catch(() => undefined);
  }
}

/** The stored files of a profile image (one per size), from its row's address template. */
export function profileImageKeysOf(row: Pick<MediaRow, 'url'>): string[] {
  return Object.keys(AVATAR_SIZES).map((dim) =>
    row.url
      .replace(/^\/media\//, '')
      .replace('{dim}', dim)
      .replace('{ext}', 'jpg'),
  );
}

export default addressAvatarRoutes;
