import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors/app-error';
import { errorResponses } from '../../errors/error-body';
import { assertValidStorageKey } from '../../storage/file-storage';
import { isMediaUrlTemplate, resolveMediaUrl } from '../shared/media-url';

/** Only this part of the storage is public; CVs and documents live elsewhere in it. */
const PUBLIC_PREFIX = 'media/';

/** Media keys never change content (a new upload gets a new key). */
const CACHE_CONTROL = 'public, max-age=604800';

export const MediaParams = z.object({ '*': z.string().max(512).describe('Storage key under media/') });

/** GET /media/*: listing photos, thumbnails, logos and profile images from FileStorage. */
const mediaModule: FastifyPluginAsyncZod = async function mediaModule(fastify) {
  fastify.get(
    '/media/*',
    {
      schema: {
        // Images are linked by URL (MediaInfo Url), never called through the typed client.
        hide: true,
        tags: ['Static'],
        summary: 'A stored image or media file',
        params: MediaParams,
        response: {
          200: { description: 'The file', content: { 'image/*': { schema: z.string().meta({ format: 'binary' }) } } },
          304: z.undefined().describe('Not modified'),
          ...errorResponses(404),
        },
      },
    },
    async (request, reply) => {
      const key = defaultRendition(request.params['*']);
      if (!key.startsWith(PUBLIC_PREFIX) || !isValidKey(key))
        throw new AppError('NotFound', { message: `media key ${JSON.stringify(key)}` });
      const file = await fastify.storage.get(key);
      if (!file) throw new AppError('NotFound', { message: `media ${key}` });
      const etag = `"${createHash('sha1').update(file.data).digest('base64url')}"`;
      reply.header('cache-control', CACHE_CONTROL).header('etag', etag);
      // Only pictures are shown in the page; an uploaded document (a listing's PDF) is downloaded, never run in our origin.
      if (!file.contentType.startsWith('image/')) reply.header('content-disposition', 'attachment');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return (reply as FastifyReply)
        .type(file.contentType)
        .header('content-length', String(file.data.length))
        .send(file.data);
    },
  );
};

/**
 * A URL template used as it is (`…-{dim}.{ext}`, MediaInfo's Url) answers its default
 * rendition, so a page that shows the template in an `<img>` still shows the picture:
 * the spec's PING JPEG for a profile image, the gallery's BIG JPEG for a listing's.
 */
function defaultRendition(key: string): string {
  const decoded = key.replaceAll('%7B', '{').replaceAll('%7D', '}').replaceAll('%7b', '{').replaceAll('%7d', '}');
  if (!isMediaUrlTemplate(decoded)) return key;
  return resolveMediaUrl(decoded, decoded.startsWith('media/avatars/') ? 'PING' : 'BIG', 'jpg');
}

function isValidKey(key: string): boolean {
  try {
    assertValidStorageKey(key);
    return true;
  } catch {
    return false;
  }
}

export default mediaModule;
