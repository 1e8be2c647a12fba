import { relations, sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { agencies } from './agencies';
import { createdAt, updatedAt } from './columns';
import { media } from './media';
import { properties } from './properties';
import { userTypes } from './reference-lists';
import { userAddresses } from './user-addresses';
import { userConsents } from './user-consents';

/** How the account signs in: a password of ours, or a social identity provider. */
export const authProviderEnum = pgEnum('auth_provider', ['local', 'google', 'facebook', 'apple', 'oidc']);

/** Account type of the spec's `businessName`: private 0, company 1. */
export const BUSINESS_NAME = { private: 0, company: 1 } as const;

/**
 * Accounts, private and company. Company fields are null for private accounts. The
 * residential (private) or legal (company) address lives in user_addresses; consents
 * are records in user_consents, never flags here.
 */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** Stored lower-cased; the login username is the email. */
    email: varchar('email', { length: 254 }).notNull(),
    /** Private 0, company 1 (the spec's businessName). */
    businessName: smallint('business_name').notNull().default(0),
    /** The home mode the user last chose (0-4). */
    userTypeId: smallint('user_type_id')
      .notNull()
      .default(0)
      .references(() => userTypes.id),
    portal: smallint('portal').notNull().default(5),
    /** The spec's AccessType (meaning not shown): 0 web. */
    accessType: smallint('access_type').notNull().default(0),

    // Sign-in
    /** argon2id PHC string; null for social-only accounts and silent accounts with no password yet. */
    passwordHash: text('password_hash'),
    provider: authProviderEnum('provider').notNull().default('local'),
    /** The identity provider's subject id, for social logins. */
    providerSubject: varchar('provider_subject', { length: 255 }),
    /**
     * The user token (session) that chose the password while the address was not yet proven
     * (a registration with a password, the wizard's first password, a change before the
     * confirmation); null once the mailbox's owner has confirmed it or chose the password
     * through a mailed link. The confirmation keeps the password only when it is opened in
     * that session (docs/decisions.md).
     */
    passwordSetByTokenId: integer('password_set_by_token_id'),
    /**
     * A password chosen before the confirmation, taken away by a confirmation opened in another
     * session: it logs in again only if the person who opened the link types it
     * (POST /api/Account/KeepPassword); choosing a new password, or a recovery, drops it.
     */
    suspendedPasswordHash: text('suspended_password_hash'),
    /** Silent accounts are created by the wizard's first step before any password exists. */
    isSilent: boolean('is_silent').notNull().default(false),
    /** RegistrationConfirmed: the email address was confirmed. */
    registrationConfirmed: boolean('registration_confirmed').notNull().default(false),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    failedLoginAttempts: smallint('failed_login_attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),

    // Person (for companies: the account holder)
    name: varchar('name', { length: 100 }),
    surname: varchar('surname', { length: 100 }),
    phonePrefix: varchar('phone_prefix', { length: 6 }),
    phone: varchar('phone', { length: 20 }),
    birthdayDate: date('birthday_date'),
    birthdayCity: varchar('birthday_city', { length: 120 }),
    birthdayCountry: varchar('birthday_country', { length: 80 }),
    /** 'M' or 'F', as on the codice fiscale. */
    sex: varchar('sex', { length: 1 }),
    fiscalCode: varchar('fiscal_code', { length: 16 }),

    // Company
    companyName: varchar('company_name', { length: 200 }),
    pecAddress: varchar('pec_address', { length: 254 }),
    vatNumber: varchar('vat_number', { length: 11 }),
    /** Codice destinatario SDI for electronic invoices. */
    uniqueCode: varchar('unique_code', { length: 7 }),
    referentName: varchar('referent_name', { length: 100 }),
    referentSurname: varchar('referent_surname', { length: 100 }),
    referentPhone: varchar('referent_phone', { length: 20 }),
    /** Rexer staff who approve or reject reviews (agency reviews and reviews of Rexer). */
    isModerator: boolean('is_moderator').notNull().default(false),
    /** The agency a company account manages, if any. */
    agencyId: integer('agency_id').references(() => agencies.id, { onDelete: 'set null' }),

    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_uq').on(sql`lower(${t.email})`),
    uniqueIndex('users_provider_subject_uq')
      .on(t.provider, t.providerSubject)
      .where(sql`${t.providerSubject} is not null`),
    index('users_agency_idx').on(t.agencyId),
  ],
);

export const usersRelations = relations(users, ({ one, many }) => ({
  userType: one(userTypes, { fields: [users.userTypeId], references: [userTypes.id] }),
  agency: one(agencies, { fields: [users.agencyId], references: [agencies.id] }),
  addresses: many(userAddresses),
  consents: many(userConsents),
  properties: many(properties),
  media: many(media),
}));
