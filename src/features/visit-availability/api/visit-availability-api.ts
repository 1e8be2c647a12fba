import { queryOptions } from '@tanstack/react-query';
import { apiClient, unwrap, type components } from '@/shared/api';

// The owner's weekly visit windows of a listing and what buyers see of them (docs/spec.md §4).
// Keys start with 'appointments': the live events invalidate them with the visits.

export type VisitWindow = components['schemas']['VisitWindow'];

export const availabilityQueryOptions = (propertyId: number) =>
  queryOptions({
    queryKey: ['appointments', 'availability', propertyId] as const,
    queryFn: async ({ signal }): Promise<VisitWindow[]> =>
      unwrap(
        'GET /api/User/MyProperties/{id}/Availability',
        await apiClient.GET('/api/User/MyProperties/{id}/Availability', {
          params: { path: { id: propertyId } },
          signal,
        }),
      ).Windows,
    staleTime: 30_000,
  });

/** The free slots buyers are offered (the same call and key as the listing page's booking). */
export const offeredSlotsQueryOptions = (propertyId: number) =>
  queryOptions({
    queryKey: ['appointments', 'visit-slots', propertyId] as const,
    queryFn: async ({ signal }) =>
      unwrap(
        'GET /api/Property/{id}/VisitSlots',
        await apiClient.GET('/api/Property/{id}/VisitSlots', { params: { path: { id: propertyId } }, signal }),
      ),
    staleTime: 60_000,
  });

export async function saveAvailability(propertyId: number, windows: VisitWindow[]): Promise<VisitWindow[]> {
  return unwrap(
    'PUT /api/User/MyProperties/{id}/Availability',
    await apiClient.PUT('/api/User/MyProperties/{id}/Availability', {
      params: { path: { id: propertyId } },
      body: { Windows: windows },
    }),
  ).Windows;
}
