import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiClient, unwrap } from '@/shared/api';

/** The agency a valuation is asked through (/valutocasa?agenzia={slug}): its slug and name. */
export interface ValuationAgency {
  slug: string;
  name: string;
}

/** An agency's slug as the API takes it; anything else names no agency. */
export const AGENCY_SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/**
 * The agency of /valutocasa?agenzia={slug} (GET /api/Agency/{slug}), or null for an unknown one:
 * the valuation then goes through no agency, and the page says nothing of it.
 */
export const valuationAgencyQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['valuation-wizard', 'agency', slug],
    queryFn: async ({ signal }): Promise<ValuationAgency | null> => {
      if (!AGENCY_SLUG.test(slug) || slug.length > 200) return null;
      try {
        const agency = unwrap(
          'GET /api/Agency/{slug}',
          await apiClient.GET('/api/Agency/{slug}', { params: { path: { slug } }, signal }),
        );
        return { slug: agency.Slug, name: agency.Name };
      } catch (error) {
        if (error instanceof ApiError && error.status < 500) return null;
        throw error;
      }
    },
    staleTime: 60 * 60_000,
  });
