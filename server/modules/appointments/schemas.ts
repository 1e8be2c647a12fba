import { z } from 'zod';
import { isOneLineText } from '@domain/person-name';
import { queryInt } from '../shared/query';

// The visits' contract (docs/spec.md §4, "Appointments (visits)"): PascalCase fields, times as
// ISO 8601 instants, visit windows as Rome's wall-clock "HH:MM".

const HHMM = z.string().regex(/^\d{2}:\d{2}$/, 'HH:MM');

export const VisitWindowItem = z
  .strictObject({
    Weekday: z.number().int().min(1).max(7).describe('1 Monday ... 7 Sunday.'),
    From: HHMM.describe('Start, Europe/Rome time, on a half hour: "09:00", "09:30".'),
    To: HHMM.describe('End, after From, on a half hour; "24:00" ends at midnight.'),
  })
  .meta({ id: 'VisitWindow' });

export const VisitWindowsBody = z
  .strictObject({
    Windows: z
      .array(VisitWindowItem)
      .max(14)
      .describe('At most 14, none overlapping another of its weekday; an empty list receives no visits.'),
  })
  .meta({ id: 'VisitWindows' });

export const VisitSlotsResponse = z
  .object({
    Slots: z
      .array(z.iso.datetime())
      .describe(
        'Free 30-minute visit starts from tomorrow for 14 days (Europe/Rome days), inside the windows, without the confirmed ones; ascending.',
      ),
    VisitMinutes: z.literal(30),
  })
  .meta({ id: 'VisitSlots' });

/**
 * A message to the owner: text on one or more lines (line feeds and tabs allowed, other control,
 * direction and invisible characters refused), at most 1000 characters.
 */
const Message = z
  .string()
  .trim()
  .max(1000)
  .refine((value) => value.split(/\r\n|\r|\n|\t/).every(isOneLineText), {
    message: 'text: lines of visible characters',
  })
  .describe(
    'Text for the owner, at most 1000 characters; line breaks allowed, no other control, direction or invisible character.',
  );

const Phone = z
  .string()
  .trim()
  .regex(/^\+?[0-9 ]{6,20}$/)
  .describe('Digits, spaces and a leading +; 6-20 characters.');

const Instant = z.iso.datetime({ offset: true });

export const CreateAppointmentRequest = z
  .strictObject({
    PropertyId: z.number().int().positive().max(2_147_483_647),
    Slots: z
      .array(Instant)
      .min(1)
      .max(3)
      .refine((slots) => new Set(slots.map((s) => Date.parse(s))).size === slots.length, { message: 'no slot twice' })
      .describe("1-3 different starts among the listing's VisitSlots."),
    Message: Message.optional(),
    Phone: Phone.optional(),
  })
  .meta({ id: 'CreateAppointmentRequest' });

export const CreatedAppointment = z
  .object({ Id: z.number().int(), Status: z.literal(1) })
  .meta({ id: 'CreatedAppointment' });

export const AppointmentStatus = z
  .literal([0, 1, 2, 3, 4, 5, 6])
  .describe(
    '0 not set, 1 pending, 2 confirmed, 3 cancelled, 4 accepted with phone number, 5 cancelled after confirmation, 6 expired.',
  );
const Actor = z.enum(['none', 'owner', 'buyer', 'call_center', 'back_office']);

export const AppointmentItem = z
  .object({
    Id: z.number().int(),
    Role: z.enum(['buyer', 'owner']).describe("The caller's part in the appointment."),
    Status: AppointmentStatus,
    Tab: z.literal([0, 1, 2]).describe('0 waiting, 1 future, 2 cancelled.'),
    Done: z.boolean().describe('A confirmed visit whose time has passed.'),
    Property: z.object({
      Id: z.number().int(),
      Title: z.string(),
      ImageUrl: z.string().nullable(),
      Town: z.string().nullable(),
    }),
    Slots: z.array(z.iso.datetime()).describe('The requested starts.'),
    ScheduledAt: z.iso.datetime().nullable().describe('The confirmed start.'),
    ExpiresAt: z.iso.datetime().nullable().describe('A pending request expires then (its earliest slot).'),
    OtherPartyName: z.string().nullable().describe("The other party's first name."),
    Reason: z.number().int().nullable().describe('The cancellation reason (0-12).'),
    LastActor: Actor,
    CreatedAt: z.iso.datetime(),
  })
  .meta({ id: 'AppointmentItem' });

export const AppointmentListQuery = z.object({
  Role: z.enum(['buyer', 'owner']),
  Tab: queryInt(0, 2).describe(
    '0 waiting (pending), 1 future (confirmed, accepted with phone), 2 cancelled (cancelled, cancelled after confirmation, expired).',
  ),
  AfterId: queryInt(1, 2_147_483_647).optional().describe('The NextAfterId of the previous page.'),
  Limit: queryInt(1, 50).optional().describe('At most this many (default 20).'),
});

export const AppointmentList = z
  .object({
    Items: z.array(AppointmentItem),
    NextAfterId: z.number().int().nullable().describe('Pass as AfterId for the next page; null on the last.'),
  })
  .meta({ id: 'AppointmentList' });

export const AppointmentDetail = AppointmentItem.extend({
  Message: z.string().nullable(),
  BuyerPhone: z
    .string()
    .nullable()
    .describe("The buyer's phone, shown to the owner once the request is confirmed or accepted with phone."),
  OwnerPhone: z
    .string()
    .nullable()
    .describe("The owner's phone, shown to the buyer only while the status is 4 (accepted with phone number)."),
  History: z.array(
    z.object({ Status: AppointmentStatus, Actor, Reason: z.number().int().nullable(), At: z.iso.datetime() }),
  ),
}).meta({ id: 'AppointmentDetail' });

export const ConfirmBody = z
  .strictObject({ Slot: Instant.describe('One of the requested slots, still ahead.') })
  .meta({ id: 'ConfirmAppointment' });
export const CancelBody = z
  .strictObject({
    Reason: z
      .number()
      .int()
      .min(0)
      .max(12)
      .describe('A reason the machine allows for the caller (domain/appointment.ts).'),
  })
  .meta({ id: 'CancelAppointment' });

export const CalendarFile = z.string().meta({ format: 'binary' });
