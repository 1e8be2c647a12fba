import { describe, expect, it } from 'vitest';
import type { WizardContext } from '../../../../../machines/wizard-context';
import { newStoredValuation } from './stored-valuation';
import { errorKeyOf, startOf } from './runner-selectors';

const LOCALITY = {
  municipalityIstat: '015146',
  street: 'Via Torino',
  streetNumber: '40',
  latitude: 45.46,
  longitude: 9.19,
  showAddress: false,
};
const DONE = {
  locality: LOCALITY,
  propertyType: { propertyTypeId: 1 },
  specialDescription: { propertyTypeId: 1, details: {} },
  surface: { surfaceM2: 80 },
  composition: { rooms: 3, bathrooms: 1, roomCounts: [] },
  floors: { floor: 2, buildingFloors: 5, hasLift: true },
  renovation: { conditionId: 3, buildYear: null, renovationYear: null },
  energyClass: { energyClassId: 6, energyPerformance: null },
  heating: { heatingTypeId: 1 },
  condoFees: { condoFees: 0 },
  loader: { found: true, comparableIds: [1, 2, 3], estimateMin: 1, estimateMax: 2 },
};

describe("the valuation runner's selectors", () => {
  it('starts again at the step the visitor was on, with the trail ending as it did', () => {
    const stored = {
      ...newStoredValuation(LOCALITY, { municipalityName: 'Milano', label: 'x' }),
      answers: DONE,
      currentStep: 38,
      history: [3, 4, 5, 6, 7, 8, 9, 36, 10, 11, 13] as never,
    };
    // The machine resumes at 37 (the first incomplete); the jump back to 38 is read as Back.
    expect(startOf(stored, 'loggedIn')).toEqual({
      account: 'loggedIn',
      history: [3, 4, 5, 6, 7, 8, 9, 36, 10, 11, 13, 38],
      goto: 38,
    });
    expect(startOf({ ...stored, currentStep: 37 }, 'loggedIn').goto).toBeNull();
  });

  it('says the registration failure on step 1, and a failed search on 40', () => {
    const context = { error: { kind: 'save', step: 1 } } as WizardContext;
    expect(
      errorKeyOf(context, 'email', { outcome: { kind: 'alreadyRegistered', social: false }, email: 'a@b.it' }),
    ).toBe('errors.alreadyRegistered');
    expect(errorKeyOf(context, 'email', { outcome: { kind: 'captcha' }, email: 'a@b.it' })).toBe('errors.captcha');
    expect(errorKeyOf(context, 'email', null)).toBe('errors.save');
    expect(errorKeyOf(context, 'surface', null)).toBeNull();
    expect(errorKeyOf({ error: { kind: 'comparables', step: 14 } } as WizardContext, 'noComparables', null)).toBe(
      'errors.comparables',
    );
    expect(errorKeyOf({ error: null } as WizardContext, 'email', null)).toBeNull();
  });
});
