import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { favorites, properties, users } from '../../db/schema';

/**
 * A listing's FavoritesCount, the same on its public page and in its owner's My listings: the
 * people keeping it, counted as what a person can do once. That is a confirmed, active account
 * (a mailbox proved, not suspended or deleted) other than the listing's owner. An anonymous
 * session's favourite is not counted: a session costs one call, so a script could raise the
 * figure at will; it counts once it moves to an account at login or registration and that
 * account is confirmed. An unconfirmed account's (a rapid or silent registration) counts from
 * its confirmation on. The visitor's own list (/myrexer/preferiti) keeps all of them.
 */
export function favoritesCountOf(propertyId: AnyColumn | number): SQL<number> {
  return sql<number>`(select count(*)::int from ${favorites} f
    join ${users} u on u.id = f.user_id
    join ${properties} p on p.id = f.property_id
    where f.property_id = ${propertyId} and u.registration_confirmed and u.suspended_at is null and u.deleted_at is null
      and f.user_id is distinct from p.owner_user_id)`;
}
