import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findUserById } from '../../auth/repository';
import { assertActive, requireSession } from '../../auth/require-user';
import { AppError } from '../../errors/app-error';
import { errorResponses } from '../../errors/error-body';
import { OkResponse } from '../shared/schemas';
import { addFavorite, listFavorites, publishedListingPrice, removeFavorite, type FavoriteOwner } from './repository';
import { FavoriteList, FavoriteParams } from './schemas';

/**
 * The favourites of /myrexer/preferiti, for any session: a logged-in user's belong to the
 * account, an anonymous visitor's to the anonymous session (they move to the account at
 * login). Only the bearer's identity is used: nobody reads or changes another's favourites.
 */
const favoritesModule: FastifyPluginAsyncZod = async function favoritesModule(fastify) {
  const ownerOf = async (authorization: string | undefined): Promise<FavoriteOwner> => {
    const session = await requireSession(fastify, authorization);
    if (session.userId === null) return { userTokenId: session.userTokenId };
    assertActive(await findUserById(fastify.db, session.userId));
    return { userId: session.userId };
  };

  fastify.get(
    '/api/User/Favorites',
    {
      schema: {
        tags: ['Favorites'],
        summary: 'The favourites of the session (account or anonymous), newest first',
        response: { 200: FavoriteList, ...errorResponses(401) },
      },
    },
    async (request) => {
      const items = await listFavorites(fastify.db, await ownerOf(request.headers.authorization));
      return {
        Items: items.map((item) => ({
          Property: item.listing,
          SavedAt: item.savedAt.toISOString(),
          PriceAtSave: item.priceAtSave,
          PriceChange:
            item.priceAtSave === null || item.listing.Price === null ? null : item.listing.Price - item.priceAtSave,
          Status: item.statusId,
        })),
      };
    },
  );

  fastify.put(
    '/api/User/Favorites/:propertyId',
    {
      schema: {
        tags: ['Favorites'],
        summary: 'Keep a published listing among the favourites (idempotent)',
        params: FavoriteParams,
        response: { 200: OkResponse, ...errorResponses(401, 404, 409) },
      },
    },
    async (request) => {
      const owner = await ownerOf(request.headers.authorization);
      const { propertyId } = request.params;
      const listing = await publishedListingPrice(fastify.db, propertyId);
      if (!listing) throw new AppError('PropertyNotFound');
      if ((await addFavorite(fastify.db, owner, propertyId, listing.price)) === 'limit')
        throw new AppError('FavoriteLimitReached');
      return { Ok: true as const };
    },
  );

  fastify.delete(
    '/api/User/Favorites/:propertyId',
    {
      schema: {
        tags: ['Favorites'],
        summary: 'Remove a listing from the favourites',
        params: FavoriteParams,
        response: { 200: OkResponse, ...errorResponses(401) },
      },
    },
    async (request) => {
      await removeFavorite(fastify.db, await ownerOf(request.headers.authorization), request.params.propertyId);
      return { Ok: true as const };
    },
  );
};

export default favoritesModule;
