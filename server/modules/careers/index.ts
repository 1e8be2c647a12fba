import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { type FastifyPluginAsyncZod, validatorCompiler } from 'fastify-type-provider-zod';
import { storeJobApplication } from './repository';
import { AppError } from '../../errors/app-error';
import { errorResponses } from '../../errors/error-body';
import { CreatedResponse } from '../contact/schemas';
import { acceptedCvType, CV_MAX_BYTES, CV_TYPES, cleanFileName } from './cv-file';
import { CareersApplicationFields, CareersApplyBody } from './schemas';

/** Applications per client IP. */
export const CAREERS_RATE_LIMIT = { max: 5, timeWindow: '1 hour' } as const;

const TEXT_FIELDS = new Set(['Name', 'Email', 'Message']);

interface ReadApplication {
  fields: Record<string, string>;
  file: { data: Buffer; mimetype: string; filename: string } | undefined;
}

/** Reads the whole multipart body: the text fields and the one file named Cv. */
async function readApplication(request: FastifyRequest): Promise<ReadApplication> {
  const fields: Record<string, string> = {};
  let file: ReadApplication['file'];
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (part.fieldname !== 'Cv' || file) {
        // Unknown or second file: drain it and refuse the request.
        await part.toBuffer().catch(() => undefined);
        throw new AppError('TooManyFiles', { message: `unexpected file field ${part.fieldname}` });
      }
      // toBuffer throws FST_REQ_FILE_TOO_LARGE (413, FileTooLarge) past limits.fileSize.
      file = { data: await part.toBuffer(), mimetype: part.mimetype, filename: part.filename };
    } else if (TEXT_FIELDS.has(part.fieldname) && typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  return { fields, file };
}

/** POST /api/Careers/Apply: a job application with a CV, from the 'work with us' modal. */
const careersModule: FastifyPluginAsyncZod = async function careersModule(fastify) {
  // Only this module parses multipart bodies; elsewhere they are 415.
  await fastify.register(multipart, {
    limits: { fileSize: CV_MAX_BYTES, files: 1, fields: 10, fieldSize: 16 * 1024, parts: 12, headerPairs: 100 },
  });

  fastify.post(
    '/api/Careers/Apply',
    {
      config: { rateLimit: CAREERS_RATE_LIMIT },
      // The body is a stream read in the handler; its schema is for the published document.
      validatorCompiler: (route) =>
        route.httpPart === 'body'
          ? () => ({ value: undefined })
          : validatorCompiler(route as unknown as Parameters<typeof validatorCompiler>[0]),
      schema: {
        tags: ['Careers'],
        summary: 'Apply for a job with a CV (multipart/form-data)',
        consumes: ['multipart/form-data'],
        body: CareersApplyBody,
        response: { 201: CreatedResponse, ...errorResponses(413, 415) },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart())
        throw new AppError('UnsupportedMediaType', { message: 'expected multipart/form-data' });
      const { fields, file } = await readApplication(request);
      const parsed = CareersApplicationFields.safeParse(fields);
      if (!parsed.success) throw new AppError('ValidationError', { message: parsed.error.message });
      if (!file || file.data.length === 0) throw new AppError('MissingFile', { message: 'no Cv file' });
      const contentType = acceptedCvType(file.mimetype, file.data);
      if (!contentType) throw new AppError('InvalidFileType', { message: `declared ${file.mimetype}` });

      const { extension } = CV_TYPES[contentType];
      const now = new Date();
      const key = `careers/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomUUID()}.${extension}`;
      await fastify.storage.put(key, file.data, contentType);
      try {
        const row = await storeJobApplication(fastify.db, {
          name: parsed.data.Name,
          email: parsed.data.Email,
          message: parsed.data.Message ?? null,
          cvStorageKey: key,
          fileName: cleanFileName(file.filename, extension),
          contentType,
          sizeBytes: file.data.length,
        });
        request.log.info({ jobApplicationId: row.id }, 'job application stored');
        return reply.code(201).send({ Id: row.id });
      } catch (error) {
        await fastify.storage.delete(key).catch(() => undefined);
        throw error;
      }
    },
  );
};

export default careersModule;
