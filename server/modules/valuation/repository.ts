import { and, between, count, desc, eq, gt, inArray, isNotNull, lt, ne, sql } from 'drizzle-orm';
import {
  countEligibleWithin,
  eligibilityBounds,
  valuate,
  VALUATION_RULES,
  type SellKind,
  type Valuation,
  type ValuationCandidate,
  type ValuationSubject,
} from '@domain/valuation/estimator';
import type { Db, Tx } from '../../db/database';
import { PROPERTY_STATUS, SELL_TYPE } from '../../db/reference-ids';
import { agencies, mailOutbox, properties, valuations } from '../../db/schema';
import { withinCircle } from '../search/area-conditions';

// The valuation's data: the comparable candidates near a position (over the circle indexes of
// properties: properties_earth_gist for published listings, properties_sold_earth_gist for sold
// ones, both on the PUBLIC position), and the stored valuations.

/** Whose valuation: the account, or the anonymous session's user token. */
export type ValuationOwner = { userId: number } | { userTokenId: number };

/** At most this many candidates per status and radius, the nearest (the estimator keeps 12). */
const CANDIDATE_LIMIT = 200;

export function sellKindOf(sellTypeId: number): SellKind {
  return sellTypeId === SELL_TYPE.rent ? 'rent' : 'sale';
}

/**
 * The eligible candidates within `radiusM` (published, and sold), nearest first: the rules of
 * the estimator's `isEligible` as conditions, in the form of the circle indexes.
 */
export async function findCandidates(
  db: Db,
  subject: ValuationSubject,
  radiusM: number,
  now: Date,
  options: { excludeId?: number } = {},
): Promise<ValuationCandidate[]> {
  const b = eligibilityBounds(subject, now);
  const center = { latitude: subject.latitude, longitude: subject.longitude };
  const here = sql`ll_to_earth(${center.latitude}::float8, ${center.longitude}::float8)`;
  const distance = sql`earth_distance(${here}, ll_to_earth((${properties.geo})[1], (${properties.geo})[0]))`;
  const common = (status: number, dated: typeof properties.publishedAt | typeof properties.updatedAt) =>
    and(
      eq(properties.statusId, status),
      withinCircle(center, radiusM),
      eq(properties.sellTypeId, subject.sellKind === 'rent' ? SELL_TYPE.rent : SELL_TYPE.sale),
      inArray(properties.propertyTypeId, b.propertyTypeIds),
      between(properties.surfaceM2, b.surfaceMin, b.surfaceMax),
      isNotNull(properties.price),
      gt(properties.price, 0),
      between(properties.conditionId, b.conditionMin, b.conditionMax),
      sql`${dated} >= ${b.since.toISOString()}::timestamptz`,
      options.excludeId === undefined ? undefined : ne(properties.id, options.excludeId),
    );
  const columns = (dated: typeof properties.publishedAt | typeof properties.updatedAt) => ({
    id: properties.id,
    latitude: sql<number>`(${properties.geo})[1]`.mapWith(Number),
    longitude: sql<number>`(${properties.geo})[0]`.mapWith(Number),
    propertyTypeId: properties.propertyTypeId,
    surfaceM2: properties.surfaceM2,
    price: properties.price,
    conditionId: properties.conditionId,
    floor: properties.floor,
    hasLift: properties.hasLift,
    energyClassId: properties.energyClassId,
    date: sql<Date | string>`${dated}`,
  });
  // A sold listing has no sold date of its own: its last change stands for it.
  const [published, sold] = [
    await db
      .select(columns(properties.publishedAt))
      .from(properties)
      .where(common(PROPERTY_STATUS.published, properties.publishedAt))
      .orderBy(distance, properties.id)
      .limit(CANDIDATE_LIMIT),
    await db
      .select(columns(properties.updatedAt))
      .from(properties)
      .where(common(PROPERTY_STATUS.sold, properties.updatedAt))
      .orderBy(distance, properties.id)
      .limit(CANDIDATE_LIMIT),
  ];
  return [
    ...published.map((r) => ({ ...r, status: 'published' as const })),
    ...sold.map((r) => ({ ...r, status: 'sold' as const })),
  ].map((r) => ({
    id: r.id,
    status: r.status,
    sellKind: subject.sellKind,
    latitude: r.latitude,
    longitude: r.longitude,
    propertyTypeId: r.propertyTypeId ?? 0,
    surfaceM2: r.surfaceM2 ?? 0,
    price: r.price ?? 0,
    conditionId: r.conditionId,
    floor: r.floor,
    hasLift: r.hasLift,
    energyClassId: r.energyClassId,
    date: r.date instanceof Date ? r.date : new Date(r.date),
  }));
}

/**
 * The candidates of the smallest radius of the estimator's steps that holds enough of them
 * (one query per status and radius tried): what `valuate` needs, no more.
 */
export async function candidatesFor(
  db: Db,
  subject: ValuationSubject,
  now: Date,
  options: { excludeId?: number } = {},
): Promise<ValuationCandidate[]> {
  let candidates: ValuationCandidate[] = [];
  for (const radiusM of VALUATION_RULES.radiiM) {
    candidates = await findCandidates(db, subject, radiusM, now, options);
    if (countEligibleWithin(subject, candidates, radiusM, now) >= VALUATION_RULES.targetComparables) break;
  }
  return candidates;
}

/** Values a home from the database: its candidates, then the estimator. */
export async function valuateFromDatabase(
  db: Db,
  subject: ValuationSubject,
  now: Date,
  options: { excludeId?: number } = {},
): Promise<Valuation> {
  return valuate(subject, await candidatesFor(db, subject, now, options), { now });
}

// ---------------------------------------------------------------------------------------
// Stored valuations.

export type ValuationRow = typeof valuations.$inferSelect;

function ownedBy(owner: ValuationOwner) {
  return 'userId' in owner
    ? eq(valuations.ownerUserId, owner.userId)
    : eq(valuations.ownerUserTokenId, owner.userTokenId);
}

export interface NewValuation {
  owner: ValuationOwner;
  sellTypeId: number;
  latitude: number;
  longitude: number;
  address: string | null;
  subject: Record<string, unknown>;
  valuation: Valuation;
  /** The agency whose page the valuation was asked from (/valutocasa?agenzia={slug}). */
  agencyId?: number | null;
  /** A mail to queue in the same transaction (the outbox is the mail queue). */
  mail?: (id: number) => { to: string; subject: string; text: string };
}

/**
 * Valuation mails one address receives in VALUATION_MAIL_WINDOW_MS. The address is a silent
 * account's, not proven yet, and the mail carries what the visitor typed (name, address): without
 * a bound, a visitor who registers someone else's address has Rexer mail it text of his choosing
 * as often as he values (from many client addresses, past the per-IP rate limit).
 */
export const VALUATION_MAILS_PER_ADDRESS = 3;
export const VALUATION_MAIL_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * A valuation mail waits this long before the sender takes it: the wizards value a home again
 * when the seller corrects an answer a few seconds later, and the mail then carries the latest
 * estimate (the one on screen) instead of a second, near-identical mail.
 */
export const VALUATION_MAIL_DELAY_MS = 60 * 1000;
/** A valuation of the same home by the same owner within this time is the same valuation, told again. */
export const SAME_HOME_WINDOW_MS = 30 * 60 * 1000;

/**
 * Stores a valuation and queues its mail with it (both or neither; no mail past
 * VALUATION_MAILS_PER_ADDRESS). The same owner valuing the same home again (same position,
 * contract and address, within SAME_HOME_WINDOW_MS) gets one mail, not one per answer changed:
 * a mail not sent yet is rewritten with the new estimate; one already sent is followed by another
 * only when the estimate changed.
 */
export async function insertValuation(
  db: Db,
  v: NewValuation,
  now = new Date(),
): Promise<{ row: ValuationRow; mailed: boolean }> {
  return db.transaction(async (tx) => {
    const [earlier] = v.mail
      ? await tx
          .select({
            id: valuations.id,
            outcome: valuations.outcome,
            point: valuations.estimatePoint,
            low: valuations.estimateLow,
            high: valuations.estimateHigh,
          })
          .from(valuations)
          .where(
            and(
              ownedBy(v.owner),
              eq(valuations.sellTypeId, v.sellTypeId),
              eq(valuations.latitude, v.latitude),
              eq(valuations.longitude, v.longitude),
              v.address === null ? sql`${valuations.address} is null` : eq(valuations.address, v.address),
              gt(valuations.createdAt, new Date(now.getTime() - SAME_HOME_WINDOW_MS)),
            ),
          )
          .orderBy(desc(valuations.id))
          .limit(1)
      : [];
    const [row] = await tx
      .insert(valuations)
      .values({
        ownerUserId: 'userId' in v.owner ? v.owner.userId : null,
        ownerUserTokenId: 'userTokenId' in v.owner ? v.owner.userTokenId : null,
        sellTypeId: v.sellTypeId,
        latitude: v.latitude,
        longitude: v.longitude,
        address: v.address,
        subject: v.subject,
        outcome: v.valuation.outcome,
        estimateLow: v.valuation.estimate?.low ?? null,
        estimatePoint: v.valuation.estimate?.point ?? null,
        estimateHigh: v.valuation.estimate?.high ?? null,
        pricePerM2: v.valuation.estimate?.pricePerSqm ?? null,
        result: v.valuation as unknown as Record<string, unknown>,
        methodVersion: v.valuation.version,
        agencyId: v.agencyId ?? null,
      })
      .returning();
    if (!v.mail) return { row: row!, mailed: false };
    const mail = v.mail(row!.id);
    if (earlier) {
      // The earlier valuation's mail, found by the link to it that it carries on a line of its own.
      const [earlierMail] = await tx
        .select({ id: mailOutbox.id, sentAt: mailOutbox.sentAt })
        .from(mailOutbox)
        .where(
          and(
            eq(mailOutbox.toAddress, mail.to),
            eq(mailOutbox.template, 'valuation'),
            sql`position(${`/valutocasa/${earlier.id}\n`} in ${mailOutbox.textBody}) > 0`,
          ),
        )
        .orderBy(desc(mailOutbox.id))
        .limit(1);
      if (earlierMail && earlierMail.sentAt === null) {
        await tx
          .update(mailOutbox)
          .set({ subject: mail.subject.slice(0, 300), textBody: mail.text })
          .where(eq(mailOutbox.id, earlierMail.id));
        return { row: row!, mailed: true };
      }
      const sameEstimate =
        earlier.outcome === row!.outcome &&
        earlier.point === row!.estimatePoint &&
        earlier.low === row!.estimateLow &&
        earlier.high === row!.estimateHigh;
      if (earlierMail && sameEstimate) return { row: row!, mailed: false };
    }
    const [{ n }] = await tx
      .select({ n: count() })
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.toAddress, mail.to),
          eq(mailOutbox.template, 'valuation'),
          gt(mailOutbox.createdAt, new Date(now.getTime() - VALUATION_MAIL_WINDOW_MS)),
        ),
      );
    if (Number(n) >= VALUATION_MAILS_PER_ADDRESS) return { row: row!, mailed: false };
    await tx.insert(mailOutbox).values({
      toAddress: mail.to,
      subject: mail.subject.slice(0, 300),
      textBody: mail.text,
      template: 'valuation',
      nextAttemptAt: new Date(now.getTime() + VALUATION_MAIL_DELAY_MS),
    });
    return { row: row!, mailed: true };
  });
}

/** One valuation of this owner; undefined for another's or an unknown id (never told apart). */
export async function findOwnValuation(db: Db, id: number, owner: ValuationOwner): Promise<ValuationRow | undefined> {
  const [row] = await db
    .select()
    .from(valuations)
    .where(and(eq(valuations.id, id), ownedBy(owner)))
    .limit(1);
  return row;
}

/** The agency a valuation is asked through, as the valuation shows it. */
export interface ValuationAgency {
  id: number;
  slug: string;
  name: string;
}

/** The agency of this slug; undefined for an unknown one (the valuation then goes through none). */
export async function agencyBySlug(db: Db, slug: string): Promise<ValuationAgency | undefined> {
  const [row] = await db
    .select({ id: agencies.id, slug: agencies.slug, name: agencies.name })
    .from(agencies)
    .where(eq(agencies.slug, slug))
    .limit(1);
  return row;
}

/** The agency of this id (a stored valuation's); null without one, or once it is deleted. */
export async function agencyById(db: Db, id: number | null): Promise<ValuationAgency | null> {
  if (id === null) return null;
  const [row] = await db
    .select({ id: agencies.id, slug: agencies.slug, name: agencies.name })
    .from(agencies)
    .where(eq(agencies.id, id))
    .limit(1);
  return row ?? null;
}

export const VALUATION_PAGE_SIZE = 20;

/** The user's valuations, newest first, a page at a time (keyset on the id). */
export async function listValuations(
  db: Db,
  userId: number,
  before: number | undefined,
): Promise<{ rows: ValuationRow[]; nextBefore: number | null }> {
  const rows = await db
    .select()
    .from(valuations)
    .where(and(eq(valuations.ownerUserId, userId), before === undefined ? undefined : lt(valuations.id, before)))
    .orderBy(desc(valuations.id))
    .limit(VALUATION_PAGE_SIZE + 1);
  const page = rows.slice(0, VALUATION_PAGE_SIZE);
  return { rows: page, nextBefore: rows.length > VALUATION_PAGE_SIZE ? page[page.length - 1]!.id : null };
}

/**
 * At login: the anonymous session's valuations become the account's (as its favourites do),
 * so /valutocasa/{id} still opens for the visitor once signed in. Run in the transaction that
 * ends the anonymous session.
 */
export async function adoptAnonymousValuations(tx: Db | Tx, userTokenId: number, userId: number): Promise<void> {
  await tx
    .update(valuations)
    .set({ ownerUserId: userId, ownerUserTokenId: null })
    .where(eq(valuations.ownerUserTokenId, userTokenId));
}
