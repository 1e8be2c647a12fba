import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors/app-error';
import { errorResponses } from '../../errors/error-body';

export const DEFAULT_LOCALES_DIR = fileURLToPath(new URL('../../../locales', import.meta.url));

/** Italian only (conventions.md). */
const LANGUAGES = new Set(['it']);
const NAMESPACE_FILE = /^([a-z][a-z0-9-]{0,40})\.json$/i;

/** docs/spec.md §9: the client caches translations for 225 000 ms. */
const CACHE_CONTROL = 'public, max-age=225';

export const LocaleParams = z.object({
  lng: z.string().max(16).describe('Language: it'),
  file: z.string().max(64).describe('Namespace file: {ns}.json'),
});

export interface LocalesOptions {
  localesDir?: string;
}

/** GET /locales/{lng}/{ns}.json: a translation namespace, straight from locales/. */
const localesModule: FastifyPluginAsyncZod<LocalesOptions> = async function localesModule(fastify, opts) {
  const root = path.resolve(opts.localesDir ?? DEFAULT_LOCALES_DIR);

  fastify.get(
    '/locales/:lng/:file',
    {
      schema: {
        tags: ['Static'],
        summary: 'A translation namespace',
        params: LocaleParams,
        response: {
          200: z.record(z.string(), z.unknown()).describe('The translations of one namespace, as in locales/{ns}.json'),
          ...errorResponses(404),
        },
      },
    },
    async (request, reply) => {
      const { lng, file } = request.params;
      const match = NAMESPACE_FILE.exec(file);
      if (!LANGUAGES.has(lng) || !match) throw new AppError('NotFound', { message: `locale ${lng}/${file}` });
      let data: Buffer;
      try {
        // The namespace pattern admits no path separator or dot segment: the join stays in root.
        data = await readFile(path.join(root, lng, `${match[1]}.json`));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT')
          throw new AppError('NotFound', { message: `locale ${lng}/${file}` });
        throw error;
      }
      return (reply as FastifyReply)
        .header('cache-control', CACHE_CONTROL)
        .type('application/json; charset=utf-8')
        .send(data);
    },
  );
};

export default localesModule;
