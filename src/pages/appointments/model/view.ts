import type { AppointmentRole, AppointmentTabId } from '@/entities/appointment';

/**
 * The side of the visits shown, kept in the URL so a reload or a shared link keeps it:
 * `?ruolo=proprietario` shows the requests received; without it, the visits I asked for.
 */
export const ROLE_PARAM = 'ruolo';
export const OWNER_SLUG = 'proprietario';

export interface AppointmentsSearch {
  ruolo?: typeof OWNER_SLUG;
}

/** Keeps `ruolo` when it names the owner's side; drops the rest (the buyer's side is the default). */
export function parseAppointmentsSearch(search: Record<string, unknown>): AppointmentsSearch {
  return search[ROLE_PARAM] === OWNER_SLUG ? { ruolo: OWNER_SLUG } : {};
}

export function roleOf(search: Record<string, unknown>): AppointmentRole {
  return search[ROLE_PARAM] === OWNER_SLUG ? 'owner' : 'buyer';
}

export function searchOf(role: AppointmentRole): AppointmentsSearch {
  return role === 'owner' ? { ruolo: OWNER_SLUG } : {};
}

/** `/myrexer/appuntamenti/{0|1|2}`: 0 waiting, 1 ahead, 2 cancelled (docs/spec.md §4). */
export const TABS: readonly AppointmentTabId[] = [0, 1, 2];

/** The wording of a cancellation: withdrawing or refusing a request, or cancelling a visit set. */
export function cancelVariant(appointment: {
  Status: number;
  Role: AppointmentRole;
}): 'buyerOpen' | 'ownerOpen' | 'upcoming' {
  if (appointment.Status === 1) return appointment.Role === 'owner' ? 'ownerOpen' : 'buyerOpen';
  return 'upcoming';
}
