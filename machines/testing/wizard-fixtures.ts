import type { AnswerEvent } from '../wizard-context';
import {
  STEPS,
  type AnswerTypes,
  type Locality,
  type MarketResult,
  type PlanChoice,
  type StepId,
  type WizardAnswers,
} from '@domain/wizard-steps';

// Answers of every step, valid together, for the wizard tests (transition, graph, steps).

export const LOCALITY: Locality = {
  municipalityIstat: '015146',
  street: 'Via Paolo Sarpi',
  streetNumber: '12',
  latitude: 45.4805,
  longitude: 9.1762,
  showAddress: true,
};

export const FOUND: MarketResult = {
  found: true,
  comparableIds: [101, 102, 103],
  estimateMin: 310_000,
  estimateMax: 345_000,
};
export const NONE: MarketResult = { found: false, comparableIds: [], estimateMin: null, estimateMax: null };

export const PLANS = {
  basic: { plan: 'basic', serviceIds: [] },
  basicWithPhotos: { plan: 'basic', serviceIds: [4] },
  upgrade: { plan: 'basic', serviceIds: [8] },
  flexible: { plan: 'flexible', serviceIds: [] },
  exclusive: { plan: 'exclusive', serviceIds: [] },
  exclusivePartner: { plan: 'exclusivePartner', serviceIds: [] },
} as const satisfies Record<string, PlanChoice>;

/** One answer for every step that stores one. */
export const ANSWERS: Required<WizardAnswers> = {
  personalData: {
    name: 'Giulia',
    surname: 'Bianchi',
    phonePrefix: '+39',
    phone: '333 123 4567',
    termsAndConditions: true,
    privacy: true,
    commercialConsent: false,
    partnerConsent: true,
  },
  email: { email: 'giulia.bianchi@example.com' },
  locality: LOCALITY,
  propertyType: { propertyTypeId: 1 },
  specialDescription: { propertyTypeId: 1, details: { cellar: true, exposure: 'south' } },
  surface: { surfaceM2: 85 },
  composition: {
    rooms: 3,
    bathrooms: 1,
    roomCounts: [
      { roomTypeId: 1, count: 1 },
      { roomTypeId: 4, count: 2 },
    ],
  },
  floors: { floor: 3, buildingFloors: 5, hasLift: true },
  renovation: { conditionId: 3, buildYear: 1965, renovationYear: 2015 },
  energyClass: { energyClassId: 7, energyPerformance: 142.5 },
  heating: { heatingTypeId: 1 },
  condoFees: { condoFees: 120 },
  amenities: { amenityIds: [15, 17] },
  situation: { occupancyId: 1 },
  split: { priceFromMarket: true },
  loader: FOUND,
  availability: { availableFrom: '2026-09-01' },
  furnishing: { furnishingId: 1 },
  deposit: { securityDeposit: 3000 },
  price: { price: 329_000 },
  title: { title: 'Casa in vendita in Via Paolo Sarpi a Milano' },
  description: { description: 'Trilocale luminoso al terzo piano con ascensore.' },
  photos: { photoCount: 8 },
  documents: { floorPlanCount: 1, energyCertificateCount: 1, otherCount: 0 },
  publicationType: { publicationPropertyTypeId: 1 },
  summary: { confirmed: true },
  valueLadder: PLANS.basic,
  saleOrRent: { next: 'stop' },
  agencySplit: { choice: 'chooseAgency' },
  agencyChoice: { agencyId: 3 },
  partnerLead: { contactConsent: true },
};

/** The answers of a flow up to (not including) the given step, in the flow's order. */
export function answersBefore(order: readonly StepId[], before: StepId, overrides: WizardAnswers = {}): WizardAnswers {
  const answers: Record<string, unknown> = {};
  for (const id of order) {
    if (id === before) break;
    if (id in ANSWERS) answers[id] = (ANSWERS as Record<string, unknown>)[id];
  }
  return { ...(answers as WizardAnswers), ...overrides };
}

/** The ANSWER event of a step with the fixture's answer (null for a step that stores nothing). */
export function answerOf<K extends StepId>(step: K, answer?: AnswerTypes[K]): AnswerEvent {
  const value =
    answer !== undefined ? answer : STEPS[step].kind === 'question' ? (ANSWERS as Record<string, unknown>)[step] : null;
  return { type: 'ANSWER', step, answer: value } as AnswerEvent;
}

/** Every answer of a complete sale listing (basic plan), for drafts that resume late. */
export const SALE_ORDER: readonly StepId[] = [
  'personalData',
  'email',
  'locality',
  'propertyType',
  'specialDescription',
  'surface',
  'composition',
  'floors',
  'renovation',
  'energyClass',
  'heating',
  'condoFees',
  'amenities',
  'situation',
  'characteristicsSaved',
  'split',
  'loader',
  'comparables',
  'estimate',
  'price',
  'title',
  'description',
  'photos',
  'documents',
  'endOfQuestions',
  'summary',
  'valueLadder',
];
export const RENT_ORDER: readonly StepId[] = [
  'personalData',
  'email',
  'locality',
  'propertyType',
  'specialDescription',
  'surface',
  'composition',
  'floors',
  'renovation',
  'energyClass',
  'heating',
  'condoFees',
  'amenities',
  'situation',
  'characteristicsSaved',
  'availability',
  'furnishing',
  'deposit',
  'price',
  'title',
  'description',
  'photos',
  'documents',
  'endOfQuestions',
  'summary',
  'valueLadder',
];
export const VALUATION_ORDER: readonly StepId[] = [
  'propertyType',
  'specialDescription',
  'surface',
  'composition',
  'floors',
  'renovation',
  'energyClass',
  'heating',
  'condoFees',
  'characteristicsSaved',
  'personalData',
  'email',
  'loader',
  'comparables',
  'estimate',
  'saleOrRent',
];
