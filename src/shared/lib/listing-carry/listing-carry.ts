import type { ListingFlow, WizardAnswers } from '@domain/wizard-steps';

// A valuation continued into a listing (step 37, "sale" or "rent"): the valuation wizard
// leaves its answers here and opens /annuncio/vendocasa or /annuncio/affittocasa; the listing
// wizard takes them once (`takeListingCarry`) and saves them into its new draft, so the seller
// answers none of them again. sessionStorage: the same tab, gone when it closes.

export const LISTING_CARRY_KEY = 'rexer.listing-carry';

export interface ListingCarry {
  /** Which listing the visitor chose at 37. */
  flow: ListingFlow;
  /**
   * The valuation's answers: locality (2, from the landing), propertyType (3),
   * specialDescription (4), surface (5), composition (6), floors (7), renovation (8),
   * energyClass (9), heating (36), condoFees (10). Personal data and e-mail are the
   * account's (the visitor is signed in or silent by then) and are not carried.
   */
  answers: WizardAnswers;
  /** The valuation the visitor got (GET /api/Valuation/{id}), for the listing's market step. */
  valuationId: number | null;
  /** When it was left (ms since the epoch): a carry older than a day is ignored. */
  savedAt: number;
}

const MAX_AGE_MS = 24 * 60 * 60 * 1000;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function leaveListingCarry(carry: Omit<ListingCarry, 'savedAt'>, now = Date.now()): void {
  const { personalData: _personalData, email: _email, ...answers } = carry.answers;
  storage()?.setItem(LISTING_CARRY_KEY, JSON.stringify({ ...carry, answers, savedAt: now } satisfies ListingCarry));
}

/** The carry for `flow`, removed as it is read (null when there is none, it is stale, or for the other flow). */
export function takeListingCarry(flow: ListingFlow, now = Date.now()): ListingCarry | null {
  const store = storage();
  const raw = store?.getItem(LISTING_CARRY_KEY);
  if (!store || !raw) return null;
  try {
    const carry = JSON.parse(raw) as ListingCarry;
    if (
      carry.flow !== flow ||
      typeof carry.savedAt !== 'number' ||
      now - carry.savedAt > MAX_AGE_MS ||
      typeof carry.answers !== 'object' ||
      carry.answers === null
    )
      return null;
    store.removeItem(LISTING_CARRY_KEY);
    return carry;
  } catch {
    store.removeItem(LISTING_CARRY_KEY);
    return null;
  }
}
