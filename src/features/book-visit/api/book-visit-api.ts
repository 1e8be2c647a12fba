import { queryOptions } from '@tanstack/react-query';
import { apiClient, unwrap, type components } from '@/shared/api';

// The buyer's side of the visits (docs/spec.md §4): a listing's free slots and a new request.
// Every key starts with 'appointments': the live events invalidate them all.

export type VisitSlots = components['schemas']['VisitSlots'];
export type CreateAppointmentRequest = components['schemas']['CreateAppointmentRequest'];
export type CreatedAppointment = components['schemas']['CreatedAppointment'];

export const visitSlotsQueryOptions = (propertyId: number) =>
  queryOptions({
    queryKey: ['appointments', 'visit-slots', propertyId] as const,
    queryFn: async ({ signal }): Promise<VisitSlots> =>
      unwrap(
        'GET /api/Property/{id}/VisitSlots',
        await apiClient.GET('/api/Property/{id}/VisitSlots', { params: { path: { id: propertyId } }, signal }),
      ),
    // A slot somebody else takes meanwhile is refused on sending; the list reloads then.
    staleTime: 60_000,
  });

export async function requestVisit(body: CreateAppointmentRequest): Promise<CreatedAppointment> {
  return unwrap('POST /api/Appointment', await apiClient.POST('/api/Appointment', { body }));
}
