import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { apiClient, unwrap, type components } from '@/shared/api';

// The visits' calls (server/modules/appointments), typed by the generated schema. Every query
// key starts with APPOINTMENTS_KEY: the live-events subscriber invalidates ['appointments'] on
// an `appointment` event, and a change made here refreshes them all.

export type AppointmentItem = components['schemas']['AppointmentItem'];
export type AppointmentDetail = components['schemas']['AppointmentDetail'];
export type AppointmentList = components['schemas']['AppointmentList'];
export type AppointmentHistoryEntry = AppointmentDetail['History'][number];
export type AppointmentRole = AppointmentItem['Role'];
export type AppointmentTabId = AppointmentItem['Tab'];

export const APPOINTMENTS_KEY = ['appointments'] as const;
const PAGE_SIZE = 20;

/** One tab of my visits as buyer or as owner, newest first, 20 at a time (NextAfterId). */
export const appointmentListQueryOptions = (role: AppointmentRole, tab: AppointmentTabId) =>
  infiniteQueryOptions({
    queryKey: [...APPOINTMENTS_KEY, 'list', role, tab] as const,
    queryFn: async ({ pageParam, signal }): Promise<AppointmentList> =>
      unwrap(
        'GET /api/Appointment/List',
        await apiClient.GET('/api/Appointment/List', {
          params: { query: { Role: role, Tab: tab, AfterId: pageParam, Limit: PAGE_SIZE } },
          signal,
        }),
      ),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.NextAfterId ?? undefined,
    staleTime: 10_000,
  });

/** One of my visits with its history (and the phone numbers the server chooses to show). */
export const appointmentQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...APPOINTMENTS_KEY, 'detail', id] as const,
    queryFn: async ({ signal }): Promise<AppointmentDetail> =>
      unwrap(
        'GET /api/Appointment/{id}',
        await apiClient.GET('/api/Appointment/{id}', { params: { path: { id } }, signal }),
      ),
    staleTime: 10_000,
  });

/**
 * Whether the owner's side means anything to this user: a listing of theirs, or a request
 * received (a listing since deleted keeps its requests). One listing and one request per tab
 * at most: the answer only hides a switch that would lead to nothing.
 */
export const ownerSideQueryOptions = () =>
  queryOptions({
    queryKey: [...APPOINTMENTS_KEY, 'owner-side'] as const,
    queryFn: async ({ signal }): Promise<boolean> => {
      const listings = unwrap(
        'GET /api/User/MyProperties',
        await apiClient.GET('/api/User/MyProperties', { params: { query: { Limit: 1 } }, signal }),
      );
      if (listings.Items.length > 0) return true;
      const tabs = await Promise.all(
        ([0, 1, 2] as const).map(async (tab) =>
          unwrap(
            'GET /api/Appointment/List',
            await apiClient.GET('/api/Appointment/List', {
              params: { query: { Role: 'owner', Tab: tab, Limit: 1 } },
              signal,
            }),
          ),
        ),
      );
      return tabs.some((list) => list.Items.length > 0);
    },
    staleTime: 5 * 60_000,
  });

export async function confirmAppointment(id: number, slot: string): Promise<AppointmentDetail> {
  return unwrap(
    'PUT /api/Appointment/{id}/Confirm',
    await apiClient.PUT('/api/Appointment/{id}/Confirm', { params: { path: { id } }, body: { Slot: slot } }),
  );
}

export async function acceptAppointmentWithPhone(id: number): Promise<AppointmentDetail> {
  return unwrap(
    'PUT /api/Appointment/{id}/AcceptWithPhone',
    await apiClient.PUT('/api/Appointment/{id}/AcceptWithPhone', { params: { path: { id } } }),
  );
}

export async function cancelAppointment(id: number, reason: number): Promise<AppointmentDetail> {
  return unwrap(
    'PUT /api/Appointment/{id}/Cancel',
    await apiClient.PUT('/api/Appointment/{id}/Cancel', { params: { path: { id } }, body: { Reason: reason } }),
  );
}

/** The .ics of a confirmed visit: a plain link (the browser's session cookies authenticate it). */
export function appointmentCalendarUrl(id: number): string {
  return `/api/Appointment/${encodeURIComponent(String(id))}/Calendar`;
}
