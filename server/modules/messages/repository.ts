import { and, asc, desc, eq, gt, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { isPersonName } from '@domain/person-name';
import type { Db, Tx } from '../../db/database';
import { PROPERTY_STATUS } from '../../db/reference-ids';
import {
  agencies,
  mailOutbox,
  media,
  messages,
  messageThreadReads,
  messageThreads,
  municipalities,
  properties,
  users,
} from '../../db/schema';
import { AppError } from '../../errors/app-error';
import { countRequest } from '../../plugins/rate-limit-store';
import { coverSubquery } from '../shared/search-listing';
import { resolveMediaUrlOrNull } from '../shared/media-url';
import { MESSAGE_MAIL_INTERVAL_MS, messageMail } from './mail';
import { isIsoInstant } from '@domain/appointment';

// The messages between a buyer and a listing's owner (one thread per listing and buyer) or
// between a person and an agency's account (one thread per agency and person, «Contatta
// l'agenzia»), read and written only by those two (anybody else: ThreadNotFound), read marks per person, the
// sender's limits counted in the database, the mail to the other person at most every 15
// minutes per thread (a column, so every server agrees).

/** The thread of `threadId` when `userId` is one of its two people. */
export async function findThreadOf(db: Db | Tx, threadId: number, userId: number) {
  const [row] = await db
    .select()
    .from(messageThreads)
    .where(
      and(
        eq(messageThreads.id, threadId),
        or(eq(messageThreads.buyerUserId, userId), eq(messageThreads.ownerUserId, userId)),
      ),
    )
    .limit(1);
  return row;
}

export type ThreadRow = NonNullable<Awaited<ReturnType<typeof findThreadOf>>>;

/**
 * Counts one message of `userId` against the limits of a minute and of a day (0: none), on
 * the shared counters of rate_limit_counters; past either, MessageRateLimited with Retry-After.
 */
export async function chargeMessage(
  db: Db,
  userId: number,
  limits: { perMinute: number; perDay: number },
): Promise<void> {
  const windows = [
    { max: limits.perMinute, key: `messages-minute user:${userId}`, ms: 60_000 },
    { max: limits.perDay, key: `messages-day user:${userId}`, ms: 24 * 60 * 60 * 1000 },
  ];
  let retryAfterMs = 0;
  for (const window of windows) {
    if (window.max <= 0) continue;
    const count = await countRequest(db, window.key, window.ms);
    if (count.current > window.max) retryAfterMs = Math.max(retryAfterMs, count.ttl);
  }
  if (retryAfterMs > 0) {
    throw new AppError('MessageRateLimited', {
      message: `user ${userId} over the message limit`,
      headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterMs / 1000))) },
    });
  }
}

export interface SentMessage {
  threadId: number;
  messageId: number;
  /** The two people of the thread (the sender first). */
  senderId: number;
  recipientId: number;
}

/**
 * The account that receives an agency's messages: the oldest active (neither suspended nor
 * deleted) user with its agency_id; undefined when it has none. GET /api/Agency/{slug}
 * answers AcceptsMessages by the same rule (server/modules/agency/repository.ts).
 */
export async function agencyAccount(db: Db | Tx, agencyId: number): Promise<{ id: number } | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.agencyId, agencyId), isNull(users.suspendedAt), isNull(users.deletedAt)))
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(1);
  return row;
}

/**
 * The thread of `senderId` with the agency of `slug`: theirs when they wrote to it before,
 * else a new one with the agency's account. Unknown slug: AgencyNotFound; the sender's own
 * agency: MessageToOwnAgency; an agency without an active account: AgencyNotReachable.
 */
async function agencyThread(tx: Tx, slug: string, senderId: number): Promise<ThreadRow> {
  const [agency] = await tx.select({ id: agencies.id }).from(agencies).where(eq(agencies.slug, slug)).limit(1);
  if (!agency) throw new AppError('AgencyNotFound', { message: `agency ${slug}` });
  const [sender] = await tx.select({ agencyId: users.agencyId }).from(users).where(eq(users.id, senderId)).limit(1);
  if (sender?.agencyId === agency.id) throw new AppError('MessageToOwnAgency');
  const existing = () =>
    tx
      .select()
      .from(messageThreads)
      .where(and(eq(messageThreads.agencyId, agency.id), eq(messageThreads.buyerUserId, senderId)))
      .limit(1);
  let [thread] = await existing();
  if (thread) return thread;
  const account = await agencyAccount(tx, agency.id);
  if (!account) throw new AppError('AgencyNotReachable', { message: `agency ${slug} has no active account` });
  await tx
    .insert(messageThreads)
    .values({ agencyId: agency.id, buyerUserId: senderId, ownerUserId: account.id })
    .onConflictDoNothing();
  [thread] = await existing();
  if (!thread) throw new AppError('Conflict');
  return thread;
}

/**
 * Stores a message: by a buyer about a listing (`propertyId`: the thread with its owner,
 * opened when the listing is published, continued whatever its status since), by anybody to an
 * agency (`agencySlug`: the thread with the agency's account), or by either
 * person of a thread (`threadId`). In one transaction: the message, the thread's time, the
 * sender's read mark, the mail to the recipient when none went out for this thread in the last
 * 15 minutes, and `then` (the live events, sent at the commit).
 */
export async function sendMessage(
  db: Db,
  opts: {
    senderId: number;
    propertyId?: number;
    agencySlug?: string;
    threadId?: number;
    text: string;
    publicUrl: string;
  },
  then: (tx: Tx, sent: SentMessage) => Promise<void>,
): Promise<SentMessage> {
  return db.transaction(async (tx) => {
    let thread: ThreadRow | undefined;
    if (opts.threadId !== undefined) {
      thread = await findThreadOf(tx, opts.threadId, opts.senderId);
      if (!thread) throw new AppError('ThreadNotFound');
    } else if (opts.agencySlug !== undefined) {
      thread = await agencyThread(tx, opts.agencySlug, opts.senderId);
    } else {
      const propertyId = opts.propertyId!;
      const [listing] = await tx
        .select({ ownerUserId: properties.ownerUserId, statusId: properties.statusId })
        .from(properties)
        .where(eq(properties.id, propertyId))
        .limit(1);
      if (!listing) throw new AppError('PropertyNotFound');
      if (listing.ownerUserId === opts.senderId) throw new AppError('MessageToOwnListing');
      [thread] = await tx
        .select()
        .from(messageThreads)
        .where(and(eq(messageThreads.propertyId, propertyId), eq(messageThreads.buyerUserId, opts.senderId)))
        .limit(1);
      if (!thread) {
        // A new thread only about a published listing (a draft, a suspended, sold or deleted one: 404, as its page).
        if (listing.statusId !== PROPERTY_STATUS.published) throw new AppError('PropertyNotFound');
        await tx
          .insert(messageThreads)
          .values({ propertyId, buyerUserId: opts.senderId, ownerUserId: listing.ownerUserId })
          .onConflictDoNothing();
        [thread] = await tx
          .select()
          .from(messageThreads)
          .where(and(eq(messageThreads.propertyId, propertyId), eq(messageThreads.buyerUserId, opts.senderId)))
          .limit(1);
        if (!thread) throw new AppError('Conflict');
      }
    }
    const recipientId = thread.buyerUserId === opts.senderId ? thread.ownerUserId : thread.buyerUserId;
    const [message] = await tx
      .insert(messages)
      .values({ threadId: thread.id, senderUserId: opts.senderId, text: opts.text })
      .returning({ id: messages.id, createdAt: messages.createdAt });
    await tx.update(messageThreads).set({ lastMessageAt: message!.createdAt }).where(eq(messageThreads.id, thread.id));
    // Who writes has read the thread up to their own message.
    await tx
      .insert(messageThreadReads)
      .values({ threadId: thread.id, userId: opts.senderId, lastReadMessageId: message!.id })
      .onConflictDoUpdate({
        target: [messageThreadReads.threadId, messageThreadReads.userId],
        set: {
          lastReadMessageId: sql`greatest(${messageThreadReads.lastReadMessageId}, excluded.last_read_message_id)`,
        },
      });
    await mailRecipient(tx, {
      thread,
      senderId: opts.senderId,
      recipientId,
      text: opts.text,
      publicUrl: opts.publicUrl,
    });
    const sent = { threadId: thread.id, messageId: message!.id, senderId: opts.senderId, recipientId };
    await then(tx, sent);
    return sent;
  });
}

/**
 * The mail to the recipient, unless one went out for this thread in the last 15 minutes (the
 * recipient's row is the lock: two servers posting at once send one), or the account is closed.
 */
async function mailRecipient(
  tx: Tx,
  opts: { thread: ThreadRow; senderId: number; recipientId: number; text: string; publicUrl: string },
) {
  const due = await tx
    .insert(messageThreadReads)
    .values({ threadId: opts.thread.id, userId: opts.recipientId, lastReadMessageId: 0, lastMailedAt: sql`now()` })
    .onConflictDoUpdate({
      target: [messageThreadReads.threadId, messageThreadReads.userId],
      set: { lastMailedAt: sql`now()` },
      setWhere: or(
        isNull(messageThreadReads.lastMailedAt),
        lt(messageThreadReads.lastMailedAt, sql`now() - ${`${MESSAGE_MAIL_INTERVAL_MS} milliseconds`}::interval`),
      ),
    })
    .returning({ threadId: messageThreadReads.threadId });
  if (due.length === 0) return;
  const [recipient] = await tx
    .select({ email: users.email, name: users.name, suspendedAt: users.suspendedAt, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, opts.recipientId))
    .limit(1);
  if (!recipient || recipient.suspendedAt || recipient.deletedAt) return;
  const [sender] = await tx.select({ name: users.name }).from(users).where(eq(users.id, opts.senderId)).limit(1);
  const { propertyId, agencyId } = opts.thread;
  const [listing] =
    propertyId === null
      ? []
      : await tx.select({ title: properties.title }).from(properties).where(eq(properties.id, propertyId)).limit(1);
  const [agency] =
    agencyId === null
      ? []
      : await tx.select({ name: agencies.name }).from(agencies).where(eq(agencies.id, agencyId)).limit(1);
  const mail = messageMail({
    recipientName: recipient.name,
    senderName: sender?.name ?? null,
    senderIsOwner: opts.senderId === opts.thread.ownerUserId,
    listingTitle: listing?.title ?? '',
    agencyName: agencyId === null ? null : (agency?.name ?? ''),
    text: opts.text,
    publicUrl: opts.publicUrl,
  });
  await tx
    .insert(mailOutbox)
    .values({ toAddress: recipient.email, subject: mail.subject, textBody: mail.text, template: 'message' });
}

/** Unread messages of a thread for `userId`: the other person's, after the read mark. */
function unreadOf(userId: number, readMark: SQL) {
  return sql<number>`(select count(*)::int from ${messages} um where um.thread_id = ${messageThreads.id} and um.sender_user_id <> ${userId} and um.id > ${readMark})`.mapWith(
    Number,
  );
}

/** The other person's first name when it is a person's name (never more than that). */
function firstNameOf(name: string | null, deleted: boolean): string | null {
  const trimmed = name?.trim() ?? '';
  return !deleted && trimmed !== '' && trimmed.length <= 100 && isPersonName(trimmed) ? trimmed : null;
}

/** A message's text on one line, cut to 140 characters. */
export function excerptOf(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  const chars = [...line];
  return chars.length <= 140 ? line : `${chars.slice(0, 139).join('')}…`;
}

export interface ThreadSummaryRow {
  Id: number;
  Property: { Id: number; Title: string; ImageUrl: string | null; CityName: string | null } | null;
  Agency: { Id: number; Name: string; Slug: string; LogoUrl: string | null } | null;
  Role: 'buyer' | 'owner';
  OtherPartyName: string | null;
  LastMessage: { Excerpt: string; SentAt: string; Mine: boolean } | null;
  Unread: number;
}

interface ThreadCursor {
  t: string;
  i: number;
}

function encodeThreadCursor(cursor: ThreadCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

/** The time of a cursor as the server writes it (to_char below): the database reads it back, whatever else Date.parse takes ("1", "+275760-09-13T00:00:00Z") it may not. */
const CURSOR_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

function decodeThreadCursor(raw: string): ThreadCursor {
  try {
    const value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Partial<ThreadCursor> | null;
    if (
      value &&
      typeof value.t === 'string' &&
      CURSOR_TIME.test(value.t) &&
      // A day of the calendar (Date.parse takes 30 February; the database does not).
      isIsoInstant(value.t) &&
      Number.isInteger(value.i) &&
      (value.i as number) > 0 &&
      (value.i as number) <= 2_147_483_647
    ) {
      return { t: value.t, i: value.i as number };
    }
  } catch {
    // below
  }
  throw new AppError('InvalidCursor');
}

/** The summaries of the threads of `userId` matching `where`, newest activity first. */
async function threadSummaries(
  db: Db,
  userId: number,
  where: SQL | undefined,
  limit: number,
): Promise<(ThreadSummaryRow & { lastMessageAt: string })[]> {
  const other = alias(users, 'other');
  const read = alias(messageThreadReads, 'read');
  const logo = alias(media, 'agency_logo');
  const cover = coverSubquery(db);
  const last = db
    .select({ text: messages.text, createdAt: messages.createdAt, senderUserId: messages.senderUserId })
    .from(messages)
    .where(eq(messages.threadId, messageThreads.id))
    .orderBy(desc(messages.id))
    .limit(1)
    .as('last');
  const rows = await db
    .select({
      id: messageThreads.id,
      buyerUserId: messageThreads.buyerUserId,
      lastMessageAt: sql<string>`to_char(${messageThreads.lastMessageAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      propertyId: properties.id,
      title: properties.title,
      cityName: municipalities.name,
      imageUrl: cover.url,
      agencyId: agencies.id,
      agencyName: agencies.name,
      agencySlug: agencies.slug,
      agencyLogoUrl: logo.url,
      otherName: other.name,
      otherDeletedAt: other.deletedAt,
      lastText: last.text,
      lastAt: last.createdAt,
      lastSender: last.senderUserId,
      unread: unreadOf(userId, sql`coalesce(${read.lastReadMessageId}, 0)`),
    })
    .from(messageThreads)
    // Exactly one of the two (message_threads_one_subject).
    .leftJoin(properties, eq(properties.id, messageThreads.propertyId))
    .leftJoin(municipalities, eq(municipalities.id, properties.municipalityId))
    .leftJoin(agencies, eq(agencies.id, messageThreads.agencyId))
    .leftJoin(logo, eq(logo.id, agencies.logoMediaId))
    .innerJoin(
      other,
      eq(
        other.id,
        sql`case when ${messageThreads.buyerUserId} = ${userId} then ${messageThreads.ownerUserId} else ${messageThreads.buyerUserId} end`,
      ),
    )
    .leftJoin(read, and(eq(read.threadId, messageThreads.id), eq(read.userId, userId)))
    .leftJoinLateral(cover, sql`true`)
    .leftJoinLateral(last, sql`true`)
    .where(and(or(eq(messageThreads.buyerUserId, userId), eq(messageThreads.ownerUserId, userId)), where))
    .orderBy(desc(messageThreads.lastMessageAt), desc(messageThreads.id))
    .limit(limit);
  return rows.map((row) => ({
    Id: row.id,
    Property:
      row.propertyId === null
        ? null
        : {
            Id: row.propertyId,
            Title: row.title ?? '',
            ImageUrl: resolveMediaUrlOrNull(row.imageUrl),
            CityName: row.cityName,
          },
    Agency:
      row.agencyId === null || row.agencyName === null || row.agencySlug === null
        ? null
        : { Id: row.agencyId, Name: row.agencyName, Slug: row.agencySlug, LogoUrl: row.agencyLogoUrl },
    Role: row.buyerUserId === userId ? ('buyer' as const) : ('owner' as const),
    OtherPartyName: firstNameOf(row.otherName, row.otherDeletedAt !== null),
    LastMessage:
      row.lastText === null || row.lastAt === null
        ? null
        : {
            Excerpt: excerptOf(row.lastText),
            SentAt: new Date(row.lastAt).toISOString(),
            Mine: row.lastSender === userId,
          },
    Unread: row.unread,
    lastMessageAt: row.lastMessageAt,
  }));
}

/** A page of the threads of `userId`, newest activity first (keyset on the last message's time and the id). */
export async function listThreads(
  db: Db,
  userId: number,
  opts: { cursor?: string; pageSize: number },
): Promise<{ Items: ThreadSummaryRow[]; NextCursor: string | null }> {
  const cursor = opts.cursor === undefined ? undefined : decodeThreadCursor(opts.cursor);
  const after = cursor
    ? sql`(${messageThreads.lastMessageAt}, ${messageThreads.id}) < (${cursor.t}::timestamptz, ${cursor.i})`
    : undefined;
  const rows = await threadSummaries(db, userId, after, opts.pageSize + 1);
  const page = rows.slice(0, opts.pageSize);
  const lastRow = page.at(-1);
  return {
    Items: page.map(({ lastMessageAt: _, ...item }) => item),
    NextCursor:
      rows.length > opts.pageSize && lastRow ? encodeThreadCursor({ t: lastRow.lastMessageAt, i: lastRow.Id }) : null,
  };
}

/** One thread's summary for `userId`, or undefined when they are not one of its people. */
export async function threadSummary(db: Db, threadId: number, userId: number): Promise<ThreadSummaryRow | undefined> {
  const [row] = await threadSummaries(db, userId, eq(messageThreads.id, threadId), 1);
  if (!row) return undefined;
  const { lastMessageAt: _, ...item } = row;
  return item;
}

/** A page of a thread's messages, oldest first, after the message `after` (a cursor). */
export async function listMessages(
  db: Db,
  threadId: number,
  userId: number,
  opts: { after?: number; pageSize: number },
) {
  const rows = await db
    .select({
      id: messages.id,
      text: messages.text,
      senderUserId: messages.senderUserId,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .where(and(eq(messages.threadId, threadId), opts.after === undefined ? undefined : gt(messages.id, opts.after)))
    .orderBy(asc(messages.id))
    .limit(opts.pageSize + 1);
  const page = rows.slice(0, opts.pageSize);
  return {
    Items: page.map((row) => ({
      Id: row.id,
      Text: row.text,
      Mine: row.senderUserId === userId,
      SentAt: row.createdAt.toISOString(),
    })),
    NextCursor: rows.length > opts.pageSize ? String(page.at(-1)!.id) : null,
  };
}

/** Marks the thread read by `userId` up to its newest message (a mark never goes back). */
export async function markThreadRead(db: Db, threadId: number, userId: number): Promise<void> {
  await db.execute(sql`
    insert into ${messageThreadReads} (thread_id, user_id, last_read_message_id)
    select ${threadId}, ${userId}, coalesce(max(m.id), 0) from ${messages} m where m.thread_id = ${threadId}
    on conflict (thread_id, user_id) do update set last_read_message_id = greatest(${messageThreadReads.lastReadMessageId}, excluded.last_read_message_id)`);
}

/** The other people's messages `userId` has not read, across their threads. */
export async function unreadCount(db: Db, userId: number): Promise<number> {
  const rows = await db.execute<{ count: number }>(sql`
    select count(*)::int as count
    from ${messageThreads} t
    join ${messages} m on m.thread_id = t.id
    left join ${messageThreadReads} r on r.thread_id = t.id and r.user_id = ${userId}
    where (t.buyer_user_id = ${userId} or t.owner_user_id = ${userId})
      and m.sender_user_id <> ${userId}
      and m.id > coalesce(r.last_read_message_id, 0)`);
  return Number(rows.rows[0]?.count ?? 0);
}
