import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isAppError } from '../errors/app-error';
import { ERROR_CATALOGUE, errorBody, type ErrorName } from '../errors/catalogue';
import { UNAVAILABLE_RETRY_AFTER_S } from '@domain/page-rendering';
import { isDatabaseUnavailable } from '../db/unavailable';
import { isStorageFull, isStorageUnavailable } from '../storage/file-storage';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** Fastify and plugin error codes that have a more precise name than their status. */
const NAME_OF_CODE: Record<string, ErrorName> = {
  FST_ERR_VALIDATION: 'ValidationError',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UnsupportedMediaType',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PayloadTooLarge',
  FST_REQ_FILE_TOO_LARGE: 'FileTooLarge',
  FST_FILES_LIMIT: 'TooManyFiles',
  FST_FIELDS_LIMIT: 'TooManyFiles',
  FST_PARTS_LIMIT: 'TooManyFiles',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'UnsupportedMediaType',
};

const NAME_OF_STATUS: Record<number, ErrorName> = {
  400: 'MalformedRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  405: 'MethodNotAllowed',
  406: 'NotAcceptable',
  409: 'Conflict',
  413: 'PayloadTooLarge',
  415: 'UnsupportedMediaType',
  429: 'TooManyRequests',
  503: 'ServiceUnavailable',
};

/** Turns any thrown value into a catalogue name and the status to answer with. */
export function classifyError(error: unknown): { name: ErrorName; status: number } {
  if (isAppError(error)) return { name: error.type, status: error.statusCode };
  if (typeof error !== 'object' || error === null) return { name: 'InternalError', status: 500 };
  // The database away (restarting, unreachable, out of connections): try again soon, not a fault.
  if (isDatabaseUnavailable(error)) return { name: 'ServiceUnavailable', status: 503 };
  // The object store away (STORAGE_URL unreachable, timing out or answering 5xx): likewise.
  if (isStorageUnavailable(error)) return { name: 'ServiceUnavailable', status: 503 };
  // No room where files are stored: nothing was kept (the storage cleans up), the server answers on.
  if (isStorageFull(error)) return { name: 'StorageFull', status: 507 };
  if (hasZodFastifySchemaValidationErrors(error)) return { name: 'ValidationError', status: 400 };
  if (isResponseSerializationError(error)) return { name: 'InternalError', status: 500 };
  const fe = error as Partial<FastifyError>;
  if (Array.isArray(fe.validation)) return { name: 'ValidationError', status: 400 };
  const byCode = typeof fe.code === 'string' ? NAME_OF_CODE[fe.code] : undefined;
  const status =
    typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode <= 599 ? fe.statusCode : 500;
  if (byCode) return { name: byCode, status: ERROR_CATALOGUE[byCode].status };
  if (status >= 500)
    return status === 503 ? { name: 'ServiceUnavailable', status: 503 } : { name: 'InternalError', status: 500 };
  const name = NAME_OF_STATUS[status];
  return name ? { name, status } : { name: 'MalformedRequest', status: 400 };
}

function send(reply: FastifyReply, status: number, name: ErrorName, extra?: { Token?: string }) {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send({ ...errorBody(name), ...extra });
}

/** The methods that have a (non-catch-all) route for this path. */
function allowedMethods(fastify: FastifyInstance, request: FastifyRequest): string[] {
  const path = request.url.split('?')[0];
  return METHODS.filter((method) => {
    const found = fastify.findRoute({ method, url: path });
    return found !== null && (found.params as Record<string, unknown> | undefined)?.['*'] === undefined;
  });
}

export interface ErrorsOptions {
  /** Requests per minute and IP that may end in the not-found handler (probing, scanners). */
  notFoundMax?: number;
}

/**
 * One shape for every error: `{ ExceptionType, ExceptionTypeString }` and the status of
 * the catalogue. 5xx answers say nothing more; their details go to the log with the
 * request id. The not-found handler is rate-limited, so probing for paths is cheap for
 * us and slow for the prober.
 */
export default fp<ErrorsOptions>(
  async function errors(fastify, opts) {
    fastify.setErrorHandler(function errorHandler(error, request, reply) {
      const { name, status } = classifyError(error);
      if (status >= 500) {
        request.log.error({ err: error }, 'request failed');
      } else {
        request.log.info(
          { err: { type: name, message: (error as Error)?.message, code: (error as FastifyError)?.code } },
          'request refused',
        );
      }
      if (isAppError(error) && error.headers) reply.headers(error.headers);
      if (name === 'ServiceUnavailable' && !reply.hasHeader('retry-after'))
        reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_S));
      return send(reply, status, name, isAppError(error) && status < 500 ? error.extra : undefined);
    });

    // Checked inside the handler rather than as its preHandler: a request that reached a
    // route first (the SPA's catch-all handing /api/... over) has already passed the
    // global limiter, which would make a preHandler limiter skip it.
    const notFoundMax = opts.notFoundMax ?? 120;
    const notFoundLimit =
      notFoundMax > 0 ? fastify.createRateLimit({ max: notFoundMax, timeWindow: '1 minute' }) : undefined;
    fastify.setNotFoundHandler(async function notFound(request, reply) {
      if (notFoundLimit) {
        const limit = await notFoundLimit(request);
        if (!limit.isAllowed && limit.isExceeded) {
          reply.header('retry-after', String(limit.ttlInSeconds));
          return send(reply, 429, 'TooManyRequests');
        }
      }
      if (/^\/api\//i.test(request.url)) {
        const allowed = allowedMethods(fastify, request);
        if (allowed.length > 0) return send(reply.header('allow', allowed.join(', ')), 405, 'MethodNotAllowed');
      }
      return send(reply, 404, 'NotFound');
    });
  },
  { name: 'errors', dependencies: ['rate-limit'], fastify: '5.x' },
);
