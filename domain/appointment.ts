// The appointment's domain (docs/spec.md §4, "Appointments (visits)"): a visit request from a
// buyer or renter to the owner of a listing. Pure constants, types and helpers, importable by
// the machine (machines/appointment.machine.ts), the server and the pages alike: domain/
// imports nothing. server/db/reference-ids.ts and the schema's actor enum take their numbers and
// names from here; server/db/reference-lists.test.ts checks them against the seeded lists.

/** The stored status of an appointment (docs/spec.md §4). */
export const APPOINTMENT_STATUS = {
  not_set: 0,
  pending: 1,
  confirmed: 2,
  cancelled: 3,
  accepted_with_phone_number: 4,
  cancelled_post_confirmation: 5,
  expired: 6,
} as const;
export type AppointmentStatusName = keyof typeof APPOINTMENT_STATUS;
export type AppointmentStatusId = (typeof APPOINTMENT_STATUS)[AppointmentStatusName];

const STATUS_IDS: ReadonlySet<number> = new Set(Object.values(APPOINTMENT_STATUS));

export function isAppointmentStatusId(value: unknown): value is AppointmentStatusId {
  return typeof value === 'number' && STATUS_IDS.has(value);
}

/** Who acts on an appointment. 'none' is the clock (the system): it only expires a request. */
export const APPOINTMENT_ACTORS = ['none', 'owner', 'buyer', 'call_center', 'back_office'] as const;
export type AppointmentActor = (typeof APPOINTMENT_ACTORS)[number];

export function isAppointmentActor(value: unknown): value is AppointmentActor {
  return typeof value === 'string' && (APPOINTMENT_ACTORS as readonly string[]).includes(value);
}

/** Why an appointment was cancelled (docs/spec.md §4); 0 is "no reason" (not cancelled). */
export const APPOINTMENT_REFUSAL_REASON = {
  none: 0,
  data_verification: 1,
  seller_not_owner: 2,
  removed_under_two_hours: 3,
  house_sold: 4,
  suspended_listing: 5,
  unforeseen_event: 6,
  found_another_property: 7,
  details_do_not_match: 8,
  request_change: 9,
  property_rented: 10,
  refused: 11,
  talked_to_owner: 12,
} as const;
export type AppointmentRefusalReasonName = keyof typeof APPOINTMENT_REFUSAL_REASON;
export type AppointmentRefusalReasonId = (typeof APPOINTMENT_REFUSAL_REASON)[AppointmentRefusalReasonName];

const R = APPOINTMENT_REFUSAL_REASON;

/**
 * The reasons each actor may give when cancelling. Reason 0 is never a cancellation reason,
 * and the clock ('none') cancels nothing: it only expires a request.
 *
 * The spec lists the reasons without saying who gives them: these are Rexer's choices, by
 * who can know the fact. A buyer never says "seller not owner" or "removed less than two
 * hours before" (checks the call centre and the back office make); an owner never says
 * "found another property" or "talked to the owner" (the buyer's side). The call centre
 * relays what it verified on the phone (data, ownership, the late removal, details that do
 * not match, a buyer who already talked to the owner); the back office acts on the listing
 * itself (data, ownership, the late removal, sold, suspended, let).
 */
export const REASONS_BY_ACTOR: Readonly<Record<AppointmentActor, readonly AppointmentRefusalReasonId[]>> = {
  none: [],
  owner: [R.house_sold, R.suspended_listing, R.unforeseen_event, R.request_change, R.property_rented, R.refused],
  buyer: [R.unforeseen_event, R.found_another_property, R.details_do_not_match, R.request_change, R.talked_to_owner],
  call_center: [
    R.data_verification,
    R.seller_not_owner,
    R.removed_under_two_hours,
    R.details_do_not_match,
    R.talked_to_owner,
  ],
  back_office: [
    R.data_verification,
    R.seller_not_owner,
    R.removed_under_two_hours,
    R.house_sold,
    R.suspended_listing,
    R.property_rented,
  ],
};

/** The reasons `actor` may give when cancelling (none for an unknown actor or the clock). */
export function reasonsFor(actor: AppointmentActor): readonly AppointmentRefusalReasonId[] {
  return isAppointmentActor(actor) ? REASONS_BY_ACTOR[actor] : [];
}

/** Whether `actor` may cancel with `reason`. Safe on untrusted values: anything unknown is refused. */
export function isReasonAllowed(actor: AppointmentActor, reason: number): boolean {
  return (reasonsFor(actor) as readonly number[]).includes(reason);
}

/** The tabs of My appointments (docs/spec.md §4): 0 waiting, 1 future, 2 cancelled. */
export const APPOINTMENT_TAB = { waiting: 0, future: 1, cancelled: 2 } as const;
export type AppointmentTab = (typeof APPOINTMENT_TAB)[keyof typeof APPOINTMENT_TAB];

const S = APPOINTMENT_STATUS;
const TAB_BY_STATUS: Readonly<Record<AppointmentStatusId, AppointmentTab>> = {
  [S.not_set]: APPOINTMENT_TAB.waiting,
  [S.pending]: APPOINTMENT_TAB.waiting,
  [S.confirmed]: APPOINTMENT_TAB.future,
  [S.accepted_with_phone_number]: APPOINTMENT_TAB.future,
  [S.cancelled]: APPOINTMENT_TAB.cancelled,
  [S.cancelled_post_confirmation]: APPOINTMENT_TAB.cancelled,
  [S.expired]: APPOINTMENT_TAB.cancelled,
};

/** The tab an appointment of this status is listed under. */
export function tabOf(status: AppointmentStatusId): AppointmentTab {
  return TAB_BY_STATUS[status];
}

/** A request offers 1 to MAX_SLOTS time slots. */
export const MAX_SLOTS = 3;

/** An ISO 8601 date-time with its offset: 2026-06-01T10:30Z, 2026-06-01T10:30:00.000+02:00. */
const ISO_INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-](\d{2}):(\d{2}))$/;

/**
 * Whether `value` is an ISO 8601 instant: a date-time with its offset (Z or ±hh:mm), on a
 * day of the calendar (no 30 February) and a time of the clock (no 24:00, no leap second).
 * A time without an offset is refused: it names no instant.
 */
export function isIsoInstant(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = ISO_INSTANT.exec(value);
  if (!match) return false;
  const [, y, mo, d, h, mi, s = '00', , oh = '00', om = '00'] = match;
  const [year, month, day, hour, minute, second, offsetHours, offsetMinutes] = [y, mo, d, h, mi, s, oh, om].map(Number);
  if (hour > 23 || minute > 59 || second > 59 || offsetHours > 23 || offsetMinutes > 59) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Two slots name the same instant (whatever their offsets). */
export function sameInstant(a: string, b: string): boolean {
  return isIsoInstant(a) && isIsoInstant(b) && Date.parse(a) === Date.parse(b);
}

/** The slots of a request: 1 to MAX_SLOTS ISO instants, no two of them the same instant. */
export function areValidSlots(slots: unknown): slots is string[] {
  if (!Array.isArray(slots) || slots.length < 1 || slots.length > MAX_SLOTS) return false;
  if (!slots.every(isIsoInstant)) return false;
  return new Set(slots.map((slot) => Date.parse(slot))).size === slots.length;
}

/** The one form slots are stored in: UTC, with milliseconds (Date.prototype.toISOString). */
export function normalizeSlot(slot: string): string {
  return new Date(Date.parse(slot)).toISOString();
}

/**
 * The earliest slot of a request, or null for none: a pending request the owner has not
 * answered by then expires (the clock sends EXPIRE). The machine has no clock; the server does.
 */
export function earliestSlot(slots: readonly string[]): string | null {
  const valid = slots.filter(isIsoInstant);
  if (valid.length === 0) return null;
  return valid.reduce((earliest, slot) => (Date.parse(slot) < Date.parse(earliest) ? slot : earliest));
}
