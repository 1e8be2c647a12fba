export type ReviewerRole = 'seller' | 'buyer' | 'landlord' | 'renter';

/** An example review from the translation file; the demo data has no real reviews. */
export interface ExampleReview {
  name: string;
  city: string;
  role: ReviewerRole;
  rating: number;
  title: string;
  text: string;
}

export const MAX_RATING = 5;

export function clampRating(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(MAX_RATING, Math.max(0, Math.round(value)));
}
