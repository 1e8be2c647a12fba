import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { parseSearchParams, savedCriteria } from '@domain/search';
import { requireUser } from '../../auth/require-user';
import { AppError } from '../../errors/app-error';
import { errorResponses } from '../../errors/error-body';
import { IdParams, OkResponse } from '../shared/schemas';
import { resolveSearchFilter } from '../search/resolve-place';
import { loginRateLimit } from '../sign-in/rate-limits';
import { isDeleteLinkToken } from './links';
import {
  createSavedSearch,
  deleteSavedSearch,
  findSavedSearch,
  listSavedSearches,
  paramsOf,
  summariesOf,
  updateSavedSearch,
  type SavedSearchRow,
} from './repository';
import {
  CreateSavedSearchRequest,
  DeleteByLinkRequest,
  DeleteByLinkResponse,
  SavedSearchItem,
  SavedSearchList,
  UpdateSavedSearchRequest,
} from './schemas';

function itemOf(row: SavedSearchRow, summary: string) {
  return {
    Id: row.id,
    Name: row.name,
    Frequency: row.frequency,
    AlertsEnabled: row.alertsEnabled,
    Criteria: row.criteria,
    Summary: summary,
    CreatedAt: row.createdAt.toISOString(),
    LastNotifiedAt: row.lastNotifiedAt?.toISOString() ?? null,
  };
}

/**
 * The saved searches of /myrexer/ricerche (logged-in users) and the delete link of the alert
 * mails (public, signed). Another user's search answers 404 SavedSearchNotFound, never 403:
 * its existence is not revealed.
 */
const savedSearchesModule: FastifyPluginAsyncZod = async function savedSearchesModule(fastify) {
  const withSummaries = async (rows: SavedSearchRow[]) => {
    const summaries = await summariesOf(
      fastify.db,
      rows.map((row) => paramsOf(row.criteria)),
    );
    return rows.map((row, index) => itemOf(row, summaries[index] ?? ''));
  };

  fastify.get(
    '/api/User/SavedSearches',
    {
      preHandler: requireUser(),
      schema: {
        tags: ['SavedSearches'],
        summary: 'The saved searches of the user, newest first',
        response: { 200: SavedSearchList, ...errorResponses(401) },
      },
    },
    async (request) => ({ Items: await withSummaries(await listSavedSearches(fastify.db, request.user.id)) }),
  );

  fastify.post(
    '/api/User/SavedSearches',
    {
      // A visitor who registered from "Salva ricerca" saves it at once; the alerts wait for the
      // confirmed address (search-alerts.ts mails confirmed accounts only).
      preHandler: requireUser({ allowRapidRegistration: true }),
      schema: {
        tags: ['SavedSearches'],
        summary: 'Save a search, with its alert frequency',
        body: CreateSavedSearchRequest,
        response: { 201: SavedSearchItem, ...errorResponses(401, 404, 409) },
      },
    },
    async (request, reply) => {
      const now = new Date();
      const raw = Object.fromEntries(Object.entries(request.body.Criteria).map(([key, value]) => [key, String(value)]));
      const { params, errors } = parseSearchParams(raw);
      if (Object.keys(errors).length > 0) throw new AppError(errors.Search ? 'InvalidSearch' : 'ValidationError');
      // The place must exist and the area be valid (UnknownPlace 404, InvalidPolygon 400), as for a search.
      await resolveSearchFilter(fastify.db, params);
      const row = await createSavedSearch(fastify.db, {
        userId: request.user.id,
        name: request.body.Name,
        frequency: request.body.Frequency,
        params,
        criteria: savedCriteria(params),
        now,
      });
      if (row === 'limit') throw new AppError('SavedSearchLimitReached');
      const [item] = await withSummaries([row]);
      return reply.code(201).send(item);
    },
  );

  fastify.get(
    '/api/User/SavedSearches/:id',
    {
      preHandler: requireUser(),
      schema: {
        tags: ['SavedSearches'],
        summary: 'One saved search of the user',
        params: IdParams,
        response: { 200: SavedSearchItem, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const row = await findSavedSearch(fastify.db, request.params.id, request.user.id);
      if (!row) throw new AppError('SavedSearchNotFound');
      const [item] = await withSummaries([row]);
      return item!;
    },
  );

  fastify.put(
    '/api/User/SavedSearches/:id',
    {
      preHandler: requireUser(),
      schema: {
        tags: ['SavedSearches'],
        summary: 'Rename a saved search, change its alerts',
        params: IdParams,
        body: UpdateSavedSearchRequest,
        response: { 200: SavedSearchItem, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const { Name, Frequency, AlertsEnabled } = request.body;
      const row = await updateSavedSearch(
        fastify.db,
        request.params.id,
        request.user.id,
        { name: Name, frequency: Frequency, alertsEnabled: AlertsEnabled },
        new Date(),
      );
      if (!row) throw new AppError('SavedSearchNotFound');
      const [item] = await withSummaries([row]);
      return item!;
    },
  );

  fastify.delete(
    '/api/User/SavedSearches/:id',
    {
      preHandler: requireUser(),
      schema: {
        tags: ['SavedSearches'],
        summary: 'Delete a saved search',
        params: IdParams,
        response: { 200: OkResponse, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      if (!(await deleteSavedSearch(fastify.db, request.params.id, request.user.id)))
        throw new AppError('SavedSearchNotFound');
      return { Ok: true as const };
    },
  );

  fastify.post(
    '/api/SavedSearch/DeleteByLink',
    {
      config: { rateLimit: loginRateLimit(fastify) },
      schema: {
        tags: ['SavedSearches'],
        summary: 'Delete a saved search from the signed link of an alert mail (no login)',
        body: DeleteByLinkRequest,
        response: { 200: DeleteByLinkResponse, ...errorResponses(404) },
      },
    },
    async (request) => {
      const { Id, Token } = request.body;
      const row = await findSavedSearch(fastify.db, Id);
      // An unknown id answers like a wrong token: the link call does not reveal which ids exist.
      if (!row) throw new AppError('InvalidDeleteLink');
      if (!isDeleteLinkToken(fastify.secrets.savedSearchLinkKey, row.id, row.userId, Token))
        throw new AppError('InvalidDeleteLink');
      if (!(await deleteSavedSearch(fastify.db, row.id, row.userId))) throw new AppError('SavedSearchNotFound');
      return { Name: row.name };
    },
  );
};

export default savedSearchesModule;
