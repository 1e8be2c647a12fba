import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  ANSWERS,
  answersBefore,
  NONE,
  PLANS,
  RENT_ORDER,
  SALE_ORDER,
  VALUATION_ORDER,
} from './testing/wizard-fixtures';
import {
  backTarget,
  canGoTo,
  contactInAnswer,
  depositRefusedByRent,
  entryStep,
  EXTRA_SERVICE_IDS,
  expectedPath,
  firstIncompleteStep,
  forwardHistory,
  HISTORY_LIMIT,
  isComplete,
  isReadyToPublish,
  isValidAnswer,
  jumpHistory,
  nextAfterEdit,
  PLAN_TYPE_ID,
  REFERENCE_IDS,
  requiresPayment,
  resumeStep,
  STEP_IDS,
  stepIdOf,
  STEPS,
  stepsOfFlow,
  type StepNumber,
  type WizardAnswers,
} from '@domain/wizard-steps';

const SPEC_STEPS = Array.from({ length: 47 }, (_, i) => i).filter((n) => ![20, 21, 31, 35].includes(n));
const LOGGED_IN = { account: 'loggedIn' } as const;
const SILENT = { account: 'silent' } as const;

/** Every answer of a sale listing with the basic plan. */
const SALE_DONE: WizardAnswers = answersBefore(SALE_ORDER, 'characteristicsSaved', {
  split: ANSWERS.split,
  loader: ANSWERS.loader,
  price: ANSWERS.price,
  title: ANSWERS.title,
  description: ANSWERS.description,
  photos: ANSWERS.photos,
  documents: ANSWERS.documents,
  publicationType: ANSWERS.publicationType,
  summary: ANSWERS.summary,
  valueLadder: PLANS.basic,
});

describe('the step table', () => {
  it('has every numbered step of the spec once (0-46 without 20, 21, 31, 35), with unique ids', () => {
    expect(STEP_IDS.map((id) => STEPS[id].step).sort((a, b) => a - b)).toEqual(SPEC_STEPS);
    expect(new Set(STEP_IDS).size).toBe(43);
    for (const n of SPEC_STEPS) expect(STEPS[stepIdOf(n)!].step).toBe(n);
    expect(stepIdOf(20)).toBeNull();
    expect(stepIdOf(99)).toBeNull();
  });

  it('puts every step in the flows of docs/wizard-flow.md', () => {
    expect(
      stepsOfFlow('valuation')
        .map((id) => STEPS[id].step)
        .sort((a, b) => a - b),
    ).toEqual([0, 1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 14, 29, 36, 37, 38, 40]);
    expect(stepsOfFlow('sale')).not.toContain('availability');
    expect(stepsOfFlow('rent')).not.toContain('split');
    expect(stepsOfFlow('rent')).not.toContain('loader');
    // Every step belongs to some flow but 25, retired (it asked again the category given as the type at 3): its number stays reserved.
    const covered = new Set([...stepsOfFlow('sale'), ...stepsOfFlow('rent'), ...stepsOfFlow('valuation')]);
    expect(covered.size).toBe(42);
    expect(STEP_IDS.filter((id) => !covered.has(id))).toEqual(['publicationType']);
    expect(stepsOfFlow('sale')).not.toContain('publicationType');
  });

  it('keeps the reference ids of the seed (server/db/seed/data/reference-lists.json)', () => {
    const seed = JSON.parse(
      readFileSync(new URL('../server/db/seed/data/reference-lists.json', import.meta.url), 'utf8'),
    ) as Record<string, Array<{ id: number; code?: string }>>;
    const ids = (list: string) => seed[list].map((row) => row.id).sort((a, b) => a - b);
    for (const [list, expected] of Object.entries(REFERENCE_IDS)) expect(ids(list), list).toEqual([...expected]);
    expect(Object.fromEntries(seed.planTypes.map((p) => [p.code, p.id]))).toEqual({
      basic: PLAN_TYPE_ID.basic,
      flexible: PLAN_TYPE_ID.flexible,
      exclusive: PLAN_TYPE_ID.exclusive,
      exclusive_partner: PLAN_TYPE_ID.exclusivePartner,
    });
    for (const id of EXTRA_SERVICE_IDS) expect(ids('serviceProducts')).toContain(id);
  });
});

describe('the paths of docs/wizard-flow.md', () => {
  it('sale: 0 and 1 for an anonymous seller, 23 and 24 before 11, then 12, the market, 15 ... 28, 30, 22, 34', () => {
    expect(expectedPath('sale', { split: { priceFromMarket: true }, loader: ANSWERS.loader })).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 36, 10, 23, 24, 11, 12, 14, 13, 38, 15, 16, 17, 19, 18, 26, 27, 28, 30, 22, 34,
    ]);
    expect(expectedPath('sale', { split: { priceFromMarket: true }, loader: NONE }, LOGGED_IN)).toEqual([
      2, 3, 4, 5, 6, 7, 8, 9, 36, 10, 23, 24, 11, 12, 14, 40, 38, 15, 16, 17, 19, 18, 26, 27, 28, 22, 34,
    ]);
  });

  it('sale: the seller who sets the price alone, and comparables switched off, skip the market', () => {
    const alone = expectedPath('sale', { split: { priceFromMarket: false } }, LOGGED_IN);
    expect(alone.slice(alone.indexOf(11), alone.indexOf(15) + 1)).toEqual([11, 12, 15]);
    const off = expectedPath('sale', {}, { ...LOGGED_IN, comparablesEnabled: false });
    expect(off.slice(off.indexOf(11), off.indexOf(15) + 1)).toEqual([11, 15]);
  });

  it('rent: 39, 41, 42 then the monthly rent (15)', () => {
    const rent = expectedPath('rent', {}, SILENT);
    expect(rent.slice(rent.indexOf(11), rent.indexOf(15) + 1)).toEqual([11, 39, 41, 42, 15]);
    expect(rent).not.toContain(12);
    expect(rent).not.toContain(14);
  });

  it('plans at 28: paid to 33 (32 for a listing already published), exclusive to 43, 44, 45, with partner to 46, 45', () => {
    const after28 = (answers: WizardAnswers, facts = {}) => {
      const path = expectedPath('sale', answers, { ...LOGGED_IN, ...facts });
      return path.slice(path.indexOf(28) + 1);
    };
    expect(after28({ valueLadder: PLANS.basic })).toEqual([22, 34]);
    expect(after28({ valueLadder: PLANS.basic }, SILENT)).toEqual([30, 22, 34]);
    expect(after28({ valueLadder: PLANS.flexible })).toEqual([33, 22, 34]);
    expect(after28({ valueLadder: PLANS.basicWithPhotos })).toEqual([33, 22, 34]);
    expect(after28({ valueLadder: PLANS.upgrade }, { published: true })).toEqual([32, 22, 34]);
    expect(after28({ valueLadder: PLANS.exclusive })).toEqual([43, 44, 45]);
    expect(after28({ valueLadder: PLANS.exclusivePartner })).toEqual([46, 45]);
  });

  it('valuation: 3 ... 11, 0 and 1 if anonymous, 14, 13 or 40, 38, 37, then 29 when the visitor stops', () => {
    expect(expectedPath('valuation', { loader: ANSWERS.loader, saleOrRent: { next: 'stop' } })).toEqual([
      3, 4, 5, 6, 7, 8, 9, 36, 10, 11, 0, 1, 14, 13, 38, 37, 29,
    ]);
    expect(expectedPath('valuation', { loader: NONE, saleOrRent: { next: 'sale' } }, LOGGED_IN)).toEqual([
      3, 4, 5, 6, 7, 8, 9, 36, 10, 11, 14, 40, 38, 37,
    ]);
    expect(expectedPath('valuation', {}, SILENT)).not.toContain(0);
  });

  it('enters at 2 when signed in and 0 otherwise for listings, at 3 for valuations', () => {
    expect(entryStep('sale', { account: 'anonymous' })).toBe('personalData');
    expect(entryStep('rent', LOGGED_IN)).toBe('locality');
    expect(entryStep('sale', SILENT)).toBe('locality');
    expect(entryStep('valuation', { account: 'anonymous' })).toBe('propertyType');
  });
});

describe('firstIncompleteStep', () => {
  it('is the entry step of an empty draft', () => {
    expect(firstIncompleteStep('sale', {})).toBe(0);
    expect(firstIncompleteStep('sale', {}, LOGGED_IN)).toBe(2);
    expect(firstIncompleteStep('rent', {}, SILENT)).toBe(2);
    expect(firstIncompleteStep('valuation', {})).toBe(3);
  });

  it('follows the flow, not the numbers: heating (36) comes after the energy class (9)', () => {
    expect(firstIncompleteStep('sale', answersBefore(SALE_ORDER, 'heating'), LOGGED_IN)).toBe(36);
    expect(firstIncompleteStep('sale', answersBefore(SALE_ORDER, 'amenities'), LOGGED_IN)).toBe(23);
    expect(firstIncompleteStep('rent', answersBefore(RENT_ORDER, 'furnishing'), LOGGED_IN)).toBe(41);
    expect(firstIncompleteStep('sale', answersBefore(SALE_ORDER, 'split'), LOGGED_IN)).toBe(12);
    expect(firstIncompleteStep('sale', answersBefore(SALE_ORDER, 'loader'), LOGGED_IN)).toBe(14);
    expect(firstIncompleteStep('sale', answersBefore(SALE_ORDER, 'price'), LOGGED_IN)).toBe(15);
  });

  it('finds a step that became incomplete: details given for another property type', () => {
    const answers = { ...answersBefore(SALE_ORDER, 'price'), propertyType: { propertyTypeId: 5 } };
    expect(firstIncompleteStep('sale', answers, LOGGED_IN)).toBe(4);
  });

  it('after the summary: 28 until the plan is chosen and published, 30 for a silent account, 28 while unpaid, 33 once paid, none once published', () => {
    expect(firstIncompleteStep('sale', { ...SALE_DONE, summary: undefined }, LOGGED_IN)).toBe(27);
    expect(firstIncompleteStep('sale', { ...SALE_DONE, valueLadder: undefined }, LOGGED_IN)).toBe(28);
    expect(firstIncompleteStep('sale', SALE_DONE, LOGGED_IN)).toBe(28);
    expect(firstIncompleteStep('sale', SALE_DONE, SILENT)).toBe(30);
    expect(firstIncompleteStep('sale', { ...SALE_DONE, valueLadder: PLANS.flexible }, LOGGED_IN)).toBe(28);
    expect(
      firstIncompleteStep('sale', { ...SALE_DONE, valueLadder: PLANS.flexible }, { ...LOGGED_IN, orderPaid: true }),
    ).toBe(33);
    expect(firstIncompleteStep('sale', SALE_DONE, { ...LOGGED_IN, published: true })).toBeNull();
    expect(resumeStep('sale', SALE_DONE, { ...LOGGED_IN, published: true })).toBe('summary');
  });

  it('valuation: 0 for an anonymous visitor after 11, the search for a signed-in one, then 37', () => {
    const characteristics = answersBefore(VALUATION_ORDER, 'characteristicsSaved');
    expect(firstIncompleteStep('valuation', characteristics)).toBe(0);
    expect(firstIncompleteStep('valuation', characteristics, LOGGED_IN)).toBe(14);
    expect(firstIncompleteStep('valuation', { ...characteristics, loader: NONE }, LOGGED_IN)).toBe(37);
    expect(
      firstIncompleteStep('valuation', { ...characteristics, loader: NONE, saleOrRent: { next: 'stop' } }, LOGGED_IN),
    ).toBeNull();
  });
});

describe('deep links and edits', () => {
  const upTo10 = answersBefore(SALE_ORDER, 'condoFees');

  it('allows a step when every step before it on the path is complete, itself included or first incomplete', () => {
    expect(canGoTo('sale', 5, upTo10, LOGGED_IN)).toBe(true);
    expect(canGoTo('sale', 10, upTo10, LOGGED_IN)).toBe(true);
    expect(canGoTo('sale', 23, upTo10, LOGGED_IN)).toBe(false);
    expect(canGoTo('sale', 39, SALE_DONE, LOGGED_IN)).toBe(false);
    expect(canGoTo('sale', 20, SALE_DONE, LOGGED_IN)).toBe(false);
    expect(canGoTo('sale', 0, upTo10, LOGGED_IN)).toBe(false);
  });

  it('after an edit from the summary, goes back to it unless the change needs more', () => {
    const rent = answersBefore(RENT_ORDER, 'valueLadder');
    expect(nextAfterEdit('rent', 'surface', rent, LOGGED_IN)).toBe('summary');
    // The sale's estimate depends on the surface: the search runs again.
    expect(nextAfterEdit('sale', 'surface', SALE_DONE, LOGGED_IN)).toBe('loader');
    expect(
      nextAfterEdit('sale', 'propertyType', { ...SALE_DONE, propertyType: { propertyTypeId: 5 } }, LOGGED_IN),
    ).toBe('specialDescription');
    expect(nextAfterEdit('sale', 'estimate', SALE_DONE, LOGGED_IN)).toBe('summary');
  });

  it('is ready to publish only with every step before the publication complete', () => {
    expect(isReadyToPublish('sale', SALE_DONE, LOGGED_IN)).toBe(true);
    expect(isReadyToPublish('sale', SALE_DONE, SILENT)).toBe(false);
    expect(isReadyToPublish('sale', { ...SALE_DONE, valueLadder: PLANS.flexible }, LOGGED_IN)).toBe(false);
    expect(
      isReadyToPublish('sale', { ...SALE_DONE, valueLadder: PLANS.flexible }, { ...LOGGED_IN, orderPaid: true }),
    ).toBe(true);
    expect(isReadyToPublish('sale', { ...SALE_DONE, title: undefined }, LOGGED_IN)).toBe(false);
    expect(isReadyToPublish('sale', { ...SALE_DONE, valueLadder: PLANS.exclusive }, LOGGED_IN)).toBe(false);
  });
});

describe('answers', () => {
  it('accepts the fixture answer of every step', () => {
    for (const [step, answer] of Object.entries(ANSWERS))
      expect(isValidAnswer(step as keyof typeof ANSWERS, answer, ANSWERS), step).toBe(true);
  });

  it.each([
    ['personalData', { ...ANSWERS.personalData, privacy: false }],
    ['personalData', { ...ANSWERS.personalData, phone: '333-ABC' }],
    ['email', { email: 'giulia@' }],
    ['locality', { ...ANSWERS.locality, latitude: 0, longitude: 0 }],
    ['locality', { ...ANSWERS.locality, municipalityIstat: '15146' }],
    ['propertyType', { propertyTypeId: 19 }],
    ['surface', { surfaceM2: 0 }],
    ['surface', { surfaceM2: '85' }],
    ['composition', { rooms: 3, bathrooms: 1, roomCounts: [{ roomTypeId: 59, count: 1 }] }],
    ['floors', { floor: 6, buildingFloors: 5, hasLift: true }],
    ['renovation', { conditionId: 3, buildYear: 2000, renovationYear: 1990 }],
    ['energyClass', { energyClassId: 13, energyPerformance: null }],
    ['amenities', { amenityIds: [15, 15] }],
    ['loader', { found: true, comparableIds: [], estimateMin: null, estimateMax: null }],
    ['availability', { availableFrom: '2026-02-30' }],
    ['price', { price: 1.5 }],
    ['title', { title: '   ' }],
    ['title', { title: 'Trilocale, info su www.casabella.it' }],
    ['title', { title: 'Trilocale, chiama il 347 123 4567' }],
    ['description', { description: 'Luminoso. Scrivete a mario.rossi@gmail.com' }],
    ['valueLadder', { plan: 'basic', serviceIds: [7] }],
    ['valueLadder', { plan: 'premium', serviceIds: [] }],
    ['summary', { confirmed: false }],
    ['partnerLead', { contactConsent: false }],
    ['saleOrRent', { next: 'later' }],
    ['price', null],
  ] as const)('refuses a wrong %s answer', (step, answer) => {
    expect(isValidAnswer(step, answer, ANSWERS)).toBe(false);
    expect(isComplete(step, { ...ANSWERS, [step]: answer } as WizardAnswers, LOGGED_IN)).toBe(false);
  });

  it('refuses a rent deposit above three months of the rent, whichever of the two is answered second', () => {
    expect(isValidAnswer('deposit', { securityDeposit: 2700 }, { price: { price: 900 } })).toBe(true);
    expect(isValidAnswer('deposit', { securityDeposit: 2701 }, { price: { price: 900 } })).toBe(false);
    expect(depositRefusedByRent('deposit', { securityDeposit: 2701 }, { price: { price: 900 } })).toBe(true);
    // The flow asks the deposit before the rent: any deposit until the rent is known.
    expect(isValidAnswer('deposit', { securityDeposit: 50_000 }, {})).toBe(true);
    expect(isValidAnswer('price', { price: 899 }, { deposit: { securityDeposit: 2700 } })).toBe(false);
    expect(depositRefusedByRent('price', { price: 899 }, { deposit: { securityDeposit: 2700 } })).toBe(true);
    expect(isValidAnswer('price', { price: 900 }, { deposit: { securityDeposit: 2700 } })).toBe(true);
    expect(
      isComplete('deposit', { ...ANSWERS, price: { price: 900 }, deposit: { securityDeposit: 3000 } }, LOGGED_IN),
    ).toBe(false);
    // Another refusal is not the deposit's.
    expect(depositRefusedByRent('price', { price: 0 }, { deposit: { securityDeposit: 2700 } })).toBe(false);
  });

  it("refuses step 0's name and surname with what the registration refuses, and takes Italian names", () => {
    for (const field of ['name', 'surname'] as const) {
      for (const bad of [
        'Giulia\u2028Bianchi',
        'Giulia\u2029',
        '\u202eailuiG',
        'Giu\u200blia',
        'Giulia\u200e',
        'Giulia\u061c',
        'Giu\u00adlia',
        'Visita evil.com',
        'https://evil.example',
        'giulia@evil.it',
      ]) {
        expect(
          isValidAnswer('personalData', { ...ANSWERS.personalData, [field]: bad }, ANSWERS),
          `${field}: ${JSON.stringify(bad)}`,
        ).toBe(false);
      }
    }
    for (const [name, surname] of [
      ["D'Amico", 'Niccolò'],
      ['Maria-Grazia', 'De’ Medici'],
      ['Anna Maria', 'Dalla Chiesa'],
    ]) {
      expect(isValidAnswer('personalData', { ...ANSWERS.personalData, name, surname }, ANSWERS), name).toBe(true);
    }
  });

  it('names the contact detail a title or a description carries, and nothing for other steps', () => {
    expect(contactInAnswer('title', { title: 'Trilocale su https://casa.example' })).toBe('link');
    expect(contactInAnswer('title', { title: 'Trilocale, mario@libero.it' })).toBe('email');
    expect(contactInAnswer('description', { description: 'Chiamate il 02 1234 5678.' })).toBe('phone');
    expect(contactInAnswer('description', { description: 'Trilocale di 120 m², 250.000 €, del 1970.' })).toBeNull();
    expect(contactInAnswer('locality', { ...ANSWERS.locality, street: 'www.casa.it' })).toBeNull();
    expect(contactInAnswer('title', null)).toBeNull();
    // A text refused anyway (a line break in a title) is refused as any malformed answer.
    expect(contactInAnswer('title', { title: 'Trilocale\nhttps://casa.example' })).toBeNull();
    expect(isValidAnswer('title', { title: 'Trilocale\nhttps://casa.example' }, ANSWERS)).toBe(false);
  });

  it('knows which plan choices need a payment', () => {
    expect(requiresPayment(PLANS.basic)).toBe(false);
    expect(requiresPayment(PLANS.basicWithPhotos)).toBe(true);
    expect(requiresPayment(PLANS.flexible)).toBe(true);
    expect(requiresPayment({ plan: 'exclusive', serviceIds: [4] })).toBe(false);
    expect(requiresPayment(undefined)).toBe(false);
  });

  it('completes the login step only with a full account, and the steps that show something always', () => {
    expect(isComplete('login', {}, SILENT)).toBe(false);
    expect(isComplete('login', {}, LOGGED_IN)).toBe(true);
    expect(isComplete(26, {})).toBe(true);
    expect(isComplete(20, ANSWERS)).toBe(false);
  });
});

describe('history', () => {
  it('adds the step left, never the loader, and cuts back when a step is visited again', () => {
    expect(forwardHistory([2, 3], 4, 5)).toEqual([2, 3, 4]);
    expect(forwardHistory([11, 12], 14, 13)).toEqual([11, 12]);
    expect(forwardHistory([25, 26, 27], 5, 27)).toEqual([25, 26]);
  });

  it('keeps where a deep link came from, and a jump to the latest step is Back', () => {
    expect(jumpHistory([25, 26], 27, 5)).toEqual([25, 26, 27]);
    expect(jumpHistory([25, 26, 27], 5, 27)).toEqual([25, 26]);
    expect(jumpHistory([1, 2], 3, 3)).toEqual([1, 2]);
  });

  it('is capped', () => {
    let history: StepNumber[] = [];
    for (let i = 0; i < 200; i++) history = jumpHistory(history, i % 2 === 0 ? 5 : 6, i % 2 === 0 ? 6 : 7);
    expect(history.length).toBeLessThanOrEqual(HISTORY_LIMIT);
  });

  it('goes back to the latest step that still applies, and not at all after publication', () => {
    expect(backTarget([0, 1, 2], 'propertyType', SILENT)).toEqual({ step: 'locality', history: [0, 1] });
    expect(backTarget([0, 1], 'locality', LOGGED_IN)).toBeNull();
    expect(backTarget([0, 1], 'locality', SILENT)).toEqual({ step: 'email', history: [0] });
    expect(backTarget([27, 28], 'publicationSuccess', LOGGED_IN)).toBeNull();
    expect(backTarget([], 'locality', LOGGED_IN)).toBeNull();
  });
});
