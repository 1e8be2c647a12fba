import { relations, sql } from 'drizzle-orm';
import { check, doublePrecision, index, integer, jsonb, pgEnum, pgTable, smallint, varchar } from 'drizzle-orm/pg-core';
import { agencies } from './agencies';
import { createdAt } from './columns';
import { sellTypes } from './reference-lists';
import { userTokens } from './user-tokens';
import { users } from './users';

export const valuationOutcomeEnum = pgEnum('valuation_outcome', ['estimate', 'noComparables']);

/**
 * The valuations of /valutocasa (issue 12): the answers valued and the answer given, kept as
 * given (the comparables may change or go later; /valutocasa/{id} shows what was said then).
 * Owned by an account or, for a visitor without one, by the anonymous session's user token
 * (they move to the account at login, as favourites do): exactly one of the two.
 */
export const valuations = pgTable(
  'valuations',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    ownerUserId: integer('owner_user_id').references(() => users.id, { onDelete: 'cascade' }),
    ownerUserTokenId: integer('owner_user_token_id').references(() => userTokens.id, { onDelete: 'cascade' }),
    /** 1 sale, 2 rent. */
    sellTypeId: smallint('sell_type_id')
      .notNull()
      .references(() => sellTypes.id),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    /** The address as the visitor typed it on the landing (shown and mailed back, never searched). */
    address: varchar('address', { length: 300 }),
    /** The subject's answers (ValuationRequest without the position and the address). */
    subject: jsonb('subject').$type<Record<string, unknown>>().notNull(),
    outcome: valuationOutcomeEnum('outcome').notNull(),
    /** Whole euros (monthly for a rent); null without an estimate. */
    estimateLow: integer('estimate_low'),
    estimatePoint: integer('estimate_point'),
    estimateHigh: integer('estimate_high'),
    /** The €/m² the point came from. */
    pricePerM2: doublePrecision('price_per_m2'),
    /** The whole answer of the estimator (domain/valuation/estimator.ts: radius, estimate, every comparable). */
    result: jsonb('result').$type<Record<string, unknown>>().notNull(),
    /** VALUATION_RULES.version of the method that gave it. */
    methodVersion: smallint('method_version').notNull(),
    /** The agency whose page the valuation was asked from («Richiedi una valutazione»): it lets the owner review it. */
    agencyId: integer('agency_id').references(() => agencies.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('valuations_one_owner', sql`(${t.ownerUserId} is null) <> (${t.ownerUserTokenId} is null)`),
    index('valuations_owner_idx').on(t.ownerUserId, t.id.desc()),
    index('valuations_owner_token_idx').on(t.ownerUserTokenId),
    index('valuations_agency_idx')
      .on(t.agencyId, t.ownerUserId)
      .where(sql`${t.agencyId} is not null`),
  ],
);

export const valuationsRelations = relations(valuations, ({ one }) => ({
  owner: one(users, { fields: [valuations.ownerUserId], references: [users.id] }),
  ownerUserToken: one(userTokens, { fields: [valuations.ownerUserTokenId], references: [userTokens.id] }),
}));
