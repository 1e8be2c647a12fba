import { relations } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, smallint } from 'drizzle-orm/pg-core';
import { properties } from './properties';
import { amenities } from './reference-lists';

/** Amenities of a listing (wizard step 23, apartment description). */
export const propertyAmenities = pgTable(
  'property_amenities',
  {
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    amenityId: smallint('amenity_id')
      .notNull()
      .references(() => amenities.id),
  },
  (t) => [
    primaryKey({ columns: [t.propertyId, t.amenityId] }),
    // Filtering search results by amenity.
    index('property_amenities_amenity_idx').on(t.amenityId, t.propertyId),
  ],
);

export const propertyAmenitiesRelations = relations(propertyAmenities, ({ one }) => ({
  property: one(properties, { fields: [propertyAmenities.propertyId], references: [properties.id] }),
  amenity: one(amenities, { fields: [propertyAmenities.amenityId], references: [amenities.id] }),
}));
