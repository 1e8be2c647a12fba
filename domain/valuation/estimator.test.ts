import { describe, expect, it } from 'vitest';
import {
  comparableTypes,
  conditionFactor,
  countEligibleWithin,
  distanceM,
  eligibilityBounds,
  energyFactor,
  floorFactor,
  isEligible,
  valuate,
  VALUATION_RULES,
  weightedQuantile,
  type ValuationCandidate,
  type ValuationSubject,
} from './estimator';

// The seed's ids (server/db/reference-ids.ts; the valuation module's test checks VALUATION_TYPE_IDS against them).
const PROPERTY_TYPE = {
  apartment: 1,
  penthouse: 2,
  attic: 3,
  garage: 4,
  villa: 5,
  loft: 6,
  farmhouse: 8,
  terraced_house: 9,
  office: 16,
  detached_house: 15,
  semi_detached_house: 18,
} as const;
const PROPERTY_CONDITION = { new: 1, excellent: 2, good: 3, to_renovate: 4 } as const;
const ENERGY_CLASS = { A4: 1, D: 7, G: 10, exempt: 11, pending: 12 } as const;

const NOW = new Date('2026-06-01T00:00:00Z');
const CENTER = { latitude: 45.4642, longitude: 9.19 };

/** A point `metres` north of the centre. */
function north(metres: number) {
  return { latitude: CENTER.latitude + metres / 111_195, longitude: CENTER.longitude };
}

const SUBJECT: ValuationSubject = {
  sellKind: 'sale',
  ...CENTER,
  propertyTypeId: PROPERTY_TYPE.apartment,
  surfaceM2: 80,
  conditionId: PROPERTY_CONDITION.good,
  floor: 1,
  hasLift: true,
  energyClassId: ENERGY_CLASS.D,
};

let nextId = 1;
function candidate(over: Partial<ValuationCandidate> & { metres?: number; perSqm?: number } = {}): ValuationCandidate {
  const { metres = 100, perSqm = 4000, ...rest } = over;
  const surfaceM2 = rest.surfaceM2 ?? 80;
  return {
    id: nextId++,
    status: 'published',
    sellKind: 'sale',
    ...north(metres),
    propertyTypeId: PROPERTY_TYPE.apartment,
    surfaceM2,
    price: perSqm * surfaceM2,
    conditionId: PROPERTY_CONDITION.good,
    floor: 1,
    hasLift: true,
    energyClassId: ENERGY_CLASS.D,
    date: new Date('2026-05-01T00:00:00Z'),
    ...rest,
  };
}

describe('the valuation estimator', () => {
  it('has the factors of the documented rules', () => {
    expect(conditionFactor(PROPERTY_CONDITION.new)).toBe(1.1);
    expect(conditionFactor(PROPERTY_CONDITION.to_renovate)).toBe(0.85);
    expect(energyFactor(ENERGY_CLASS.A4)).toBe(1.05);
    expect(energyFactor(ENERGY_CLASS.G)).toBe(0.96);
    expect(energyFactor(ENERGY_CLASS.exempt)).toBeNull();
    expect(energyFactor(ENERGY_CLASS.pending)).toBeNull();
  });

  it('compares flats with flats, houses with houses, and other types only with themselves', () => {
    expect(comparableTypes(PROPERTY_TYPE.penthouse)).toEqual([1, 2, 3, 6]);
    expect(comparableTypes(PROPERTY_TYPE.villa)).toEqual([5, 8, 9, 15, 18]);
    expect(comparableTypes(PROPERTY_TYPE.garage)).toEqual([4]);
    expect(comparableTypes(PROPERTY_TYPE.office)).toEqual([16]);
  });

  it('measures distances on the sphere of earthdistance', () => {
    expect(distanceM(CENTER, north(1000))).toBeCloseTo(1000, -1);
    expect(distanceM(CENTER, CENTER)).toBe(0);
  });

  it('picks only eligible candidates: sell type, kind, surface band, condition, age, price', () => {
    const ok = candidate();
    expect(isEligible(SUBJECT, ok, NOW)).toBe(true);
    expect(isEligible(SUBJECT, candidate({ sellKind: 'rent' }), NOW)).toBe(false);
    expect(isEligible(SUBJECT, candidate({ propertyTypeId: PROPERTY_TYPE.villa }), NOW)).toBe(false);
    expect(isEligible(SUBJECT, candidate({ propertyTypeId: PROPERTY_TYPE.penthouse }), NOW)).toBe(true);
    expect(isEligible(SUBJECT, candidate({ surfaceM2: 56 }), NOW)).toBe(true);
    expect(isEligible(SUBJECT, candidate({ surfaceM2: 55 }), NOW)).toBe(false);
    expect(isEligible(SUBJECT, candidate({ surfaceM2: 104 }), NOW)).toBe(true);
    expect(isEligible(SUBJECT, candidate({ surfaceM2: 105 }), NOW)).toBe(false);
    expect(isEligible(SUBJECT, candidate({ conditionId: PROPERTY_CONDITION.new }), NOW)).toBe(false);
    expect(isEligible(SUBJECT, candidate({ conditionId: PROPERTY_CONDITION.to_renovate }), NOW)).toBe(true);
    expect(isEligible(SUBJECT, candidate({ conditionId: null }), NOW)).toBe(false);
    expect(isEligible(SUBJECT, candidate({ price: 0 }), NOW)).toBe(false);
    expect(isEligible(SUBJECT, candidate({ date: new Date('2023-05-01T00:00:00Z') }), NOW)).toBe(false);
    expect(isEligible(SUBJECT, candidate({ date: new Date('2023-07-01T00:00:00Z') }), NOW)).toBe(true);
    expect(eligibilityBounds(SUBJECT, NOW)).toMatchObject({
      surfaceMin: 56,
      surfaceMax: 104,
      conditionMin: 2,
      conditionMax: 4,
    });
  });

  it('gives the estimate of known comparables: weighted median €/m² × surface, and lists each one', () => {
    const comps = [3800, 3900, 4000, 4100, 4200, 4000].map((perSqm, i) => candidate({ perSqm, metres: 100 + i * 50 }));
    const v = valuate(SUBJECT, comps, { now: NOW });
    expect(v.outcome).toBe('estimate');
    if (v.outcome !== 'estimate') return;
    expect(v.radiusM).toBe(500);
    expect(v.estimate.pricePerSqm).toBe(4000);
    expect(v.estimate.point).toBe(320_000);
    expect(v.estimate.comparableCount).toBe(6);
    expect(v.estimate.low).toBeLessThan(v.estimate.point);
    expect(v.estimate.high).toBeGreaterThan(v.estimate.point);
    expect(v.comparables.map((c) => c.id)).toEqual(comps.map((c) => c.id));
    expect(v.comparables[0]).toEqual({
      id: comps[0].id,
      status: 'published',
      distanceM: 100,
      surfaceM2: 80,
      price: 304_000,
      pricePerSqm: 3800,
      conditionFactor: 1,
      floorFactor: 1,
      energyFactor: 1,
      adjustment: 1,
      adjustedPricePerSqm: 3800,
      weight: expect.any(Number),
      outlier: false,
    });
    // The €/m² of the estimate is one of the adjusted €/m² listed (or the mean of two).
    expect(v.comparables.map((c) => c.adjustedPricePerSqm)).toContain(v.estimate.pricePerSqm);
  });

  it('adjusts each comparable to the subject: condition, floor and lift, energy class', () => {
    const renovate = candidate({ conditionId: PROPERTY_CONDITION.to_renovate, perSqm: 3400 });
    const ground = candidate({ floor: 0, perSqm: 3800 });
    const fourthNoLift = candidate({ floor: 4, hasLift: false });
    const classG = candidate({ energyClassId: ENERGY_CLASS.G, perSqm: 3840 });
    const exempt = candidate({ energyClassId: ENERGY_CLASS.exempt });
    const v = valuate(SUBJECT, [renovate, ground, fourthNoLift, classG, exempt], { now: NOW });
    const byId = new Map(v.comparables.map((c) => [c.id, c]));
    expect(byId.get(renovate.id)).toMatchObject({
      conditionFactor: 1.1765,
      adjustment: 1.1765,
      adjustedPricePerSqm: 4000,
    });
    expect(byId.get(ground.id)).toMatchObject({ floorFactor: 1.0526, adjustedPricePerSqm: 4000 });
    expect(floorFactor(4, false)).toBe(0.91);
    expect(byId.get(fourthNoLift.id)).toMatchObject({ floorFactor: 1.0989, adjustedPricePerSqm: 4396 });
    expect(byId.get(classG.id)).toMatchObject({ energyFactor: 1.0417, adjustedPricePerSqm: 4000 });
    // Exempt: nothing known to adjust from.
    expect(byId.get(exempt.id)).toMatchObject({ energyFactor: 1, adjustment: 1 });
    // A villa's "floor" is no position in a building: no floor adjustment.
    const villa = { ...SUBJECT, propertyTypeId: PROPERTY_TYPE.villa, floor: 0 };
    const houses = [0, 1, 2].map(() =>
      candidate({ propertyTypeId: PROPERTY_TYPE.detached_house, floor: 2, hasLift: false }),
    );
    expect(valuate(villa, houses, { now: NOW }).comparables.every((c) => c.floorFactor === 1)).toBe(true);
    // The adjustments can be switched off one by one (the bench compares).
    const plain = valuate(SUBJECT, [renovate, ground, classG], {
      now: NOW,
      adjustments: { condition: false, floor: false, energy: false },
    });
    expect(plain.comparables.every((c) => c.adjustment === 1)).toBe(true);
  });

  it('widens the radius in steps until enough comparables, up to 10 km', () => {
    const near = [100, 200, 300].map((metres) => candidate({ metres }));
    const mid = [800, 900, 1500].map((metres) => candidate({ metres }));
    const far = [7000, 8000].map((metres) => candidate({ metres }));
    const v = valuate(SUBJECT, [...far, ...mid, ...near], { now: NOW });
    expect(v.radiusM).toBe(2000);
    expect(v.comparables.map((c) => c.distanceM)).toEqual([100, 200, 300, 800, 900, 1500]);
    const sparse = valuate(SUBJECT, [candidate({ metres: 4000 }), ...far, candidate({ metres: 12_000 })], { now: NOW });
    expect(sparse.radiusM).toBe(10_000);
    expect(sparse.outcome).toBe('estimate');
    expect(sparse.comparables).toHaveLength(3);
    if (sparse.outcome === 'estimate') expect(sparse.estimate.confidence).toBe('low');
    expect(countEligibleWithin(SUBJECT, [...near, ...mid, ...far], 1000, NOW)).toBe(5);
  });

  it('uses at most the 12 nearest', () => {
    const many = Array.from({ length: 30 }, (_, i) => candidate({ metres: 10 + i * 10 }));
    const v = valuate(SUBJECT, many, { now: NOW });
    expect(v.comparables).toHaveLength(VALUATION_RULES.maxComparables);
    expect(v.comparables.map((c) => c.id)).toEqual(many.slice(0, 12).map((c) => c.id));
  });

  it('leaves outliers out of the estimate but lists them', () => {
    const normal = [3900, 4000, 4000, 4100, 4050, 3950].map((perSqm, i) => candidate({ perSqm, metres: 100 + i }));
    const cheap = candidate({ perSqm: 1200, metres: 50 });
    const dear = candidate({ perSqm: 15_000, metres: 60 });
    const v = valuate(SUBJECT, [...normal, cheap, dear], { now: NOW });
    expect(v.outcome).toBe('estimate');
    if (v.outcome !== 'estimate') return;
    expect(
      v.comparables
        .filter((c) => c.outlier)
        .map((c) => c.id)
        .sort(),
    ).toEqual([cheap.id, dear.id].sort());
    expect(v.estimate.comparableCount).toBe(6);
    expect(v.estimate.pricePerSqm).toBeGreaterThanOrEqual(3950);
    expect(v.estimate.pricePerSqm).toBeLessThanOrEqual(4050);
    // Near-identical prices do not make a modest difference an outlier.
    const tight = [4000, 4000, 4000, 4000, 4600].map((perSqm) => candidate({ perSqm }));
    expect(valuate(SUBJECT, tight, { now: NOW }).comparables.some((c) => c.outlier)).toBe(false);
  });

  it('answers no comparables (step 40) with fewer than 3, or fewer than 3 once the outliers are out', () => {
    expect(valuate(SUBJECT, [], { now: NOW })).toMatchObject({
      outcome: 'noComparables',
      reason: 'tooFew',
      estimate: null,
      comparables: [],
      radiusM: 10_000,
    });
    const two = valuate(
      SUBJECT,
      [candidate(), candidate({ sellKind: 'rent' }), candidate({ metres: 200 }), candidate({ metres: 20_000 })],
      { now: NOW },
    );
    expect(two).toMatchObject({ outcome: 'noComparables', reason: 'tooFew', estimate: null });
    expect(two.comparables).toHaveLength(2);
    const oneOff = valuate(
      SUBJECT,
      [candidate({ perSqm: 4000 }), candidate({ perSqm: 4100 }), candidate({ perSqm: 16_000 })],
      { now: NOW },
    );
    expect(oneOff).toMatchObject({ outcome: 'noComparables', reason: 'outliers', estimate: null });
    expect(oneOff.comparables.map((c) => c.outlier)).toEqual([false, false, true]);
    // Three that disagree evenly: an estimate, with a wide range and a low confidence.
    const scattered = valuate(
      SUBJECT,
      [candidate({ perSqm: 1000 }), candidate({ perSqm: 4000 }), candidate({ perSqm: 16_000 })],
      { now: NOW },
    );
    expect(scattered.estimate?.confidence).toBe('low');
  });

  it('gives a range that widens with fewer comparables and with dispersion, and a confidence', () => {
    const tight = valuate(
      SUBJECT,
      Array.from({ length: 12 }, (_, i) => candidate({ metres: 50 + i * 10, perSqm: 4000 + (i % 3) * 20 })),
      { now: NOW },
    );
    const few = valuate(
      SUBJECT,
      [candidate({ metres: 3000 }), candidate({ metres: 3500 }), candidate({ metres: 4000 })],
      { now: NOW },
    );
    const spread = valuate(
      SUBJECT,
      [3000, 3300, 3600, 4000, 4400, 4800, 5200].map((perSqm, i) => candidate({ perSqm, metres: 100 + i })),
      { now: NOW },
    );
    const width = (v: typeof tight) => (v.estimate ? (v.estimate.high - v.estimate.low) / v.estimate.point : NaN);
    expect(width(tight)).toBeLessThan(width(few));
    expect(width(tight)).toBeLessThan(width(spread));
    expect(tight.estimate?.confidence).toBe('high');
    expect(few.estimate?.confidence).toBe('low');
    expect(spread.estimate?.confidence).toBe('low');
    for (const v of [tight, few, spread]) expect(v.estimate!.low).toBeLessThanOrEqual(v.estimate!.point);
  });

  it('rounds a monthly rent to 10 € and its €/m² to the cent', () => {
    const rent = { ...SUBJECT, sellKind: 'rent' as const, surfaceM2: 75 };
    const comps = [15.1, 15.4, 15.0, 14.8, 15.2].map((perSqm) =>
      candidate({ sellKind: 'rent', perSqm, surfaceM2: 70, price: Math.round(perSqm * 70) }),
    );
    const v = valuate(rent, comps, { now: NOW });
    expect(v.outcome).toBe('estimate');
    expect(v.estimate!.point % 10).toBe(0);
    expect(v.estimate!.point).toBeGreaterThan(1000);
    expect(v.estimate!.pricePerSqm).toBeCloseTo(15.1, 1);
  });

  it('counts sold listings and weighs older and farther ones less', () => {
    const recent = candidate({ metres: 100 });
    const old = candidate({ metres: 100, date: new Date('2024-06-01T00:00:00Z') });
    const sold = candidate({ metres: 400, status: 'sold' });
    const v = valuate(SUBJECT, [recent, old, sold], { now: NOW });
    const byId = new Map(v.comparables.map((c) => [c.id, c]));
    expect(byId.get(sold.id)?.status).toBe('sold');
    expect(byId.get(old.id)!.weight).toBeLessThan(byId.get(recent.id)!.weight);
    expect(byId.get(sold.id)!.weight).toBeLessThan(byId.get(recent.id)!.weight);
  });

  it('is deterministic: the same answer whatever the order of the candidates, duplicates counted once', () => {
    const comps = Array.from({ length: 15 }, (_, i) =>
      candidate({ metres: 100 + ((i * 37) % 500), perSqm: 3500 + ((i * 173) % 1000) }),
    );
    const a = valuate(SUBJECT, comps, { now: NOW });
    const b = valuate(SUBJECT, [...comps].reverse(), { now: NOW });
    const c = valuate(SUBJECT, [...comps, ...comps.slice(0, 4)], { now: NOW });
    expect(b).toEqual(a);
    expect(c).toEqual(a);
  });

  it('takes the weighted quantiles from the values themselves', () => {
    const values = [10, 20, 30, 40].map((value, id) => ({ value, weight: 1, id }));
    expect(weightedQuantile(values, 0.5)).toBe(25);
    expect(weightedQuantile(values, 0.25)).toBe(15);
    expect(
      weightedQuantile(
        [
          { value: 10, weight: 3, id: 1 },
          { value: 20, weight: 1, id: 2 },
        ],
        0.5,
      ),
    ).toBe(10);
  });
});
