import { beforeEach, describe, expect, it } from 'vitest';
import { leaveListingCarry, LISTING_CARRY_KEY, takeListingCarry } from './listing-carry';

const ANSWERS = {
  locality: {
    municipalityIstat: '037006',
    street: 'Via Roma',
    streetNumber: '1',
    latitude: 44.49,
    longitude: 11.34,
    showAddress: true,
  },
  surface: { surfaceM2: 80 },
  email: { email: 'a@b.it' },
};

beforeEach(() => sessionStorage.clear());

describe('listing carry', () => {
  it('hands the valuation answers to the listing of the flow chosen, once, without the account steps', () => {
    leaveListingCarry({ flow: 'sale', answers: ANSWERS, valuationId: 4 }, 1000);
    expect(takeListingCarry('rent', 2000)).toBeNull();
    const carry = takeListingCarry('sale', 2000);
    expect(carry?.answers).toEqual({ locality: ANSWERS.locality, surface: ANSWERS.surface });
    expect(carry?.valuationId).toBe(4);
    expect(takeListingCarry('sale', 2000)).toBeNull();
  });

  it('ignores a stale or broken carry', () => {
    leaveListingCarry({ flow: 'sale', answers: ANSWERS, valuationId: null }, 0);
    expect(takeListingCarry('sale', 2 * 24 * 60 * 60 * 1000)).toBeNull();
    sessionStorage.setItem(LISTING_CARRY_KEY, '{');
    expect(takeListingCarry('sale')).toBeNull();
  });
});
