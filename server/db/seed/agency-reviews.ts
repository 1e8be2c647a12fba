import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { reviewerDisplayName } from '@domain/review';
import { APPOINTMENT_STATUS } from '@domain/appointment';
import type { Tx } from '../database';
import { PROPERTY_STATUS } from '../reference-ids';
import { agencyReviews, appointmentEvents, appointmentSlots, appointments, properties, users } from '../schema';
import data from './data/agency-reviews.json';

// The demo's verified reviews of agencies (issue 28). Each is written by a demo owner after a
// visit that took place with one of the agency's listings (the visit is seeded too, confirmed
// and past, with its slot and history), approved by the demo moderator, some answered by the
// agency; every agency's rating and count are then computed from them, as the product does.
// The demo buyer has visited a home of each of two agencies and reviewed neither: she can
// write those reviews herself.

export interface AgencyReviewSeed {
  agencies: { id: number; targetRating: number }[];
  reviewers: number[];
  moderatorId: number;
  buyerId: number;
  daysBefore: (days: number) => Date;
  /** 00:00 UTC of the seed's day plus `days` and `hourUtc`. */
  at: (days: number, hourUtc: number) => Date;
  /** Reviews per agency at most. */
  perAgency: number;
}

type Stars = 1 | 2 | 3 | 4 | 5;

/** `count` whole ratings whose average is as close as whole stars allow to `target`. */
export function ratingsNear(target: number, count: number): Stars[] {
  const total = Math.round(target * count);
  const base = Math.floor(total / count);
  const extra = total - base * count;
  return Array.from({ length: count }, (_, i) => Math.min(5, Math.max(1, i < extra ? base + 1 : base)) as Stars);
}

export async function seedAgencyReviews(
  tx: Tx,
  seed: AgencyReviewSeed,
): Promise<{ reviews: number; buyerVisits: number }> {
  let reviews = 0;
  let slotDay = 0;
  const visit = async (
    propertyId: number,
    requesterUserId: number,
    ownerUserId: number,
    daysAgo: number,
    hourUtc?: number,
  ) => {
    // A past morning slot on the hour (the buyer's on the half hour: no two on one listing collide).
    slotDay += 1;
    const startsAt = seed.at(-daysAgo, hourUtc ?? 8 + (slotDay % 4));
    const [row] = await tx
      .insert(appointments)
      .values({
        propertyId,
        requesterUserId,
        ownerUserId,
        statusId: APPOINTMENT_STATUS.confirmed,
        lastActor: 'owner',
        scheduledAt: startsAt,
        expiresAt: startsAt,
        createdAt: seed.daysBefore(daysAgo + 4),
        updatedAt: seed.daysBefore(daysAgo + 3),
      })
      .returning({ id: appointments.id });
    await tx.insert(appointmentSlots).values({ appointmentId: row!.id, startsAt });
    await tx.insert(appointmentEvents).values([
      {
        appointmentId: row!.id,
        statusId: APPOINTMENT_STATUS.pending,
        actor: 'buyer',
        createdAt: seed.daysBefore(daysAgo + 4),
      },
      {
        appointmentId: row!.id,
        statusId: APPOINTMENT_STATUS.confirmed,
        actor: 'owner',
        createdAt: seed.daysBefore(daysAgo + 3),
      },
    ]);
  };

  // Each agency's published listings (its own and its new developments' units), with their owner.
  const listed = await tx
    .select({ id: properties.id, agencyId: properties.agencyId, ownerUserId: properties.ownerUserId })
    .from(properties)
    .where(and(isNotNull(properties.agencyId), eq(properties.statusId, PROPERTY_STATUS.published)))
    .orderBy(asc(properties.id));
  const listingsOf = (agencyId: number) => listed.filter((row) => row.agencyId === agencyId);
  // Each review is signed as the product signs it: the first name and the surname's initial.
  const people = await tx
    .select({ id: users.id, name: users.name, surname: users.surname })
    .from(users)
    .where(inArray(users.id, seed.reviewers));
  const signatureOf = (id: number) => {
    const person = people.find((row) => row.id === id);
    return reviewerDisplayName(person?.name ?? null, person?.surname ?? null);
  };

  for (const [a, agency] of seed.agencies.entries()) {
    const listings = listingsOf(agency.id);
    if (listings.length === 0) continue;
    const count = Math.min(seed.perAgency, seed.reviewers.length, 3 + (a % (seed.perAgency - 2)));
    const stars = ratingsNear(agency.targetRating, count);
    for (let i = 0; i < count; i++) {
      const authorUserId = seed.reviewers[(a * 7 + i) % seed.reviewers.length]!;
      const listing = listings[i % listings.length]!;
      const daysAgo = 12 + ((a * 11 + i * 17) % 150);
      await visit(listing.id, authorUserId, listing.ownerUserId, daysAgo);
      const rating = stars[i]!;
      const pool = data.texts[String(rating) as keyof typeof data.texts];
      const written = seed.daysBefore(daysAgo - 2);
      const answered = (a + i) % 3 === 0;
      await tx.insert(agencyReviews).values({
        agencyId: agency.id,
        authorUserId,
        authorName: signatureOf(authorUserId),
        rating,
        text: pool[(a + i) % pool.length]!,
        basis: 'visit',
        status: 'approved',
        moderatedAt: seed.daysBefore(daysAgo - 3),
        moderatedByUserId: seed.moderatorId,
        answer: answered ? data.answers[rating >= 4 ? 'high' : rating === 3 ? 'mid' : 'low'] : null,
        answeredAt: answered ? seed.daysBefore(daysAgo - 4) : null,
        answerApprovedAt: answered ? seed.daysBefore(daysAgo - 5) : null,
        answeredByUserId: answered ? listing.ownerUserId : null,
        createdAt: written,
        updatedAt: written,
      });
      reviews += 1;
    }
  }

  // The demo buyer's two past visits, not reviewed yet (the agencies she may review).
  let buyerVisits = 0;
  for (const agency of seed.agencies) {
    const listing = listingsOf(agency.id).at(-1);
    if (listing === undefined) continue;
    await visit(listing.id, seed.buyerId, listing.ownerUserId, 9 + buyerVisits * 5, 9.5);
    buyerVisits += 1;
    if (buyerVisits === 2) break;
  }

  // The ratings shown: the approved reviews' average and count, as the product computes them.
  await tx.execute(sql`
    update agencies a set
      rating = s.average,
      reviews_count = coalesce(s.n, 0)
    from (
      select ag.id, round(avg(r.rating)::numeric, 1) as average, count(r.id)::int as n
      from agencies ag left join agency_reviews r on r.agency_id = ag.id and r.status = 'approved'
      group by ag.id
    ) s
    where a.id = s.id
  `);
  return { reviews, buyerVisits };
}
