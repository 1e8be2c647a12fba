import { relations, sql } from 'drizzle-orm';
import { APPOINTMENT_ACTORS } from '@domain/appointment';
import {
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { properties } from './properties';
import { appointmentRefusalReasons, appointmentStatuses } from './reference-lists';
import { users } from './users';

/** Who acted on an appointment last (the spec's actor enumeration). */
export const appointmentActorEnum = pgEnum('appointment_actor', APPOINTMENT_ACTORS);

/**
 * Visit requests from a buyer or renter to the owner of a listing (server/modules/appointments).
 * Their status changes are decided by machines/appointment.machine.ts, never here; the two
 * partial unique indexes are the rules the database must hold whatever the number of servers:
 * a slot of a listing is confirmed once, and a buyer has one open request per listing.
 */
export const appointments = pgTable(
  'appointments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    requesterUserId: integer('requester_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ownerUserId: integer('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    statusId: smallint('status_id')
      .notNull()
      .default(1)
      .references(() => appointmentStatuses.id),
    refusalReasonId: smallint('refusal_reason_id').references(() => appointmentRefusalReasons.id),
    lastActor: appointmentActorEnum('last_actor').notNull().default('none'),
    /** The confirmed slot: null until the owner confirms one of the requested slots (appointment_slots). */
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    /** Phone the requester left, shared with the owner once accepted. */
    phone: varchar('phone', { length: 20 }),
    message: text('message'),
    /** A pending request expires (status 6) when the owner does not answer before it: its earliest slot. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** When the reminder mail of a confirmed visit was queued (once). */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('appointments_requester_idx').on(t.requesterUserId, t.statusId, t.id),
    index('appointments_owner_idx').on(t.ownerUserId, t.statusId, t.id),
    index('appointments_property_idx').on(t.propertyId, t.scheduledAt),
    /** A slot of a listing is confirmed at most once (confirmed: 2). */
    uniqueIndex('appointments_confirmed_slot_uq')
      .on(t.propertyId, t.scheduledAt)
      .where(sql`${t.statusId} = 2`),
    /** At most one open request (pending 1, confirmed 2, accepted with phone 4) per buyer and listing. */
    uniqueIndex('appointments_open_request_uq')
      .on(t.propertyId, t.requesterUserId)
      .where(sql`${t.statusId} in (1, 2, 4)`),
    /** The sweep of overdue pending requests. */
    index('appointments_pending_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.statusId} = 1`),
  ],
);

/** The 1-3 start times a buyer asked for (each a 30-minute visit); the confirmed one is copied to appointments.scheduled_at. */
export const appointmentSlots = pgTable(
  'appointment_slots',
  {
    appointmentId: integer('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.appointmentId, t.startsAt] })],
);

/** The history of an appointment: one row per status it entered, with who and why. */
export const appointmentEvents = pgTable(
  'appointment_events',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    appointmentId: integer('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    statusId: smallint('status_id')
      .notNull()
      .references(() => appointmentStatuses.id),
    actor: appointmentActorEnum('actor').notNull(),
    reasonId: smallint('reason_id').references(() => appointmentRefusalReasons.id),
    createdAt: createdAt(),
  },
  (t) => [index('appointment_events_appointment_idx').on(t.appointmentId, t.id)],
);

/**
 * The weekly hours an owner receives visits at, per listing, in Europe/Rome time: weekday 1
 * (Monday) to 7 (Sunday), from and to as minutes after midnight, on 30-minute steps.
 */
export const listingVisitWindows = pgTable(
  'listing_visit_windows',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    weekday: smallint('weekday').notNull(),
    startsMinute: smallint('starts_minute').notNull(),
    endsMinute: smallint('ends_minute').notNull(),
  },
  (t) => [
    index('listing_visit_windows_property_idx').on(t.propertyId, t.weekday, t.startsMinute),
    check('listing_visit_windows_weekday', sql`${t.weekday} between 1 and 7`),
    check(
      'listing_visit_windows_minutes',
      sql`${t.startsMinute} >= 0 and ${t.endsMinute} <= 1440 and ${t.startsMinute} < ${t.endsMinute}`,
    ),
  ],
);

export const appointmentsRelations = relations(appointments, ({ one, many }) => ({
  property: one(properties, { fields: [appointments.propertyId], references: [properties.id] }),
  requester: one(users, { fields: [appointments.requesterUserId], references: [users.id], relationName: 'requester' }),
  owner: one(users, { fields: [appointments.ownerUserId], references: [users.id], relationName: 'appointmentOwner' }),
  status: one(appointmentStatuses, { fields: [appointments.statusId], references: [appointmentStatuses.id] }),
  refusalReason: one(appointmentRefusalReasons, {
    fields: [appointments.refusalReasonId],
    references: [appointmentRefusalReasons.id],
  }),
  slots: many(appointmentSlots),
  events: many(appointmentEvents),
}));

export const appointmentSlotsRelations = relations(appointmentSlots, ({ one }) => ({
  appointment: one(appointments, { fields: [appointmentSlots.appointmentId], references: [appointments.id] }),
}));

export const appointmentEventsRelations = relations(appointmentEvents, ({ one }) => ({
  appointment: one(appointments, { fields: [appointmentEvents.appointmentId], references: [appointments.id] }),
}));
