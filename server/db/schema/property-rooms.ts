import { relations } from 'drizzle-orm';
import { integer, pgTable, primaryKey, smallint } from 'drizzle-orm/pg-core';
import { properties } from './properties';
import { roomTypes } from './reference-lists';

/** Home composition (wizard step 6): how many rooms of each room type. */
export const propertyRooms = pgTable(
  'property_rooms',
  {
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    roomTypeId: smallint('room_type_id')
      .notNull()
      .references(() => roomTypes.id),
    count: smallint('count').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.propertyId, t.roomTypeId] })],
);

export const propertyRoomsRelations = relations(propertyRooms, ({ one }) => ({
  property: one(properties, { fields: [propertyRooms.propertyId], references: [properties.id] }),
  roomType: one(roomTypes, { fields: [propertyRooms.roomTypeId], references: [roomTypes.id] }),
}));
