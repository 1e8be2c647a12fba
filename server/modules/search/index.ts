import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { parseSearchParams } from '../../../domain/search';
import { errorResponses } from '../../errors/error-body';
import { AppError } from '../../errors/app-error';
import { createPlaceSearch, searchListings } from './repository';
import { PlacesQuery, PlacesResult, SearchListingsQuery, SearchResult } from './schemas';

/** The search: listings of a place or an area with filters, sorts, keyset pages and map markers; the place autocomplete. */
const searchModule: FastifyPluginAsyncZod = async function searchModule(fastify) {
  const searchPlaces = createPlaceSearch(fastify.db);

  fastify.get(
    '/api/Search/Listings',
    {
      schema: {
        tags: ['Search'],
        summary: 'Published listings of a search: one page, the exact total, the markers of the whole result set, the area',
        querystring: SearchListingsQuery,
        response: { 200: SearchResult, ...errorResponses(404) },
      },
    },
    async (request) => {
      // The schema has refused every malformed key; what remains is what the type lacks.
      const { params, errors } = parseSearchParams(request.query);
      if (Object.keys(errors).length > 0) throw new AppError(errors.Search ? 'InvalidSearch' : 'ValidationError');
      return searchListings(fastify.db, params);
    },
  );

  fastify.get(
    '/api/Search/Places',
    {
      schema: {
        tags: ['Search'],
        summary: 'Place autocomplete: towns, districts, provinces, regions and streets of listings, each with the search to run',
        querystring: PlacesQuery,
        response: { 200: PlacesResult, ...errorResponses() },
      },
    },
    async (request) => ({ Items: await searchPlaces(request.query.Text, request.query.Limit) }),
  );
};

export default searchModule;
