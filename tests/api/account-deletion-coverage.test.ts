import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { properties, users } from '../../server/db/schema';
import { ACCOUNT_DELETION_COVERAGE } from '../../server/modules/profile/account-deletion';
import { fillAccountData, rowsReferring, twoListings } from './account-data-fixture';
import { describeOnBackends, signedInUser } from './helpers';

// The deletion of an account must handle every table that refers to a user: a new table with a
// foreign key to users (or a user_id-like column) fails here until it is listed in
// ACCOUNT_DELETION_COVERAGE, and every `deleted` column must be left with no row of the user.

const covered = Object.entries(ACCOUNT_DELETION_COVERAGE) as [string, { handling: 'deleted' | 'retained' }][];

describeOnBackends(
  'account deletion covers every table that refers to a user',
  { env: { CAPTCHA: 'off', RATE_LIMIT_MAX: '0', LOGIN_RATE_LIMIT_MAX: '1000' } },
  (suite) => {
    it('lists every column of the catalogue that refers to users, and nothing that is not one', async () => {
      const result = await suite.db.execute<{ ref: string }>(sql`
      select c.conrelid::regclass::text || '.' || a.attname as ref
        from pg_constraint c
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
       where c.contype = 'f' and c.confrelid = 'public.users'::regclass
      union
      select table_name || '.' || column_name
        from information_schema.columns
       where table_schema = 'public' and table_name <> 'users'
         and column_name ~ '(^|_)(user|owner)_id$'`);
      const inCatalogue = result.rows.map((row) => row.ref).sort();
      const listed = Object.keys(ACCOUNT_DELETION_COVERAGE).sort();
      const notHandled = inCatalogue.filter((ref) => !listed.includes(ref));
      expect(
        notHandled,
        `columns referring to a user that the deletion does not handle: ${notHandled.join(', ')}`,
      ).toEqual([]);
      expect(listed.filter((ref) => !inCatalogue.includes(ref))).toEqual([]);
    });

    it('leaves no row of the deleted user in any deleted table, keeps the retained ones and the other user’s data', async () => {
      const gone = await signedInUser(suite.app, suite.db, { email: `via.${suite.backend.name}@example.com` });
      const other = await signedInUser(suite.app, suite.db, { email: `resta.${suite.backend.name}@example.com` });
      const [goneListing, otherListing] = await twoListings(suite.db);
      await fillAccountData(suite.db, {
        userId: gone.id,
        otherUserId: other.id,
        ownPropertyId: goneListing,
        otherPropertyId: otherListing,
        tag: 'via',
      });
      await fillAccountData(suite.db, {
        userId: other.id,
        otherUserId: gone.id,
        ownPropertyId: otherListing,
        otherPropertyId: goneListing,
        tag: 'resta',
      });
      // The fixture reaches every listed column: a column added to the list needs data here too.
      for (const [ref] of covered) {
        const [table, column] = ref.split('.');
        expect(await rowsReferring(suite.db, table, column, gone.id), `${ref} before the deletion`).toBeGreaterThan(0);
      }
      const otherBefore = Object.fromEntries(
        await Promise.all(
          covered.map(async ([ref]) => {
            const [table, column] = ref.split('.');
            return [ref, await rowsReferring(suite.db, table, column, other.id)] as const;
          }),
        ),
      );

      expect((await gone.call('DELETE', `/api/user/${gone.id}`)).statusCode).toBe(200);

      for (const [ref, rule] of covered) {
        const [table, column] = ref.split('.');
        const left = await rowsReferring(suite.db, table, column, gone.id);
        if (rule.handling === 'deleted') expect(left, `${ref} after the deletion`).toBe(0);
        else expect(left, `${ref} is retained`).toBeGreaterThan(0);
      }
      const [account] = await suite.db.select().from(users).where(eq(users.id, gone.id));
      expect(account).toMatchObject({ name: null, surname: null, passwordHash: null });
      expect(account.deletedAt).not.toBeNull();

      // The other user keeps what is theirs alone; what they shared with the deleted user
      // (the visit asked for and the thread begun on the deleted user's listing, the favourite of it)
      // went with that listing and those threads.
      const otherAfter = async (ref: string) => {
        const [table, column] = ref.split('.');
        return rowsReferring(suite.db, table, column, other.id);
      };
      for (const ref of [
        'user_addresses.user_id',
        'user_consents.user_id',
        'user_tokens.user_id',
        'session_tokens.user_id',
        'saved_searches.user_id',
        'media.user_id',
        'valuations.owner_user_id',
        'properties.owner_user_id',
        'orders.user_id',
      ])
        expect(await otherAfter(ref), ref).toBe(otherBefore[ref]);
      for (const ref of [
        'favorites.user_id',
        'appointments.requester_user_id',
        'appointments.owner_user_id',
        'message_threads.buyer_user_id',
        'message_threads.owner_user_id',
      ])
        expect(await otherAfter(ref), ref).toBe(0);
      expect(
        await suite.db.select({ id: properties.id }).from(properties).where(eq(properties.id, otherListing)),
      ).toHaveLength(1);
      expect((await other.call('GET', '/api/Account/Me')).statusCode).toBe(200);
    });
  },
);
