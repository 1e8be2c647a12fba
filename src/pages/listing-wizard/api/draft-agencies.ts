import { queryOptions } from '@tanstack/react-query';
import { apiClient, unwrap, type components } from '@/shared/api';

export type DraftAgencies = components['schemas']['DraftAgencies'];
export type DraftAgency = components['schemas']['DraftAgency'];

/**
 * The partner agencies step 44 offers for the draft's home, nearest first, with Rexer's proposal
 * (domain/listing/agency-offer.ts): the only ones the step accepts.
 */
export const draftAgenciesQueryOptions = (listingId: number) =>
  queryOptions({
    queryKey: ['property', listingId, 'draft', 'agencies'],
    queryFn: async ({ signal }) =>
      unwrap(
        'GET /api/Property/{id}/Draft/Agencies',
        await apiClient.GET('/api/Property/{id}/Draft/Agencies', { params: { path: { id: listingId } }, signal }),
      ),
    // The home's position and the agencies change seldom while the seller is on the step.
    staleTime: 60_000,
  });
