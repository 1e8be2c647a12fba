import { describe, expect, it } from 'vitest';
import { AGENCY_OFFER_MAX, agencyOfferOf, proposedAgencyOf, type AgencyNear } from './agency-offer';

const at = (id: number, km: number, rating: number | null = null, reviewsCount = rating === null ? 0 : 10) => ({
  id,
  distanceM: km * 1000,
  rating,
  reviewsCount,
});
const ids = (agencies: readonly AgencyNear[]) => agencies.map((a) => a.id);

describe('the partner agencies offered at step 44', () => {
  it('keeps those within 30 km, nearest first, when one is there', () => {
    const offer = agencyOfferOf([at(1, 12), at(2, 2.3), at(3, 31), at(4, 29.9), at(5, 2.3)]);
    expect(offer.radiusM).toBe(30_000);
    expect(ids(offer.items)).toEqual([2, 5, 1, 4]);
  });

  it('widens to 60 km, then 120 km, when none is nearer, and offers nothing beyond', () => {
    expect(agencyOfferOf([at(1, 45), at(2, 59), at(3, 61)])).toMatchObject({ radiusM: 60_000 });
    expect(ids(agencyOfferOf([at(1, 45), at(2, 59), at(3, 61)]).items)).toEqual([1, 2]);
    expect(agencyOfferOf([at(1, 110), at(2, 130)])).toEqual({ radiusM: 120_000, items: [at(1, 110)] });
    expect(agencyOfferOf([at(1, 121)])).toEqual({ radiusM: null, items: [] });
    expect(agencyOfferOf([])).toEqual({ radiusM: null, items: [] });
  });

  it(`offers at most ${AGENCY_OFFER_MAX}, the nearest`, () => {
    const many = Array.from({ length: 30 }, (_, i) => at(i + 1, 30 - i * 0.5));
    const offer = agencyOfferOf(many);
    expect(offer.items).toHaveLength(AGENCY_OFFER_MAX);
    expect(offer.items[0]!.id).toBe(30);
    expect(offer.items.at(-1)!.distanceM).toBe(25_000);
  });
});

describe("Rexer's proposal", () => {
  it('is the best rated of the partners at most 5 km farther than the nearest', () => {
    // 3 is rated best but 7 km farther than the nearest: out of the proposal's reach.
    expect(proposedAgencyOf([at(1, 1, 4.2), at(2, 5.9, 4.6), at(3, 8, 4.9)])?.id).toBe(2);
    expect(proposedAgencyOf([at(1, 1, 4.2), at(2, 6.1, 4.6)])?.id).toBe(1);
  });

  it('puts any rated agency before one without reviews, then more reviews, then the nearer', () => {
    expect(proposedAgencyOf([at(1, 1), at(2, 3, 1.5)])?.id).toBe(2);
    // A rating without reviews does not count (the column is null then; a stale value is ignored).
    expect(proposedAgencyOf([{ id: 1, distanceM: 1000, rating: 5, reviewsCount: 0 }, at(2, 3, 3)])?.id).toBe(2);
    expect(proposedAgencyOf([at(1, 1, 4.5, 10), at(2, 3, 4.5, 40)])?.id).toBe(2);
    expect(proposedAgencyOf([at(1, 4, 4.5, 10), at(2, 3, 4.5, 10)])?.id).toBe(2);
    expect(proposedAgencyOf([at(5, 2), at(4, 2)])?.id).toBe(4);
  });

  it('is nothing for an empty offer', () => {
    expect(proposedAgencyOf([])).toBeUndefined();
  });
});
