// The partner agencies a seller may give an exclusive mandate to (listing wizard, step 44), and
// the one Rexer proposes when the seller lets it choose (docs/decisions.md, "Step 44: partner
// agencies by distance"). The server answers the offer (GET /api/Property/{id}/Draft/Agencies)
// and refuses at step 44 an agency outside it; the wizard shows it. One rule, here.

/** The radii tried in turn: the first that holds a partner agency is the offer's. */
export const AGENCY_OFFER_RADII_M = [30_000, 60_000, 120_000] as const;

/** At most this many agencies offered, the nearest. */
export const AGENCY_OFFER_MAX = 20;

/** Rexer's proposal is the best-rated of the partners at most this much farther than the nearest. */
export const PROPOSAL_SLACK_M = 5_000;

/** A partner agency and its distance from the home. */
export interface AgencyNear {
  id: number;
  distanceM: number;
  /** Average of the approved verified reviews, 1.0-5.0; null without reviews. */
  rating: number | null;
  reviewsCount: number;
}

export interface AgencyOffer<T extends AgencyNear> {
  /** The radius the agencies were taken from; null when no partner is within the widest. */
  radiusM: number | null;
  /** Nearest first (ties by id), at most AGENCY_OFFER_MAX. */
  items: T[];
}

const byDistance = (a: AgencyNear, b: AgencyNear) => a.distanceM - b.distanceM || a.id - b.id;

/**
 * The offer from the partner agencies near the home (any order, any distance): those within the
 * smallest radius of AGENCY_OFFER_RADII_M that holds at least one, nearest first, at most
 * AGENCY_OFFER_MAX. Nothing beyond the widest radius: an agency farther away cannot sell the home.
 */
export function agencyOfferOf<T extends AgencyNear>(agencies: readonly T[]): AgencyOffer<T> {
  const sorted = [...agencies].sort(byDistance);
  const nearest = sorted[0];
  const radiusM = nearest === undefined ? undefined : AGENCY_OFFER_RADII_M.find((r) => nearest.distanceM <= r);
  if (radiusM === undefined) return { radiusM: null, items: [] };
  return { radiusM, items: sorted.filter((a) => a.distanceM <= radiusM).slice(0, AGENCY_OFFER_MAX) };
}

/** Whether an agency's rating counts: it has reviews (the rating is null without). */
const isRated = (a: AgencyNear): a is AgencyNear & { rating: number } => a.rating !== null && a.reviewsCount > 0;

/**
 * Rexer's proposal among the offered agencies: of those at most PROPOSAL_SLACK_M farther than the
 * nearest, the best rated (a rated agency before any without reviews), then the one with more
 * reviews, then the nearer, then the lower id. Undefined for an empty offer.
 */
export function proposedAgencyOf<T extends AgencyNear>(offered: readonly T[]): T | undefined {
  const sorted = [...offered].sort(byDistance);
  if (sorted.length === 0) return undefined;
  const near = sorted.filter((a) => a.distanceM <= sorted[0]!.distanceM + PROPOSAL_SLACK_M);
  return near.reduce((best, a) => {
    const ratingA = isRated(a) ? a.rating : -1;
    const ratingBest = isRated(best) ? best.rating : -1;
    if (ratingA !== ratingBest) return ratingA > ratingBest ? a : best;
    if (a.reviewsCount !== best.reviewsCount) return a.reviewsCount > best.reviewsCount ? a : best;
    return byDistance(a, best) < 0 ? a : best;
  });
}
