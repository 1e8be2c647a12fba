import { relations, sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, varchar } from 'drizzle-orm/pg-core';
import { agencies } from './agencies';
import { createdAt } from './columns';
import { properties } from './properties';
import { mediaTypes, roomTypes } from './reference-lists';
import { users } from './users';

/**
 * Images and files of a listing, a user (profile image) or an agency (logo): exactly
 * one owner per row. The bytes live in FileStorage under storageKey; url is what the
 * API hands out (/media/{key}).
 */
export const media = pgTable(
  'media',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    propertyId: integer('property_id').references(() => properties.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    agencyId: integer('agency_id').references(() => agencies.id, { onDelete: 'cascade' }),
    mediaTypeId: smallint('media_type_id')
      .notNull()
      .references(() => mediaTypes.id),
    /** For room images: which room it shows. */
    roomTypeId: smallint('room_type_id').references(() => roomTypes.id),
    storageKey: varchar('storage_key', { length: 512 }).notNull(),
    url: varchar('url', { length: 1024 }).notNull(),
    thumbnailKey: varchar('thumbnail_key', { length: 512 }),
    thumbnailUrl: varchar('thumbnail_url', { length: 1024 }),
    contentType: varchar('content_type', { length: 100 }).notNull(),
    sizeBytes: integer('size_bytes'),
    width: integer('width'),
    height: integer('height'),
    /** Display order within the owner, 0 first (the cover). */
    position: smallint('position').notNull().default(0),
    caption: text('caption'),
    createdAt: createdAt(),
  },
  (t) => [
    check('media_one_owner', sql`num_nonnulls(${t.propertyId}, ${t.userId}, ${t.agencyId}) = 1`),
    index('media_property_idx').on(t.propertyId, t.position),
    index('media_user_idx').on(t.userId),
    index('media_agency_idx').on(t.agencyId),
  ],
);

export const mediaRelations = relations(media, ({ one }) => ({
  property: one(properties, { fields: [media.propertyId], references: [properties.id] }),
  user: one(users, { fields: [media.userId], references: [users.id] }),
  agency: one(agencies, { fields: [media.agencyId], references: [agencies.id] }),
  mediaType: one(mediaTypes, { fields: [media.mediaTypeId], references: [mediaTypes.id] }),
  roomType: one(roomTypes, { fields: [media.roomTypeId], references: [roomTypes.id] }),
}));
