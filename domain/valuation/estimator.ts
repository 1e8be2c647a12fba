// The valuation of a home from comparable listings (issue 12; wizard steps 14, 13/40, 38).
// Pure TypeScript, no I/O: the server fetches the candidates (server/modules/valuation) and
// the bench feeds it the synthetic listings; both get the same answer for the same input.
//
// The method, in the order it runs (docs/valuation.md says the same for people):
//   1. Eligible candidates: the same sell type (sale or rent), the same kind (a flat with flats,
//      a house with houses, anything else with its own type), a surface within ±30 % of the
//      subject's, a condition at most one step away, a price, published (or sold) within the
//      last three years.
//   2. The radius: 500 m, then 1, 2, 5 and 10 km, stopping at the first that holds
//      `targetComparables` (6) eligible candidates; at 10 km, whatever it holds.
//   3. The nearest `maxComparables` (12) in that radius (ties by id).
//   4. Their €/m² (price ÷ surface), each adjusted to the subject: × (subject's factor ÷
//      comparable's factor) for condition, floor and lift, energy class (ADJUSTMENT_FACTORS).
//   5. Outliers out: an adjusted €/m² whose logarithm is further from the median logarithm
//      than 3 scaled MADs (and than ±20 %) is listed but not used.
//   6. Fewer than `minComparables` (3) left: no estimate (step 40), never a number made up.
//   7. The €/m² of the estimate: the weighted median of the adjusted €/m² (weight = distance
//      factor × age factor, each from 1 down to 0.5 at the edge of the radius and of the
//      three years); the range: their weighted 25th and 75th percentiles, widened to at least
//      ± (4 % + 12 % ÷ √n) around the point. × the subject's surface, rounded (1,000 € for a
//      sale, 10 € for a monthly rent).
//   8. A confidence: high, medium or low, from the count, the radius and the dispersion.
//
// Every figure of the answer can be traced: each comparable carries its distance, surface,
// price, €/m², its three factors, its adjusted €/m², its weight and whether it was left out.
//
// The factors are conventional Italian appraisal rules of thumb (the kind a perito applies to
// OMI figures), written down here, NOT fitted to any data. Reference ids below are the seed's
// (server/db/seed/data/reference-lists.json; estimator.test.ts checks them against
// server/db/reference-ids.ts): domain/ imports nothing.

export type SellKind = 'sale' | 'rent';
export type ComparableStatus = 'published' | 'sold';
export type Confidence = 'high' | 'medium' | 'low';

/** The home to value: the valuation wizard's answers (steps 2/landing, 3, 5, 6, 7, 8, 9). */
export interface ValuationSubject {
  sellKind: SellKind;
  latitude: number;
  longitude: number;
  propertyTypeId: number;
  surfaceM2: number;
  /** 1 new, 2 excellent, 3 good, 4 to renovate. */
  conditionId: number;
  /** -1 basement, 0 ground floor ...; null: not a flat, or not said. */
  floor: number | null;
  hasLift: boolean | null;
  /** 1-10 A4 ... G, 11 exempt, 12 pending; null: not said. */
  energyClassId: number | null;
}

/** A listing that may serve as a comparable, at its PUBLIC position (rounded when its address is hidden). */
export interface ValuationCandidate {
  id: number;
  status: ComparableStatus;
  sellKind: SellKind;
  latitude: number;
  longitude: number;
  propertyTypeId: number;
  surfaceM2: number;
  /** Whole euros (monthly for a rent); for a sold listing its last asking price (no deed price is known). */
  price: number;
  conditionId: number | null;
  floor: number | null;
  hasLift: boolean | null;
  energyClassId: number | null;
  /** Published (or, for a sold one, last changed) at. */
  date: Date;
}

export interface ValuationOptions {
  /** The moment of the valuation: ages count back from it (an input, so the answer is deterministic). */
  now: Date;
  /** Which adjustments apply (all by default); the bench compares. */
  adjustments?: Partial<Record<AdjustmentKind, boolean>>;
}

export type AdjustmentKind = 'condition' | 'floor' | 'energy';

export const VALUATION_RULES = {
  /** The radii tried in turn, in metres; the last one is the limit. */
  radiiM: [500, 1000, 2000, 5000, 10_000],
  /** A radius holding this many eligible candidates is wide enough. */
  targetComparables: 6,
  /** Fewer comparables than this (after the outliers): no estimate. */
  minComparables: 3,
  /** At most this many comparables, the nearest. */
  maxComparables: 12,
  /** Surfaces within ± this share of the subject's. */
  surfaceBand: 0.3,
  /** Conditions at most this many steps apart (new, excellent, good, to renovate). */
  maxConditionGap: 1,
  /** Published (or sold) at most this many days ago. */
  maxAgeDays: 3 * 365,
  /** Outliers: further from the median log €/m² than this many scaled MADs ... */
  outlierMads: 3,
  /** ... and than this (log: ±20 % or so), so that near-identical prices do not make everything else an outlier. */
  outlierMinLog: Math.log(1.2),
  /** The range is at least ± (base + perComparable ÷ √n) around the point. */
  minHalfWidth: { base: 0.04, perComparable: 0.12 },
  /** Version of the method, stored with each valuation. */
  version: 1,
} as const;

// ---------------------------------------------------------------------------------------
// Kinds and adjustments.

/** Property types (reference-lists.json). */
export const VALUATION_TYPE_IDS = {
  apartment: 1,
  penthouse: 2,
  attic: 3,
  villa: 5,
  loft: 6,
  farmhouse: 8,
  terracedHouse: 9,
  detachedHouse: 15,
  semiDetachedHouse: 18,
} as const;

/** Flats are compared with flats, houses with houses; every other type only with itself. */
const KIND_GROUPS: readonly (readonly number[])[] = [
  [VALUATION_TYPE_IDS.apartment, VALUATION_TYPE_IDS.penthouse, VALUATION_TYPE_IDS.attic, VALUATION_TYPE_IDS.loft],
  [
    VALUATION_TYPE_IDS.villa,
    VALUATION_TYPE_IDS.farmhouse,
    VALUATION_TYPE_IDS.terracedHouse,
    VALUATION_TYPE_IDS.detachedHouse,
    VALUATION_TYPE_IDS.semiDetachedHouse,
  ],
];

/** The property types a subject of this type is compared with. */
export function comparableTypes(propertyTypeId: number): number[] {
  return [...(KIND_GROUPS.find((group) => group.includes(propertyTypeId)) ?? [propertyTypeId])];
}

/** Whether the floor and the lift count for this type (flats: a house's "floor" is not a position in a building). */
export function floorMatters(propertyTypeId: number): boolean {
  return KIND_GROUPS[0].includes(propertyTypeId);
}

/**
 * The factors, relative to a reference home (good condition, first floor, class C or D) whose
 * factor is 1. Conventional, not fitted: see the header.
 */
export const ADJUSTMENT_FACTORS = {
  /** Condition id → factor: new +10 %, excellent +5 %, good 0, to renovate −15 %. */
  condition: { 1: 1.1, 2: 1.05, 3: 1, 4: 0.85 } as Record<number, number>,
  /** Floor: basement −15 %, ground −5 %, first 0; above it +1 % a floor with a lift (at most +5 %), −3 % a floor without (at most −15 %). */
  floor: { basement: 0.85, ground: 0.95, perFloorWithLift: 0.01, perFloorWithoutLift: -0.03, maxFloorsCounted: 5 },
  /** Energy class id → factor: A4-A1 +5 %, B +3 %, C and D 0, E and F −2 %, G −4 %; exempt (11) and pending (12) unknown. */
  energy: { 1: 1.05, 2: 1.05, 3: 1.05, 4: 1.05, 5: 1.03, 6: 1, 7: 1, 8: 0.98, 9: 0.98, 10: 0.96 } as Record<
    number,
    number
  >,
} as const;

export function conditionFactor(conditionId: number | null): number | null {
  return conditionId === null ? null : (ADJUSTMENT_FACTORS.condition[conditionId] ?? null);
}

/** Null when the floor or, above the first, the lift is not known. */
export function floorFactor(floor: number | null, hasLift: boolean | null): number | null {
  const f = ADJUSTMENT_FACTORS.floor;
  if (floor === null) return null;
  if (floor < 0) return f.basement;
  if (floor === 0) return f.ground;
  if (floor === 1) return 1;
  if (hasLift === null) return null;
  const above = Math.min(floor - 1, f.maxFloorsCounted);
  return round4(1 + above * (hasLift ? f.perFloorWithLift : f.perFloorWithoutLift));
}

export function energyFactor(energyClassId: number | null): number | null {
  return energyClassId === null ? null : (ADJUSTMENT_FACTORS.energy[energyClassId] ?? null);
}

/** subject ÷ comparable, or 1 when either side is unknown (nothing to adjust from). */
function ratio(subject: number | null, comparable: number | null): number {
  return subject === null || comparable === null ? 1 : round4(subject / comparable);
}

// ---------------------------------------------------------------------------------------
// Geometry.

/** earthdistance's sphere (earth() = 6,378,168 m), so distances agree with the database's. */
const EARTH_RADIUS_M = 6_378_168;

/** Great-circle distance in metres. */
export function distanceM(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLng = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

// ---------------------------------------------------------------------------------------
// Eligibility: the database query applies the same rules (server/modules/valuation/repository.ts).

export interface EligibilityBounds {
  propertyTypeIds: number[];
  surfaceMin: number;
  surfaceMax: number;
  conditionMin: number;
  conditionMax: number;
  /** Oldest date counted. */
  since: Date;
}

/** The rules of step 1 as bounds, for a query. */
export function eligibilityBounds(subject: ValuationSubject, now: Date): EligibilityBounds {
  const band = VALUATION_RULES.surfaceBand;
  return {
    propertyTypeIds: comparableTypes(subject.propertyTypeId),
    surfaceMin: Math.ceil(subject.surfaceM2 * (1 - band) - 1e-9),
    surfaceMax: Math.floor(subject.surfaceM2 * (1 + band) + 1e-9),
    conditionMin: subject.conditionId - VALUATION_RULES.maxConditionGap,
    conditionMax: subject.conditionId + VALUATION_RULES.maxConditionGap,
    since: new Date(now.getTime() - VALUATION_RULES.maxAgeDays * 86_400_000),
  };
}

export function isEligible(subject: ValuationSubject, candidate: ValuationCandidate, now: Date): boolean {
  const b = eligibilityBounds(subject, now);
  return (
    candidate.sellKind === subject.sellKind &&
    b.propertyTypeIds.includes(candidate.propertyTypeId) &&
    Number.isFinite(candidate.surfaceM2) &&
    candidate.surfaceM2 >= b.surfaceMin &&
    candidate.surfaceM2 <= b.surfaceMax &&
    Number.isFinite(candidate.price) &&
    candidate.price > 0 &&
    candidate.conditionId !== null &&
    candidate.conditionId >= b.conditionMin &&
    candidate.conditionId <= b.conditionMax &&
    candidate.date.getTime() >= b.since.getTime() &&
    Number.isFinite(candidate.latitude) &&
    Number.isFinite(candidate.longitude)
  );
}

/** How many eligible candidates lie within `radiusM`: whether a search at that radius is wide enough. */
export function countEligibleWithin(
  subject: ValuationSubject,
  candidates: readonly ValuationCandidate[],
  radiusM: number,
  now: Date,
): number {
  return candidates.filter((c) => isEligible(subject, c, now) && distanceM(subject, c) <= radiusM).length;
}

// ---------------------------------------------------------------------------------------
// The answer.

export interface ComparableUsed {
  id: number;
  status: ComparableStatus;
  /** Metres from the subject to the listing's public position, to 10 m. */
  distanceM: number;
  surfaceM2: number;
  price: number;
  /** price ÷ surface. */
  pricePerSqm: number;
  conditionFactor: number;
  floorFactor: number;
  energyFactor: number;
  /** The product of the three: what the €/m² was multiplied by. */
  adjustment: number;
  adjustedPricePerSqm: number;
  /** Distance factor × age factor (0.25 to 1). */
  weight: number;
  /** Left out of the estimate as an outlier (listed, not used). */
  outlier: boolean;
}

export interface Estimate {
  low: number;
  point: number;
  high: number;
  /** The €/m² the point came from: the weighted median of the adjusted €/m² of the comparables used. */
  pricePerSqm: number;
  pricePerSqmLow: number;
  pricePerSqmHigh: number;
  confidence: Confidence;
  /** (75th − 25th percentile) ÷ median of the adjusted €/m². */
  dispersion: number;
  /** Comparables used (outliers not counted). */
  comparableCount: number;
}

export type NoComparablesReason = 'tooFew' | 'outliers';

export type Valuation =
  | { outcome: 'estimate'; radiusM: number; estimate: Estimate; comparables: ComparableUsed[]; version: number }
  | {
      outcome: 'noComparables';
      radiusM: number;
      reason: NoComparablesReason;
      estimate: null;
      comparables: ComparableUsed[];
      version: number;
    };

/** Values the subject from the candidates (any order; the ineligible ones are ignored). */
export function valuate(
  subject: ValuationSubject,
  candidates: readonly ValuationCandidate[],
  options: ValuationOptions,
): Valuation {
  const { now } = options;
  const use = { condition: true, floor: true, energy: true, ...options.adjustments };
  const rules = VALUATION_RULES;
  const eligible = candidates
    .filter((c) => isEligible(subject, c, now))
    .map((c) => ({ c, d: distanceM(subject, c) }))
    .sort((a, b) => a.d - b.d || a.c.id - b.c.id);
  // Duplicates (the same id twice) count once.
  const seen = new Set<number>();
  const unique = eligible.filter(({ c }) => (seen.has(c.id) ? false : (seen.add(c.id), true)));

  const last = rules.radiiM[rules.radiiM.length - 1];
  const radiusM = rules.radiiM.find((r) => unique.filter(({ d }) => d <= r).length >= rules.targetComparables) ?? last;
  const nearest = unique.filter(({ d }) => d <= radiusM).slice(0, rules.maxComparables);

  const subjectFloor = floorMatters(subject.propertyTypeId) ? floorFactor(subject.floor, subject.hasLift) : null;
  const rows: ComparableUsed[] = nearest.map(({ c, d }) => {
    const cond = use.condition ? ratio(conditionFactor(subject.conditionId), conditionFactor(c.conditionId)) : 1;
    const floor =
      use.floor && subjectFloor !== null && floorMatters(c.propertyTypeId)
        ? ratio(subjectFloor, floorFactor(c.floor, c.hasLift))
        : 1;
    const energy = use.energy ? ratio(energyFactor(subject.energyClassId), energyFactor(c.energyClassId)) : 1;
    const adjustment = round4(cond * floor * energy);
    const pricePerSqm = c.price / c.surfaceM2;
    const ageDays = Math.max(0, (now.getTime() - c.date.getTime()) / 86_400_000);
    const weight = round4((1 - 0.5 * Math.min(1, d / radiusM)) * (1 - 0.5 * Math.min(1, ageDays / rules.maxAgeDays)));
    return {
      id: c.id,
      status: c.status,
      distanceM: Math.round(d / 10) * 10,
      surfaceM2: c.surfaceM2,
      price: c.price,
      pricePerSqm: roundPerSqm(pricePerSqm, subject.sellKind),
      conditionFactor: cond,
      floorFactor: floor,
      energyFactor: energy,
      adjustment,
      adjustedPricePerSqm: roundPerSqm(pricePerSqm * adjustment, subject.sellKind),
      weight,
      outlier: false,
    };
  });

  if (rows.length < rules.minComparables)
    return {
      outcome: 'noComparables',
      radiusM,
      reason: 'tooFew',
      estimate: null,
      comparables: rows,
      version: rules.version,
    };

  // Outliers, on the logarithm (prices are multiplicative): median and MAD.
  const logs = rows.map((r) => Math.log(r.adjustedPricePerSqm));
  const center = median(logs);
  const mad = 1.4826 * median(logs.map((v) => Math.abs(v - center)));
  const limit = Math.max(rules.outlierMads * mad, rules.outlierMinLog);
  const marked = rows.map((r, i) => ({ ...r, outlier: Math.abs(logs[i] - center) > limit }));
  const used = marked.filter((r) => !r.outlier);
  if (used.length < rules.minComparables)
    return {
      outcome: 'noComparables',
      radiusM,
      reason: 'outliers',
      estimate: null,
      comparables: marked,
      version: rules.version,
    };

  const values = used.map((r) => ({ value: r.adjustedPricePerSqm, weight: r.weight, id: r.id }));
  const perSqm = weightedQuantile(values, 0.5);
  const q25 = weightedQuantile(values, 0.25);
  const q75 = weightedQuantile(values, 0.75);
  const n = used.length;
  const half = rules.minHalfWidth.base + rules.minHalfWidth.perComparable / Math.sqrt(n);
  const perSqmLow = Math.min(q25, perSqm * (1 - half));
  const perSqmHigh = Math.max(q75, perSqm * (1 + half));
  const dispersion = round4((q75 - q25) / perSqm);
  const money = (v: number) => roundMoney(v * subject.surfaceM2, subject.sellKind);
  const estimate: Estimate = {
    low: money(perSqmLow),
    point: money(perSqm),
    high: money(perSqmHigh),
    pricePerSqm: roundPerSqm(perSqm, subject.sellKind),
    pricePerSqmLow: roundPerSqm(perSqmLow, subject.sellKind),
    pricePerSqmHigh: roundPerSqm(perSqmHigh, subject.sellKind),
    confidence: confidenceOf(n, radiusM, dispersion),
    dispersion,
    comparableCount: n,
  };
  return { outcome: 'estimate', radiusM, estimate, comparables: marked, version: rules.version };
}

/** High: 6 or more comparables within 2 km that agree (dispersion ≤ 15 %); low: under 5, or beyond 5 km, or dispersion over 30 %. */
export function confidenceOf(n: number, radiusM: number, dispersion: number): Confidence {
  if (n < 5 || radiusM > 5000 || dispersion > 0.3) return 'low';
  if (n >= 6 && radiusM <= 2000 && dispersion <= 0.15) return 'high';
  return 'medium';
}

// ---------------------------------------------------------------------------------------
// Small numeric helpers.

function round4(v: number): number {
  return Math.round(v * 10_000) / 10_000;
}

/** €/m² to the euro for a sale, to the cent for a monthly rent. */
function roundPerSqm(v: number, kind: SellKind): number {
  return kind === 'sale' ? Math.round(v) : Math.round(v * 100) / 100;
}

/** As prices are written: 1,000 € for a sale, 10 € for a monthly rent. */
export function roundMoney(v: number, kind: SellKind): number {
  const step = kind === 'sale' ? 1000 : 10;
  return Math.round(v / step) * step;
}

export function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/**
 * The weighted q-quantile: values sorted (ties by id), the first whose cumulative weight
 * reaches q of the total; exactly on a boundary, the mean of it and the next.
 */
export function weightedQuantile(values: readonly { value: number; weight: number; id: number }[], q: number): number {
  const s = [...values].sort((a, b) => a.value - b.value || a.id - b.id);
  const total = s.reduce((sum, v) => sum + v.weight, 0);
  const target = q * total;
  let cumulative = 0;
  for (let i = 0; i < s.length; i++) {
    cumulative += s[i].weight;
    if (Math.abs(cumulative - target) < 1e-9 * total && i + 1 < s.length) return (s[i].value + s[i + 1].value) / 2;
    if (cumulative > target) return s[i].value;
  }
  return s[s.length - 1].value;
}
