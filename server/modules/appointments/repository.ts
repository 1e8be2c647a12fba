import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/database';
import { PROPERTY_STATUS } from '../../db/reference-ids';
import {
  appointmentEvents,
  appointmentRefusalReasons,
  appointments,
  appointmentSlots,
  listingVisitWindows,
  mailOutbox,
  media,
  municipalities,
  properties,
  users,
  type MailAttachment,
} from '../../db/schema';
import { LISTING_IMAGE_TYPES } from '../shared/search-listing';
import type { AppointmentMail } from './mail';
import type { VisitWindow } from './slots';

// The visits' queries. Status changes go through transitions.ts, which asks the machine; this
// file only reads and writes rows.

export type Role = 'buyer' | 'owner';
export type Actor = 'none' | 'owner' | 'buyer' | 'call_center' | 'back_office';

/** Whether an error (or its cause: drizzle wraps the driver's) is a unique violation of this index. */
export function isUniqueViolation(error: unknown, index: string): boolean {
  for (
    let e: unknown = error, depth = 0;
    e && typeof e === 'object' && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505')
      return constraint === undefined || constraint === index || String((e as Error).message ?? '').includes(index);
  }
  return false;
}

/** A listing of this owner that is not deleted (its visit windows are the owner's to set). */
export async function findOwnListing(db: Db, userId: number, propertyId: number): Promise<{ id: number } | undefined> {
  const [row] = await db
    .select({ id: properties.id })
    .from(properties)
    .where(
      and(
        eq(properties.id, propertyId),
        eq(properties.ownerUserId, userId),
        ne(properties.statusId, PROPERTY_STATUS.deleted),
      ),
    )
    .limit(1);
  return row;
}

export async function readWindows(db: Db | Tx, propertyId: number): Promise<VisitWindow[]> {
  return db
    .select({
      weekday: listingVisitWindows.weekday,
      startsMinute: listingVisitWindows.startsMinute,
      endsMinute: listingVisitWindows.endsMinute,
    })
    .from(listingVisitWindows)
    .where(eq(listingVisitWindows.propertyId, propertyId))
    .orderBy(asc(listingVisitWindows.weekday), asc(listingVisitWindows.startsMinute));
}

/** Replaces the week of a listing, under the listing's row lock (two saves at once: the last wins whole). */
export async function replaceWindows(db: Db, propertyId: number, windows: VisitWindow[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.select({ id: properties.id }).from(properties).where(eq(properties.id, propertyId)).for('update');
    await tx.delete(listingVisitWindows).where(eq(listingVisitWindows.propertyId, propertyId));
    if (windows.length > 0) await tx.insert(listingVisitWindows).values(windows.map((w) => ({ propertyId, ...w })));
  });
}

export async function findPublishedListing(
  db: Db,
  propertyId: number,
): Promise<{ id: number; ownerUserId: number | null; title: string | null } | undefined> {
  const [row] = await db
    .select({ id: properties.id, ownerUserId: properties.ownerUserId, title: properties.title })
    .from(properties)
    .where(and(eq(properties.id, propertyId), eq(properties.statusId, PROPERTY_STATUS.published)))
    .limit(1);
  return row;
}

/** The confirmed starts of a listing between two instants. */
export async function confirmedStarts(db: Db, propertyId: number, from: Date, to: Date): Promise<Date[]> {
  const rows = await db
    .select({ at: appointments.scheduledAt })
    .from(appointments)
    .where(
      and(
        eq(appointments.propertyId, propertyId),
        eq(appointments.statusId, 2),
        gte(appointments.scheduledAt, from),
        lte(appointments.scheduledAt, to),
      ),
    );
  return rows.flatMap((r) => (r.at ? [r.at] : []));
}

export interface OutgoingMail extends AppointmentMail {
  to: string;
  attachments?: MailAttachment[];
}

export async function queueMails(tx: Tx, mails: OutgoingMail[]): Promise<void> {
  if (mails.length === 0) return;
  await tx.insert(mailOutbox).values(
    mails.map((m) => ({
      toAddress: m.to,
      subject: m.subject.slice(0, 300),
      textBody: m.text,
      template: m.template,
      attachments: m.attachments && m.attachments.length > 0 ? m.attachments : null,
    })),
  );
}

const requester = alias(users, 'requester');
const owner = alias(users, 'owner');

/** An appointment with what its answers and mails need. */
export const appointmentColumns = {
  row: appointments,
  title: sql<string>`coalesce(${properties.title}, 'Annuncio ' || ${properties.id})`,
  town: municipalities.name,
  cover: sql<
    string | null
  >`(select ${media.url} from ${media} where ${media.propertyId} = ${appointments.propertyId} and ${inArray(media.mediaTypeId, LISTING_IMAGE_TYPES)} order by ${media.position}, ${media.id} limit 1)`,
  buyer: { name: requester.name, email: requester.email },
  owner: { name: owner.name, email: owner.email, phone: owner.phone, phonePrefix: owner.phonePrefix },
};

function appointmentQuery(db: Db | Tx) {
  return db
    .select(appointmentColumns)
    .from(appointments)
    .innerJoin(properties, eq(properties.id, appointments.propertyId))
    .leftJoin(municipalities, eq(municipalities.id, properties.municipalityId))
    .innerJoin(requester, eq(requester.id, appointments.requesterUserId))
    .innerJoin(owner, eq(owner.id, appointments.ownerUserId));
}

export type AppointmentView = Awaited<ReturnType<typeof appointmentQuery>>[number];

/** The appointment if the user is its buyer or its owner (the caller's role with it). */
export async function findAppointmentFor(
  db: Db,
  id: number,
  userId: number,
): Promise<(AppointmentView & { role: Role }) | undefined> {
  const [view] = await appointmentQuery(db)
    .where(
      and(eq(appointments.id, id), or(eq(appointments.requesterUserId, userId), eq(appointments.ownerUserId, userId))),
    )
    .limit(1);
  if (!view) return undefined;
  return { ...view, role: view.row.requesterUserId === userId ? 'buyer' : 'owner' };
}

/** The appointment locked for a change (SELECT … FOR UPDATE of its row only). */
export async function lockAppointment(tx: Tx, id: number): Promise<AppointmentView | undefined> {
  const [locked] = await tx
    .select({ id: appointments.id })
    .from(appointments)
    .where(eq(appointments.id, id))
    .for('update');
  if (!locked) return undefined;
  const [view] = await appointmentQuery(tx).where(eq(appointments.id, id)).limit(1);
  return view;
}

export async function listAppointments(
  db: Db,
  userId: number,
  query: { role: Role; statuses: number[]; afterId?: number; limit: number },
): Promise<AppointmentView[]> {
  const conditions = [
    query.role === 'buyer' ? eq(appointments.requesterUserId, userId) : eq(appointments.ownerUserId, userId),
    inArray(appointments.statusId, query.statuses),
  ];
  if (query.afterId !== undefined) conditions.push(lt(appointments.id, query.afterId));
  return appointmentQuery(db)
    .where(and(...conditions))
    .orderBy(desc(appointments.id))
    .limit(query.limit);
}

export async function slotsOf(db: Db | Tx, ids: number[]): Promise<Map<number, Date[]>> {
  const out = new Map<number, Date[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return out;
  const rows = await db
    .select()
    .from(appointmentSlots)
    .where(inArray(appointmentSlots.appointmentId, ids))
    .orderBy(asc(appointmentSlots.startsAt));
  for (const row of rows) out.get(row.appointmentId)?.push(row.startsAt);
  return out;
}

export async function historyOf(db: Db, id: number) {
  return db
    .select()
    .from(appointmentEvents)
    .where(eq(appointmentEvents.appointmentId, id))
    .orderBy(asc(appointmentEvents.id));
}

export async function reasonName(tx: Tx, id: number | null): Promise<string | null> {
  if (id === null || id === 0) return null;
  const [row] = await tx
    .select({ name: appointmentRefusalReasons.name })
    .from(appointmentRefusalReasons)
    .where(eq(appointmentRefusalReasons.id, id));
  return row?.name ?? null;
}

/**
 * A new pending request with its slots and first history row, and the owner's mail, in one
 * transaction. A second open request of the buyer for the listing breaks
 * appointments_open_request_uq (the caller maps it to AppointmentAlreadyRequested).
 */
export async function insertAppointment(
  db: Db,
  input: {
    propertyId: number;
    requesterUserId: number;
    ownerUserId: number;
    slots: Date[];
    message: string | null;
    phone: string | null;
    now: Date;
  },
  mailFor: (id: number, tx: Tx) => Promise<OutgoingMail[]>,
): Promise<number> {
  return db.transaction(async (tx) => {
    const earliest = new Date(Math.min(...input.slots.map((s) => s.getTime())));
    const [row] = await tx
      .insert(appointments)
      .values({
        propertyId: input.propertyId,
        requesterUserId: input.requesterUserId,
        ownerUserId: input.ownerUserId,
        statusId: 1,
        lastActor: 'buyer',
        message: input.message,
        phone: input.phone,
        expiresAt: earliest,
        createdAt: input.now,
        updatedAt: input.now,
      })
      .returning({ id: appointments.id });
    await tx.insert(appointmentSlots).values(input.slots.map((startsAt) => ({ appointmentId: row.id, startsAt })));
    await tx
      .insert(appointmentEvents)
      .values({ appointmentId: row.id, statusId: 1, actor: 'buyer', createdAt: input.now });
    await queueMails(tx, await mailFor(row.id, tx));
    return row.id;
  });
}

/** Pending requests whose time to answer is over (the sweep). */
export async function overduePending(db: Db, now: Date, limit = 200): Promise<number[]> {
  const rows = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(eq(appointments.statusId, 1), lte(appointments.expiresAt, now)))
    .orderBy(asc(appointments.expiresAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Confirmed visits in the next day whose reminder has not gone yet. */
export async function dueReminders(db: Db, now: Date, limit = 200): Promise<number[]> {
  const rows = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(
      and(
        eq(appointments.statusId, 2),
        isNull(appointments.remindedAt),
        gte(appointments.scheduledAt, now),
        lte(appointments.scheduledAt, new Date(now.getTime() + 24 * 3_600_000)),
      ),
    )
    .orderBy(asc(appointments.scheduledAt))
    .limit(limit);
  return rows.map((r) => r.id);
}
