import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DOWNLOAD_SOURCE } from '../../db/schema';
import { AppError } from '../../errors/app-error';
import { errorResponses } from '../../errors/error-body';
import { CACHE_CONTROL, createCachedAnswer } from '../../lib/reference-cache';
import { contentDisposition } from './content-disposition';
import { createDocumentRepository, type DocumentRepository } from './repository';
import { DownloadFile, DownloadGetParams, DownloadGetQuery, DownloadItem } from './schemas';

declare module 'fastify' {
  interface FastifyInstance {
    documentRepository: DocumentRepository;
  }
}

/** Downloadable documents: terms, privacy, guides ... listed from the database, bytes from FileStorage. */
const downloadModule: FastifyPluginAsyncZod = async function downloadModule(fastify) {
  fastify.decorate('documentRepository', createDocumentRepository(fastify.db));
  // The documents come from the seed: the list is read and serialised once per process.
  const list = createCachedAnswer(
    async () => {
      const rows = await fastify.documentRepository.list();
      return rows.map((row) => ({
        Id: row.id,
        Kind: row.kindId,
        Title: row.title,
        Description: row.description,
        FileName: row.fileName,
        ContentType: row.contentType,
        SizeBytes: row.sizeBytes,
        UpdatedAt: row.updatedAt.toISOString(),
        Url: `/api/Download/Get/${row.id}`,
      }));
    },
    { cacheControl: CACHE_CONTROL.reference },
  );

  fastify.get(
    '/api/Download/List',
    {
      schema: {
        tags: ['Download'],
        summary: 'Downloadable documents',
        response: { 200: z.array(DownloadItem), ...errorResponses() },
      },
    },
    (request, reply) => list.send(request, reply),
  );

  fastify.get(
    '/api/Download/Get/:id',
    {
      schema: {
        tags: ['Download'],
        summary: 'The file of a document; each GET counted per day and source (the tracked link or the address)',
        params: DownloadGetParams,
        querystring: DownloadGetQuery,
        response: {
          200: {
            description: 'The file, with its name in Content-Disposition',
            content: {
              'application/pdf': { schema: DownloadFile },
              'application/octet-stream': { schema: DownloadFile },
            },
          },
          ...errorResponses(404),
        },
      },
    },
    async (request, reply) => {
      const row = await fastify.documentRepository.findById(request.params.id);
      if (!row) throw new AppError('NotFound', { message: `document ${request.params.id}` });
      const file = await fastify.storage.get(row.storageKey);
      if (!file)
        throw new AppError('NotFound', { message: `document ${row.id}: file ${row.storageKey} missing from storage` });
      // A HEAD (Fastify answers it with this handler) fetches no document: only a GET is a download.
      if (request.method === 'GET') {
        const source = request.query.Source === 'link' ? DOWNLOAD_SOURCE.link : DOWNLOAD_SOURCE.direct;
        // The count is the owner's figure, not the visitor's need: a failure to record it never refuses the file.
        await fastify.documentRepository
          .recordDownload(row.id, source)
          .catch((error: unknown) => request.log.warn({ err: error, document: row.id }, 'download not counted'));
      }
      // The bytes bypass the JSON serializer; the typed reply only knows JSON bodies.
      return (reply as FastifyReply)
        .header('content-type', row.contentType)
        .header('content-length', String(file.data.length))
        .header(
          'content-disposition',
          contentDisposition(row.fileName, row.contentType === 'application/pdf' ? 'inline' : 'attachment'),
        )
        .header('cache-control', 'public, max-age=3600')
        .send(file.data);
    },
  );
};

export default downloadModule;
