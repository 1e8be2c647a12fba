import { queryOptions } from '@tanstack/react-query';
import { slugify } from '@/entities/city';
import { findMunicipalities, type Municipality } from '@/features/pick-location';

/**
 * The municipality of /valutocasa/citta/{city}: the place autocomplete's town whose name has
 * that slug ('reggio-nell-emilia'), or null when none has. The route's loader runs it, so the
 * page is rendered on the server with the town's name.
 */
export const valuationCityQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['valuation-wizard', 'city', slug],
    queryFn: async ({ signal }): Promise<Municipality | null> => {
      const towns = await findMunicipalities(slug.replace(/-/g, ' '), signal);
      return towns.find((town) => slugify(town.name) === slug) ?? null;
    },
    staleTime: 60 * 60_000,
  });
