import { relations } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { properties } from './properties';
import { userTokens } from './user-tokens';
import { users } from './users';

/** Listings a user keeps (/myrexer/preferiti), with the price when saved. */
export const favorites = pgTable(
  'favorites',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    /** The asking price when the favourite was saved: the list shows the change since. */
    priceAtSave: integer('price_at_save'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.propertyId] }), index('favorites_property_idx').on(t.propertyId)],
);

/**
 * Favourites of a visitor without an account: they belong to the anonymous session's user
 * token and move to the account at login (then the rows here are deleted).
 */
export const anonymousFavorites = pgTable(
  'anonymous_favorites',
  {
    userTokenId: integer('user_token_id')
      .notNull()
      .references(() => userTokens.id, { onDelete: 'cascade' }),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    priceAtSave: integer('price_at_save'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userTokenId, t.propertyId] }),
    index('anonymous_favorites_property_idx').on(t.propertyId),
  ],
);

export const favoritesRelations = relations(favorites, ({ one }) => ({
  user: one(users, { fields: [favorites.userId], references: [users.id] }),
  property: one(properties, { fields: [favorites.propertyId], references: [properties.id] }),
}));

export const anonymousFavoritesRelations = relations(anonymousFavorites, ({ one }) => ({
  userToken: one(userTokens, { fields: [anonymousFavorites.userTokenId], references: [userTokens.id] }),
  property: one(properties, { fields: [anonymousFavorites.propertyId], references: [properties.id] }),
}));
