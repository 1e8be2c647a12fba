import { relations } from 'drizzle-orm';
import { index, integer, pgEnum, pgTable, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { properties } from './properties';
import { appointmentRefusalReasons, appointmentStatuses } from './reference-lists';
import { users } from './users';

/** Who acted on an appointment last (the spec's actor enumeration). */
export const appointmentActorEnum = pgEnum('appointment_actor', ['none', 'owner', 'buyer', 'call_center', 'back_office']);

/**
 * Visit requests from a buyer or renter to the owner of a listing. Only the demo seed writes
 * them today; the visits capability decides their status changes with a machine in
 * machines/, as the listing statuses are decided, never here.
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
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }).notNull(),
    /** Phone the requester left, shared with the owner once accepted. */
    phone: varchar('phone', { length: 20 }),
    message: text('message'),
    /** A pending request expires (status 6) when the owner does not answer in time. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('appointments_requester_idx').on(t.requesterUserId, t.statusId, t.id),
    index('appointments_owner_idx').on(t.ownerUserId, t.statusId, t.id),
    index('appointments_property_idx').on(t.propertyId, t.scheduledAt),
  ],
);

export const appointmentsRelations = relations(appointments, ({ one }) => ({
  property: one(properties, { fields: [appointments.propertyId], references: [properties.id] }),
  requester: one(users, { fields: [appointments.requesterUserId], references: [users.id], relationName: 'requester' }),
  owner: one(users, { fields: [appointments.ownerUserId], references: [users.id], relationName: 'appointmentOwner' }),
  status: one(appointmentStatuses, { fields: [appointments.statusId], references: [appointmentStatuses.id] }),
  refusalReason: one(appointmentRefusalReasons, {
    fields: [appointments.refusalReasonId],
    references: [appointmentRefusalReasons.id],
  }),
}));
