import { describe, expect, it } from 'vitest';
import { ANSWERS, PLANS } from '../../../machines/testing/wizard-fixtures';
import { STEP_IDS } from '@domain/wizard-steps';
import {
  accountOf,
  factsOf,
  flowOf,
  generatedTitleOf,
  isStepOfFlow,
  orderCoversChoice,
  projectionOf,
  qualityOf,
  titleAfterLocality,
} from './wizard';

describe('the wizard as the server applies it', () => {
  it('reads the flow, the account and the facts of a row', () => {
    expect([flowOf(1), flowOf(2), flowOf(null)]).toEqual(['sale', 'rent', 'valuation']);
    expect([accountOf({ isSilent: true }), accountOf({ isSilent: false })]).toEqual(['silent', 'loggedIn']);
    expect(factsOf({ statusId: 3 }, 'loggedIn', true)).toEqual({
      account: 'loggedIn',
      comparablesEnabled: true,
      published: true,
      orderPaid: true,
    });
    expect(factsOf({ statusId: 4 }, 'silent', false).published).toBe(false);
    expect([
      isStepOfFlow('sale', 39),
      isStepOfFlow('rent', 39),
      isStepOfFlow('sale', 20),
      isStepOfFlow('sale', 12),
    ]).toEqual([null, 'availability', null, 'split']);
  });

  it('counts an order as paid only when it covers the plan and every service chosen', () => {
    const answers = { ...ANSWERS, valueLadder: { plan: 'flexible' as const, serviceIds: [1, 8] } };
    expect(orderCoversChoice(answers, [])).toBe(false);
    expect(orderCoversChoice(answers, [{ planTypeId: 2, serviceProductIds: [1] }])).toBe(false);
    expect(orderCoversChoice(answers, [{ planTypeId: 1, serviceProductIds: [1, 8] }])).toBe(false);
    expect(orderCoversChoice(answers, [{ planTypeId: 2, serviceProductIds: [8, 1, 4] }])).toBe(true);
    expect(
      orderCoversChoice({ ...ANSWERS, valueLadder: PLANS.basic }, [{ planTypeId: 1, serviceProductIds: [] }]),
    ).toBe(true);
    const { valueLadder: _, ...none } = ANSWERS;
    expect(orderCoversChoice(none, [{ planTypeId: 1, serviceProductIds: [] }])).toBe(false);
  });

  it('writes each answer to its columns, and nothing for the steps without one', () => {
    expect(projectionOf('locality', ANSWERS, { municipalityId: 42 }).columns).toMatchObject({
      municipalityId: 42,
      street: 'Via Paolo Sarpi',
      streetNumber: '12',
      showAddress: true,
    });
    expect(projectionOf('composition', ANSWERS, {})).toEqual({
      columns: { rooms: 3, bathrooms: 1 },
      rooms: ANSWERS.composition.roomCounts,
    });
    expect(projectionOf('amenities', ANSWERS, {})).toEqual({ columns: {}, amenityIds: [15, 17] });
    expect(
      projectionOf('valueLadder', { ...ANSWERS, valueLadder: PLANS.exclusivePartner }, { draft: true }).columns,
    ).toEqual({ planTypeId: 4, agencyId: null });
    expect(projectionOf('valueLadder', { ...ANSWERS, valueLadder: PLANS.exclusive }, { draft: true }).columns).toEqual({
      planTypeId: 3,
    });
    // Out of the draft, a paid plan is written by its paid order only; the basic plan by the answer.
    expect(
      projectionOf('valueLadder', { ...ANSWERS, valueLadder: PLANS.exclusivePartner }, { draft: false }).columns,
    ).toEqual({ agencyId: null });
    expect(projectionOf('valueLadder', { ...ANSWERS, valueLadder: PLANS.basic }, { draft: false }).columns).toEqual({
      planTypeId: 1,
      agencyId: null,
    });
    expect(projectionOf('agencyChoice', ANSWERS, { draft: true }).columns).toEqual({ agencyId: 3 });
    expect(projectionOf('agencyChoice', ANSWERS, { draft: false }).columns).toEqual({});
    for (const id of ['personalData', 'email', 'photos', 'documents', 'summary', 'agencySplit', 'partnerLead'] as const)
      expect(projectionOf(id, ANSWERS, {})).toEqual({ columns: {} });
    // Every step has a projection (the switch's default included): none throws.
    for (const id of STEP_IDS) expect(() => projectionOf(id, ANSWERS, {})).not.toThrow();
  });

  it('scores the fields of the path before the summary', () => {
    const facts = factsOf({ statusId: 1 }, 'loggedIn', false);
    const none = qualityOf('sale', {}, facts, { photos: 0, floorPlans: 0, energyCertificates: 0 });
    expect(none).toEqual({
      score: 0,
      next: ['addPhotos', 'fillFields', 'writeDescription', 'addFloorPlan', 'addEnergyCertificate'],
    });
    const all = qualityOf('sale', ANSWERS, facts, { photos: 10, floorPlans: 1, energyCertificates: 1 });
    expect(all.next).toEqual(['lengthenDescription']);
    expect(all.score).toBe(100 - Math.round(20 - (20 * ANSWERS.description.description.length) / 600));
  });

  it('generates the title from the address the listing shows, and lets a generated title follow the locality', () => {
    const shown = { sellTypeId: 1, street: 'Via Padova', streetNumber: '45', showAddress: true };
    const hidden = { ...shown, showAddress: false };
    expect(generatedTitleOf(shown, 'Milano')).toBe('Casa in vendita in Via Padova, 45 a Milano');
    expect(generatedTitleOf(hidden, 'Milano')).toBe('Casa in vendita a Milano');
    expect(generatedTitleOf({ ...hidden, sellTypeId: 2 }, 'Milano')).toBe('Casa in affitto a Milano');
    expect(generatedTitleOf(hidden, null)).toBeNull();
    // The kept offer follows: the address hidden, shown again, the street or the town changed.
    expect(titleAfterLocality(shown, 'Milano', 'Casa in vendita in Via Padova, 45 a Milano', hidden, 'Milano')).toBe(
      'Casa in vendita a Milano',
    );
    expect(titleAfterLocality(hidden, 'Milano', 'Casa in vendita a Milano', shown, 'Milano')).toBe(
      'Casa in vendita in Via Padova, 45 a Milano',
    );
    expect(
      titleAfterLocality(
        shown,
        'Milano',
        ' Casa in vendita in Via Padova, 45 a Milano ',
        { ...shown, street: 'Via Po', streetNumber: '3' },
        'Torino',
      ),
    ).toBe('Casa in vendita in Via Po, 3 a Torino');
    // A title saved with the street while the address was already hidden (before the rule) is the generated one too.
    expect(titleAfterLocality(hidden, 'Milano', 'Casa in vendita in Via Padova, 45 a Milano', hidden, 'Milano')).toBe(
      'Casa in vendita a Milano',
    );
    // The seller's own words stay; nothing to change when the title is already the new one.
    expect(titleAfterLocality(shown, 'Milano', 'Bilocale in Via Padova, 45', hidden, 'Milano')).toBeNull();
    expect(titleAfterLocality(shown, 'Milano', 'Casa in vendita a Roma', hidden, 'Milano')).toBeNull();
    expect(titleAfterLocality(hidden, 'Milano', 'Casa in vendita a Milano', hidden, 'Milano')).toBeNull();
    expect(titleAfterLocality(shown, 'Milano', undefined, hidden, 'Milano')).toBeNull();
    expect(titleAfterLocality(shown, null, 'Casa in vendita a Milano', hidden, 'Milano')).toBeNull();
  });
});
