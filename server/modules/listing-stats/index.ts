import fp from 'fastify-plugin';
import { createListingStatsRepository, type ListingStatsRepository } from './repository';

declare module 'fastify' {
  interface FastifyInstance {
    listingStats: ListingStatsRepository;
  }
}

/** Decorates the listing-count repository that the home and SEO modules share. */
export default fp(
  async function listingStats(fastify) {
    fastify.decorate('listingStats', createListingStatsRepository(fastify.db));
  },
  { name: 'listing-stats', dependencies: ['context'], fastify: '5.x' },
);
