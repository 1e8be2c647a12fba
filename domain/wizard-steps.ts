// The steps of the listing and valuation wizards: every numbered step of the spec
// (docs/spec.md §2, "Listing wizard steps": 0-46 without 20, 21, 31 and 35), the
// answers each one collects, and the order the flow gives them
// (docs/wizard-flow.md, authoritative), branches included.
//
// Pure TypeScript whose only imports are four pure rules of domain/ (the name rule of
// domain/person-name.ts, shared with the registration and the profile, the contact details
// of a seller's text, domain/listing/contact-details.ts, the amenities in use, domain/listing/amenities.ts,
// and a rent's lease types, domain/listing/rent-terms.ts): the wizard machines route with it, and the server (which
// validates and stores each step's answers) and the pages (through src/processes) can ask the
// same functions, so all three agree on which step is complete, where a draft resumes and
// which deep link is allowed:
//   - `isValidAnswer(step, value, answers)`: the answer a step may store (defensive: the
//     server passes it what came over the wire);
//   - `isComplete(step, answers, facts)`: the step needs nothing more;
//   - `firstIncompleteStep(flow, answers, facts)`, `resumeStep(...)`, `canGoTo(...)`;
//   - `expectedPath(flow, answers, facts)`: the steps still ahead, for a progress indicator.
//
// Step numbers are part of the public URL (/annuncio/{kind}/{id}/{gotostep}) and the stored
// `wizard_history`: they never change meaning. Inside the code a step is named by its
// English id; `STEPS[id].step` and `stepIdOf(number)` convert.
//
// Choices made where the flow is silent are marked "Choice:" next to the rule.

import { AMENITY_IDS_IN_USE } from './listing/amenities';
import { contactDetailIn, type ContactKind } from './listing/contact-details';
import { CONTRACT_TYPE_IDS } from './listing/rent-terms';
import { isPersonName } from './person-name';

export type Flow = 'sale' | 'rent' | 'valuation';
export type ListingFlow = Exclude<Flow, 'valuation'>;
/** Who fills the wizard in: the spec's visitor kinds, as far as the wizard cares. */
export type Account = 'anonymous' | 'silent' | 'loggedIn';
export type Device = 'desktop' | 'tablet' | 'mobile';

// ---------------------------------------------------------------------------------------
// Reference ids (server/db/seed/data/reference-lists.json fixes them; wizard-steps.test.ts
// checks that these ranges still match the seed).

export const REFERENCE_IDS = {
  propertyTypes: range(1, 18),
  roomTypes: range(1, 58),
  amenities: range(1, 24),
  propertyConditions: range(1, 4),
  energyClasses: range(1, 12),
  heatingTypes: range(1, 8),
  occupancySituations: range(1, 3),
  furnishingTypes: range(1, 4),
} as const;

/** Plans of the value ladder (step 28) and their `plan_types` ids. */
export const PLAN_TYPE_ID = { basic: 1, flexible: 2, exclusive: 3, exclusivePartner: 4 } as const;
export type Plan = keyof typeof PLAN_TYPE_ID;

/**
 * Service products the seller can add at step 28 (spec: first row 1, sold guaranteed 3,
 * photography 4, renovation 5, paddle 6, upgrade 8).
 * Choice: publish listing (7, free) is what every plan includes and flexible (9) is the
 * flexible plan sold as a product, so neither is picked as an extra.
 */
export const EXTRA_SERVICE_IDS = [1, 3, 4, 5, 6, 8] as const;

// ---------------------------------------------------------------------------------------
// The answers, one type per step (null: the step shows something and collects nothing).

/** Step 0: creates the silent account (docs/spec.md §4). */
export interface PersonalData {
  name: string;
  surname: string;
  /** '+39' */
  phonePrefix: string;
  phone: string;
  termsAndConditions: boolean;
  privacy: boolean;
  commercialConsent: boolean;
  partnerConsent: boolean;
}
/** Step 1: the confirmation mail goes there and the silent session starts. */
export interface EmailAnswer {
  email: string;
  /**
   * The captcha answer the step's form solved, for the registration the step triggers
   * (POST /api/Account/Register, RecaptchaToken). A one-time token: the process sends it and
   * never stores it with the answers.
   */
  captchaToken?: string;
}
/** Step 2: the municipality by its six-digit ISTAT code, the street and the map pin. */
export interface Locality {
  municipalityIstat: string;
  street: string;
  streetNumber: string;
  latitude: number;
  longitude: number;
  /** Whether the public page shows the street and number or only the area. */
  showAddress: boolean;
}
export interface PropertyTypeAnswer {
  propertyTypeId: number;
}
/** Step 4: type-specific details, given for the type they were asked for. */
export interface SpecialDescription {
  propertyTypeId: number;
  details: Record<string, string | number | boolean | null>;
}
export interface SurfaceAnswer {
  surfaceM2: number;
}
/** Step 6: rooms (locali) as advertised, bathrooms, and the breakdown by room type. */
export interface Composition {
  rooms: number;
  bathrooms: number;
  roomCounts: Array<{ roomTypeId: number; count: number }>;
}
/** Step 7: -1 basement, 0 ground floor ... */
export interface Floors {
  floor: number;
  buildingFloors: number;
  hasLift: boolean;
}
export interface Renovation {
  conditionId: number;
  buildYear: number | null;
  renovationYear: number | null;
}
export interface EnergyClassAnswer {
  energyClassId: number;
  /** EPgl,nren in kWh/m² a year (0 to ENERGY_PERFORMANCE_MAX), when the certificate gives it; null for exempt and pending. */
  energyPerformance: number | null;
}
/** The highest energy performance index taken, kWh/m² a year: a class G home rarely passes 500. */
export const ENERGY_PERFORMANCE_MAX = 1000;
export interface HeatingAnswer {
  heatingTypeId: number;
}
export interface CondoFeesAnswer {
  /** Monthly, whole euros; 0 for none. */
  condoFees: number;
}
/** Step 23, apartment description. */
export interface AmenitiesAnswer {
  amenityIds: number[];
}
/** Step 24: free, owner-occupied, let. */
export interface SituationAnswer {
  occupancyId: number;
}
/** Step 12: see the market first, or set the price alone. */
export interface SplitAnswer {
  priceFromMarket: boolean;
}
/** Step 14's result: what the comparables search found (the loader's `findComparables`). */
export interface MarketResult {
  found: boolean;
  comparableIds: number[];
  /** Whole euros (monthly for rent); null when there is no estimate. */
  estimateMin: number | null;
  estimateMax: number | null;
}
export interface AvailabilityAnswer {
  /** ISO date, 'YYYY-MM-DD'. */
  availableFrom: string;
}
/** Step 41 (rent): the furnishing, and what else a renter filters by: the lease offered and pets. */
export interface FurnishingAnswer {
  furnishingId: number;
  /** The lease offered (domain/listing/rent-terms.ts, CONTRACT_TYPE_IDS); null or absent: not said. */
  contractTypeId?: number | null;
  /** Whether pets are welcome; null or absent: not said. */
  petsAllowed?: boolean | null;
}
export interface DepositAnswer {
  /** Whole euros. */
  securityDeposit: number;
}
export interface PriceAnswer {
  /** Whole euros; the monthly rent for rentals. */
  price: number;
}
export interface TitleAnswer {
  title: string;
}
export interface DescriptionAnswer {
  description: string;
}
/** Step 19: the photos are uploaded apart (media calls); the step records how many there are. */
export interface PhotosAnswer {
  photoCount: number;
}
/** Step 18: floor plan, energy certificate and other documents, uploaded apart. */
export interface DocumentsAnswer {
  floorPlanCount: number;
  energyCertificateCount: number;
  otherCount: number;
}
/** Step 25: the public category the listing is shown under. */
export interface PublicationTypeAnswer {
  publicationPropertyTypeId: number;
}
/** Step 27: the seller has read the summary and goes on. */
export interface SummaryAnswer {
  confirmed: true;
}
/** Step 28: a plan and the extra services. */
export interface PlanChoice {
  plan: Plan;
  serviceIds: number[];
}
/** Step 37: what next after a valuation. */
export interface SaleOrRentAnswer {
  next: 'sale' | 'rent' | 'stop';
}
/**
 * Step 43, agency split. Choice: the flow makes 43 -> 44 linear, so the split does not
 * skip 44: the seller either picks an agency (44 lists them) or lets Rexer propose one
 * (44 shows the proposal to confirm).
 */
export interface AgencySplitAnswer {
  choice: 'chooseAgency' | 'letRexerChoose';
}
export interface AgencyChoiceAnswer {
  agencyId: number;
}
/** Step 46: the seller agrees to be contacted by the partner agency. */
export interface PartnerLeadAnswer {
  contactConsent: true;
}

/** What every step stores, by step id. */
export interface AnswerTypes {
  personalData: PersonalData;
  email: EmailAnswer;
  locality: Locality;
  propertyType: PropertyTypeAnswer;
  specialDescription: SpecialDescription;
  surface: SurfaceAnswer;
  composition: Composition;
  floors: Floors;
  renovation: Renovation;
  energyClass: EnergyClassAnswer;
  condoFees: CondoFeesAnswer;
  characteristicsSaved: null;
  split: SplitAnswer;
  comparables: null;
  loader: MarketResult;
  price: PriceAnswer;
  title: TitleAnswer;
  description: DescriptionAnswer;
  documents: DocumentsAnswer;
  photos: PhotosAnswer;
  publicationSuccess: null;
  amenities: AmenitiesAnswer;
  situation: SituationAnswer;
  publicationType: PublicationTypeAnswer;
  endOfQuestions: null;
  summary: SummaryAnswer;
  valueLadder: PlanChoice;
  thankYou: null;
  login: null;
  upgradeSuccess: null;
  paymentSuccess: null;
  nextSteps: null;
  heating: HeatingAnswer;
  saleOrRent: SaleOrRentAnswer;
  estimate: null;
  availability: AvailabilityAnswer;
  noComparables: null;
  furnishing: FurnishingAnswer;
  deposit: DepositAnswer;
  agencySplit: AgencySplitAnswer;
  agencyChoice: AgencyChoiceAnswer;
  exclusiveSuccess: null;
  partnerLead: PartnerLeadAnswer;
}

export type StepId = keyof AnswerTypes;
/** The steps that store an answer. */
export type AnsweredStepId = { [K in StepId]: AnswerTypes[K] extends null ? never : K }[StepId];
/** A draft's answers: the spec's insertProperty without its page and history. */
export type WizardAnswers = { [K in AnsweredStepId]?: AnswerTypes[K] };
/** One step and its answer, as the ANSWER event and the draft save carry them. */
export type StepAnswer = { [K in StepId]: { step: K; answer: AnswerTypes[K] } }[StepId];

// ---------------------------------------------------------------------------------------
// The step table.

/**
 * - question: the user answers (a form).
 * - message: shows something and goes on (nothing stored).
 * - result: shows what the comparables search found (the loader's answer).
 * - loader: runs the comparables search; its result is its answer.
 * - login: answered by the session, not by a form (step 30: set a password).
 */
export type StepKind = 'question' | 'message' | 'result' | 'loader' | 'login';

export interface StepDefinition {
  readonly step: number;
  readonly kind: StepKind;
  readonly flows: readonly Flow[];
  /** What the step is for (for developers; the copy is in locales/). */
  readonly about: string;
}

const ALL: readonly Flow[] = ['sale', 'rent', 'valuation'];
const LISTING: readonly Flow[] = ['sale', 'rent'];
const SALE_AND_VALUATION: readonly Flow[] = ['sale', 'valuation'];

export const STEPS = {
  personalData: {
    step: 0,
    kind: 'question',
    flows: ALL,
    about: 'Name, surname, phone and consents; creates the silent account.',
  },
  email: {
    step: 1,
    kind: 'question',
    flows: ALL,
    about: 'E-mail; sends the confirmation mail and starts the silent session.',
  },
  locality: {
    step: 2,
    kind: 'question',
    flows: LISTING,
    about: 'Municipality, street, number and map pin (a valuation gets it from its landing).',
  },
  propertyType: { step: 3, kind: 'question', flows: ALL, about: 'Property type.' },
  specialDescription: { step: 4, kind: 'question', flows: ALL, about: 'Type-specific details.' },
  surface: { step: 5, kind: 'question', flows: ALL, about: 'Square metres.' },
  composition: { step: 6, kind: 'question', flows: ALL, about: 'Rooms by room type, bathrooms.' },
  floors: { step: 7, kind: 'question', flows: ALL, about: 'Floor, building floors, lift.' },
  renovation: { step: 8, kind: 'question', flows: ALL, about: 'Condition and years.' },
  energyClass: { step: 9, kind: 'question', flows: ALL, about: 'Energy class and index.' },
  condoFees: { step: 10, kind: 'question', flows: ALL, about: 'Monthly condominium fees.' },
  characteristicsSaved: { step: 11, kind: 'message', flows: ALL, about: 'The characteristics are saved.' },
  split: { step: 12, kind: 'question', flows: ['sale'], about: 'Set the price alone, or see the market first.' },
  comparables: { step: 13, kind: 'result', flows: SALE_AND_VALUATION, about: 'The comparable listings found.' },
  loader: { step: 14, kind: 'loader', flows: SALE_AND_VALUATION, about: 'Searches the comparables.' },
  price: { step: 15, kind: 'question', flows: LISTING, about: 'Asking price, or monthly rent.' },
  title: { step: 16, kind: 'question', flows: LISTING, about: 'Listing title (generated, editable).' },
  description: { step: 17, kind: 'question', flows: LISTING, about: 'Listing description.' },
  documents: { step: 18, kind: 'question', flows: LISTING, about: 'Floor plan, energy certificate, other documents.' },
  photos: { step: 19, kind: 'question', flows: LISTING, about: 'Photos.' },
  publicationSuccess: { step: 22, kind: 'message', flows: LISTING, about: 'The listing is published.' },
  amenities: { step: 23, kind: 'question', flows: LISTING, about: 'Apartment description: amenities.' },
  situation: { step: 24, kind: 'question', flows: LISTING, about: 'Apartment situation: free, owner-occupied, let.' },
  // Retired from the flows: it asked again the category just given as the type at 3 (a listing is
  // shown under its type). The number stays reserved (old links and trails name it); no path enters it.
  publicationType: {
    step: 25,
    kind: 'question',
    flows: [],
    about: 'Retired: the public category the listing is shown under (its type, step 3).',
  },
  endOfQuestions: { step: 26, kind: 'message', flows: LISTING, about: 'End of the questions.' },
  summary: { step: 27, kind: 'question', flows: LISTING, about: 'Every answer, each editable by jumping to its step.' },
  valueLadder: { step: 28, kind: 'question', flows: LISTING, about: 'Plans and paid services.' },
  thankYou: { step: 29, kind: 'message', flows: ['valuation'], about: 'Thank you: the valuation ends here.' },
  login: { step: 30, kind: 'login', flows: LISTING, about: 'A silent account sets its password before publishing.' },
  upgradeSuccess: {
    step: 32,
    kind: 'message',
    flows: LISTING,
    about: 'An upgrade bought for a published listing is paid.',
  },
  paymentSuccess: { step: 33, kind: 'message', flows: LISTING, about: 'The payment succeeded.' },
  nextSteps: { step: 34, kind: 'message', flows: LISTING, about: 'What happens next.' },
  heating: { step: 36, kind: 'question', flows: ALL, about: 'Heating.' },
  saleOrRent: {
    step: 37,
    kind: 'question',
    flows: ['valuation'],
    about: 'After a valuation: continue into the sale or rent listing, or stop.',
  },
  estimate: { step: 38, kind: 'result', flows: SALE_AND_VALUATION, about: 'The estimate (range).' },
  availability: { step: 39, kind: 'question', flows: ['rent'], about: 'Available from.' },
  noComparables: { step: 40, kind: 'result', flows: SALE_AND_VALUATION, about: 'No comparable listings were found.' },
  furnishing: { step: 41, kind: 'question', flows: ['rent'], about: 'Furnishing.' },
  deposit: { step: 42, kind: 'question', flows: ['rent'], about: 'Security deposit.' },
  agencySplit: {
    step: 43,
    kind: 'question',
    flows: LISTING,
    about: 'Exclusive: pick the agency, or let Rexer propose one.',
  },
  agencyChoice: { step: 44, kind: 'question', flows: LISTING, about: 'Exclusive: the agency.' },
  exclusiveSuccess: { step: 45, kind: 'message', flows: LISTING, about: 'The exclusive request is registered.' },
  partnerLead: {
    step: 46,
    kind: 'question',
    flows: LISTING,
    about: 'Exclusive with partner: the seller becomes a lead of the partner agency.',
  },
} as const satisfies Record<StepId, StepDefinition>;

export type StepNumber = (typeof STEPS)[StepId]['step'];

export const STEP_IDS = Object.keys(STEPS) as StepId[];

const ID_BY_NUMBER = new Map<number, StepId>(STEP_IDS.map((id) => [STEPS[id].step, id]));

/** The id of a step number (from a URL: anything), or null when no step has it. */
export function stepIdOf(step: number): StepId | null {
  return ID_BY_NUMBER.get(step) ?? null;
}

export function stepNumberOf(id: StepId): StepNumber {
  return STEPS[id].step;
}

export function stepsOfFlow(flow: Flow): StepId[] {
  return STEP_IDS.filter((id) => (STEPS[id].flows as readonly Flow[]).includes(flow));
}

/** Steps a user answers with a form (the loader and the login are answered otherwise). */
export function isAnsweredByUser(id: StepId): boolean {
  const kind: StepKind = STEPS[id].kind;
  return kind === 'question' || kind === 'message' || kind === 'result';
}

// ---------------------------------------------------------------------------------------
// Validation of one answer.

type Validator = (value: unknown, answers: WizardAnswers) => boolean;

const VALIDATORS: { [K in StepId]: Validator } = {
  personalData: (v) =>
    isRecord(v) &&
    // The silent account is registered with these: the same name rule as the registration.
    isText(v.name, 1, 60) &&
    isPersonName(v.name) &&
    isText(v.surname, 1, 60) &&
    isPersonName(v.surname) &&
    typeof v.phonePrefix === 'string' &&
    /^\+\d{1,4}$/.test(v.phonePrefix) &&
    isPhone(v.phone) &&
    v.termsAndConditions === true &&
    v.privacy === true &&
    typeof v.commercialConsent === 'boolean' &&
    typeof v.partnerConsent === 'boolean',
  email: (v) =>
    isRecord(v) && typeof v.email === 'string' && v.email.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.email),
  // Choice: the pin must fall inside Italy's bounding box (Lampedusa 35.5 N to Vetta
  // d'Italia 47.1 N, 6.6 E to 18.5 E), which catches swapped or zero coordinates.
  locality: (v) =>
    isRecord(v) &&
    typeof v.municipalityIstat === 'string' &&
    /^\d{6}$/.test(v.municipalityIstat) &&
    isText(v.street, 1, 200) &&
    isText(v.streetNumber, 1, 20) &&
    isNumberIn(v.latitude, 35, 48) &&
    isNumberIn(v.longitude, 6, 19) &&
    typeof v.showAddress === 'boolean',
  propertyType: (v) => isRecord(v) && isOneOf(v.propertyTypeId, REFERENCE_IDS.propertyTypes),
  // The details count only for the type they were given for: changing the type at step 3
  // makes step 4 incomplete again.
  specialDescription: (v, answers) =>
    isRecord(v) &&
    v.propertyTypeId === answers.propertyType?.propertyTypeId &&
    isRecord(v.details) &&
    Object.keys(v.details).length <= 50 &&
    Object.values(v.details).every((d) => d === null || ['string', 'number', 'boolean'].includes(typeof d)),
  surface: (v) => isRecord(v) && isInt(v.surfaceM2, 1, 100_000),
  // Choice: zero rooms is allowed (a garage, a plot of land); the type-specific rules are the server's.
  composition: (v) =>
    isRecord(v) &&
    isInt(v.rooms, 0, 99) &&
    isInt(v.bathrooms, 0, 99) &&
    Array.isArray(v.roomCounts) &&
    v.roomCounts.every((r) => isRecord(r) && isOneOf(r.roomTypeId, REFERENCE_IDS.roomTypes) && isInt(r.count, 1, 99)) &&
    unique(v.roomCounts.map((r) => (r as { roomTypeId: number }).roomTypeId)),
  floors: (v) =>
    isRecord(v) &&
    isInt(v.floor, -5, 200) &&
    isInt(v.buildingFloors, 1, 200) &&
    (v.floor as number) <= (v.buildingFloors as number) &&
    typeof v.hasLift === 'boolean',
  renovation: (v) =>
    isRecord(v) &&
    isOneOf(v.conditionId, REFERENCE_IDS.propertyConditions) &&
    (v.buildYear === null || isInt(v.buildYear, 1000, 2100)) &&
    (v.renovationYear === null || isInt(v.renovationYear, 1000, 2100)) &&
    (v.buildYear === null || v.renovationYear === null || (v.renovationYear as number) >= (v.buildYear as number)),
  // The index (EPgl,nren) is optional and only for a certified class: exempt (11) and pending (12) have none.
  energyClass: (v) =>
    isRecord(v) &&
    isOneOf(v.energyClassId, REFERENCE_IDS.energyClasses) &&
    (v.energyPerformance === null ||
      (isNumberIn(v.energyPerformance, 0, ENERGY_PERFORMANCE_MAX) && v.energyClassId !== 11 && v.energyClassId !== 12)),
  condoFees: (v) => isRecord(v) && isInt(v.condoFees, 0, 100_000),
  characteristicsSaved: isNothing,
  split: (v) => isRecord(v) && typeof v.priceFromMarket === 'boolean',
  comparables: isNothing,
  loader: (v) =>
    isRecord(v) &&
    typeof v.found === 'boolean' &&
    Array.isArray(v.comparableIds) &&
    v.comparableIds.every((id) => isInt(id, 1, Number.MAX_SAFE_INTEGER)) &&
    (v.found === false || v.comparableIds.length > 0) &&
    (v.estimateMin === null || isInt(v.estimateMin, 0, 1_000_000_000)) &&
    (v.estimateMax === null || isInt(v.estimateMax, 0, 1_000_000_000)) &&
    (v.estimateMin === null || v.estimateMax === null || (v.estimateMin as number) <= (v.estimateMax as number)),
  // A rent's deposit is at most three months of it (depositAboveLimit): checked at whichever of the two
  // steps comes second (the flow asks the deposit first, an edit may change either).
  price: (v, answers) =>
    isRecord(v) && isInt(v.price, 1, 1_000_000_000) && !depositAboveLimit(answers.deposit?.securityDeposit, v.price),
  // Titles and descriptions carry no link, e-mail address or phone number (contactInAnswer).
  title: (v) => sellerTextOf('title', v) !== null && contactInAnswer('title', v) === null,
  // Choice: any non-empty description completes the step; its length feeds the quality score, not a gate.
  description: (v) => sellerTextOf('description', v) !== null && contactInAnswer('description', v) === null,
  // Choice: photos and documents are optional (the quality score asks for them): the step is
  // complete once the seller has been through it, whatever the count.
  documents: (v) =>
    isRecord(v) &&
    isInt(v.floorPlanCount, 0, 50) &&
    isInt(v.energyCertificateCount, 0, 50) &&
    isInt(v.otherCount, 0, 50),
  photos: (v) => isRecord(v) && isInt(v.photoCount, 0, 200),
  publicationSuccess: isNothing,
  // One list of amenities: the retired ids (20, 23) are no answer any more (domain/listing/amenities.ts).
  amenities: (v) =>
    isRecord(v) &&
    Array.isArray(v.amenityIds) &&
    v.amenityIds.every((id) => isOneOf(id, AMENITY_IDS_IN_USE)) &&
    unique(v.amenityIds),
  situation: (v) => isRecord(v) && isOneOf(v.occupancyId, REFERENCE_IDS.occupancySituations),
  publicationType: (v) => isRecord(v) && isOneOf(v.publicationPropertyTypeId, REFERENCE_IDS.propertyTypes),
  endOfQuestions: isNothing,
  summary: (v) => isRecord(v) && v.confirmed === true,
  valueLadder: (v) =>
    isRecord(v) &&
    typeof v.plan === 'string' &&
    Object.hasOwn(PLAN_TYPE_ID, v.plan) &&
    Array.isArray(v.serviceIds) &&
    v.serviceIds.every((id) => isOneOf(id, EXTRA_SERVICE_IDS)) &&
    unique(v.serviceIds),
  thankYou: isNothing,
  login: isNothing,
  upgradeSuccess: isNothing,
  paymentSuccess: isNothing,
  nextSteps: isNothing,
  heating: (v) => isRecord(v) && isOneOf(v.heatingTypeId, REFERENCE_IDS.heatingTypes),
  saleOrRent: (v) => isRecord(v) && (v.next === 'sale' || v.next === 'rent' || v.next === 'stop'),
  estimate: isNothing,
  availability: (v) => isRecord(v) && isIsoDate(v.availableFrom),
  noComparables: isNothing,
  furnishing: (v) =>
    isRecord(v) &&
    isOneOf(v.furnishingId, REFERENCE_IDS.furnishingTypes) &&
    (v.contractTypeId === undefined || v.contractTypeId === null || isOneOf(v.contractTypeId, CONTRACT_TYPE_IDS)) &&
    (v.petsAllowed === undefined || v.petsAllowed === null || typeof v.petsAllowed === 'boolean'),
  deposit: (v, answers) =>
    isRecord(v) &&
    isInt(v.securityDeposit, 0, 10_000_000) &&
    !depositAboveLimit(v.securityDeposit, answers.price?.price),
  agencySplit: (v) => isRecord(v) && (v.choice === 'chooseAgency' || v.choice === 'letRexerChoose'),
  agencyChoice: (v) => isRecord(v) && isInt(v.agencyId, 1, Number.MAX_SAFE_INTEGER),
  exclusiveSuccess: isNothing,
  partnerLead: (v) => isRecord(v) && v.contactConsent === true,
};

/** The most months of rent a residential lease's security deposit may be (Italian law: three). */
export const DEPOSIT_MAX_MONTHS = 3;

/** The largest deposit a monthly rent allows, in whole euros. */
export function maxSecurityDeposit(rent: number): number {
  return rent * DEPOSIT_MAX_MONTHS;
}

/** Whether a deposit is more than the rent allows; false while either is unknown. */
export function depositAboveLimit(deposit: number | undefined, rent: number | undefined): boolean {
  return typeof deposit === 'number' && typeof rent === 'number' && deposit > maxSecurityDeposit(rent);
}

/**
 * Whether an answer to the deposit (42) or the price (15) is refused only because the deposit would be more
 * than three months of the rent, given the other answer already stored.
 */
export function depositRefusedByRent(step: StepId, value: unknown, answers: WizardAnswers): boolean {
  if (!isRecord(value)) return false;
  if (step === 'deposit')
    return (
      isInt(value.securityDeposit, 0, 10_000_000) && depositAboveLimit(value.securityDeposit, answers.price?.price)
    );
  if (step === 'price')
    return isInt(value.price, 1, 1_000_000_000) && depositAboveLimit(answers.deposit?.securityDeposit, value.price);
  return false;
}

/** Whether `value` is an answer the step may store, given the draft's other answers. */
export function isValidAnswer<K extends StepId>(
  step: K,
  value: unknown,
  answers: WizardAnswers,
): value is AnswerTypes[K] {
  return VALIDATORS[step](value, answers);
}

export type { ContactKind };

/**
 * The free text of a step that others read, the listing's title (16, one line of 1-120
 * characters) or description (17, lines, up to 20,000), when the answer holds a well-formed
 * one; null otherwise and for any other step.
 */
function sellerTextOf(step: StepId, value: unknown): string | null {
  if (!isRecord(value)) return null;
  if (step === 'title') return isText(value.title, 1, 120) ? value.title : null;
  if (step === 'description') return isText(value.description, 1, 20_000, 'lines') ? value.description : null;
  return null;
}

/**
 * Why a title or description otherwise well formed is refused: the link, e-mail address or
 * phone number it carries (domain/listing/contact-details.ts). Ads refuse them (contact goes
 * through Rexer); the step view and the server say which in the seller's words. Null for any
 * other answer, and for one refused anyway (isValidAnswer decides the rest).
 */
export function contactInAnswer(step: StepId, value: unknown): ContactKind | null {
  const text = sellerTextOf(step, value);
  return text === null ? null : contactDetailIn(text);
}

// ---------------------------------------------------------------------------------------
// Completeness and the paths.

/** What, beside the answers, decides the path (the session, the configuration, the listing and its order). */
export interface WizardFacts {
  account: Account;
  /** Comparables switched off: the sale path skips 12, 14, 13/40 and 38 ("skipped by guards"). */
  comparablesEnabled: boolean;
  /** The listing is published (status 2). */
  published: boolean;
  /** The order of the current value-ladder choice is paid. */
  orderPaid: boolean;
}

/** An anonymous visitor's fresh draft. */
export const FRESH_FACTS: WizardFacts = {
  account: 'anonymous',
  comparablesEnabled: true,
  published: false,
  orderPaid: false,
};

/** Whether a plan choice needs an order and a payment. */
export function requiresPayment(choice: PlanChoice | undefined): boolean {
  if (!choice || choice.plan === 'exclusive' || choice.plan === 'exclusivePartner') return false;
  return choice.plan === 'flexible' || choice.serviceIds.length > 0;
}

/** Whether a step needs nothing more. */
export function isComplete(step: StepId | number, answers: WizardAnswers, facts: Partial<WizardFacts> = {}): boolean {
  const id = typeof step === 'number' ? stepIdOf(step) : step;
  if (id === null) return false;
  const f = { ...FRESH_FACTS, ...facts };
  const kind: StepKind = STEPS[id].kind;
  switch (kind) {
    case 'message':
    case 'result':
      return true;
    case 'login':
      return f.account === 'loggedIn';
    case 'loader':
    case 'question': {
      const answer = (answers as Record<string, unknown>)[id];
      if (answer === undefined || !isValidAnswer(id, answer, answers)) return false;
      // Choice: a paid choice at 28 is complete once its order is paid; exclusive plans are
      // never paid in the wizard (the mandate settles them), so they never wait for an order.
      if (id === 'valueLadder') return !requiresPayment(answers.valueLadder) || f.orderPaid;
      return true;
    }
  }
}

/** Where the flow goes that is not a numbered step. */
export type WizardEnd = 'published' | 'lead' | 'continued';
/** `payment`: an order is created and paid; `publish`: the listing is published. */
export type WizardStage = 'payment' | 'publish';
/** A place on a path: a step, a stage between steps, or the end of the flow. */
export type PathNode = StepId | WizardStage | WizardEnd;

const ENDS: readonly PathNode[] = ['published', 'lead', 'continued'];
const STAGES: readonly PathNode[] = ['payment', 'publish'];

export function isStepNode(node: PathNode): node is StepId {
  return Object.hasOwn(STEPS, node);
}
export function isEndNode(node: PathNode): node is WizardEnd {
  return ENDS.includes(node);
}
export function isStageNode(node: PathNode): node is WizardStage {
  return STAGES.includes(node);
}

interface Progress {
  answers: WizardAnswers;
  facts: WizardFacts;
}

/** The conditions of the branches, by name (each reads as the sentence of the flow). */
const CONDITIONS = {
  isAnonymous: ({ facts }: Progress) => facts.account === 'anonymous',
  // Choice: publishing needs a full account; an account still anonymous at 28 (which the
  // flow cannot produce: 0 and 1 create the silent one) goes through 30 like a silent one.
  needsLogin: ({ facts }: Progress) => facts.account !== 'loggedIn',
  comparablesOff: ({ facts }: Progress) => !facts.comparablesEnabled,
  seesMarketFirst: ({ answers }: Progress) => answers.split?.priceFromMarket === true,
  comparablesFound: ({ answers }: Progress) => answers.loader?.found === true,
  choosesExclusive: ({ answers }: Progress) => answers.valueLadder?.plan === 'exclusive',
  choosesExclusivePartner: ({ answers }: Progress) => answers.valueLadder?.plan === 'exclusivePartner',
  requiresPayment: ({ answers }: Progress) => requiresPayment(answers.valueLadder),
  // An order paid for a listing already published is an upgrade bought later: 32, not 33.
  isAlreadyPublished: ({ facts }: Progress) => facts.published,
  stopsAfterValuation: ({ answers }: Progress) => answers.saleOrRent?.next === 'stop',
} as const;
export type BranchCondition = keyof typeof CONDITIONS;

interface Branch {
  to: PathNode;
  when?: BranchCondition;
}
type Routes = { entry: readonly Branch[] } & { [K in PathNode]?: readonly Branch[] };

/** `chain('a', 'b', 'c')`: a -> b -> c. */
function chain(...nodes: PathNode[]): { [K in PathNode]?: readonly Branch[] } {
  const routes: { [K in PathNode]?: readonly Branch[] } = {};
  for (let i = 0; i < nodes.length - 1; i++) routes[nodes[i]] = [{ to: nodes[i + 1] }];
  return routes;
}

/** Steps 0-11 and 23-24 of every listing, in the flow's order. */
const LISTING_START = chain(
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
);

/** From the price to the end, the same for sale and rent. */
const LISTING_END = {
  ...chain('price', 'title', 'description', 'photos', 'documents', 'endOfQuestions', 'summary', 'valueLadder'),
  valueLadder: [
    { to: 'agencySplit', when: 'choosesExclusive' },
    { to: 'partnerLead', when: 'choosesExclusivePartner' },
    { to: 'payment', when: 'requiresPayment' },
    { to: 'login', when: 'needsLogin' },
    { to: 'publish' },
  ],
  login: [{ to: 'publish' }],
  payment: [{ to: 'upgradeSuccess', when: 'isAlreadyPublished' }, { to: 'paymentSuccess' }],
  paymentSuccess: [{ to: 'publish' }],
  upgradeSuccess: [{ to: 'publicationSuccess' }],
  ...chain('publish', 'publicationSuccess', 'nextSteps', 'published'),
  ...chain('agencySplit', 'agencyChoice', 'exclusiveSuccess', 'lead'),
  partnerLead: [{ to: 'exclusiveSuccess' }],
} satisfies { [K in PathNode]?: readonly Branch[] };

const LISTING_ENTRY: readonly Branch[] = [{ to: 'personalData', when: 'isAnonymous' }, { to: 'locality' }];

/** The three flows of docs/wizard-flow.md, branch by branch. */
export const ROUTES: Record<Flow, Routes> = {
  sale: {
    entry: LISTING_ENTRY,
    ...LISTING_START,
    ...LISTING_END,
    // Choice: the seller who sets the price alone skips the market (14, 13/40, 38).
    characteristicsSaved: [{ to: 'price', when: 'comparablesOff' }, { to: 'split' }],
    split: [{ to: 'loader', when: 'seesMarketFirst' }, { to: 'price' }],
    loader: [{ to: 'comparables', when: 'comparablesFound' }, { to: 'noComparables' }],
    // The flow shows 38 after 40 too: the estimate step says what can be said without comparables.
    comparables: [{ to: 'estimate' }],
    noComparables: [{ to: 'estimate' }],
    estimate: [{ to: 'price' }],
  },
  rent: {
    entry: LISTING_ENTRY,
    ...LISTING_START,
    ...LISTING_END,
    ...chain('characteristicsSaved', 'availability', 'furnishing', 'deposit', 'price'),
  },
  valuation: {
    // The address is typed on the landing: the valuation starts at 3 with the locality known.
    entry: [{ to: 'propertyType' }],
    ...chain(
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
    ),
    characteristicsSaved: [{ to: 'personalData', when: 'isAnonymous' }, { to: 'loader' }],
    ...chain('personalData', 'email', 'loader'),
    // Choice: the valuation always searches (it is the valuation); the comparables switch
    // only skips the optional market detour of the sale listing.
    loader: [{ to: 'comparables', when: 'comparablesFound' }, { to: 'noComparables' }],
    comparables: [{ to: 'estimate' }],
    noComparables: [{ to: 'estimate' }],
    estimate: [{ to: 'saleOrRent' }],
    saleOrRent: [{ to: 'thankYou', when: 'stopsAfterValuation' }, { to: 'continued' }],
    // thankYou (29) has no successor: the valuation ends there.
  },
};

function choose(branches: readonly Branch[], progress: Progress): PathNode {
  const branch = branches.find((b) => b.when === undefined || CONDITIONS[b.when](progress));
  if (!branch) throw new Error('a route without a default branch');
  return branch.to;
}

function progressOf(answers: WizardAnswers, facts: Partial<WizardFacts>): Progress {
  return { answers, facts: { ...FRESH_FACTS, ...facts } };
}

function isNodeComplete(node: PathNode, { answers, facts }: Progress): boolean {
  if (node === 'payment') return facts.orderPaid;
  if (node === 'publish') return facts.published;
  if (isEndNode(node)) return true;
  return isComplete(node, answers, facts);
}

/** The first place of a flow for these facts (2 or 0 for a listing, 3 for a valuation). */
export function entryStep(flow: Flow, facts: Partial<WizardFacts> = {}): StepId {
  const node = choose(ROUTES[flow].entry, progressOf({}, facts));
  if (!isStepNode(node)) throw new Error('a flow starts on a step');
  return node;
}

/** Where the flow goes after `from`, or null at the end of the flow. */
export function nextNode(
  flow: Flow,
  from: PathNode,
  answers: WizardAnswers,
  facts: Partial<WizardFacts> = {},
): PathNode | null {
  const branches = ROUTES[flow][from];
  return branches ? choose(branches, progressOf(answers, facts)) : null;
}

const WALK_LIMIT = 100;

/**
 * The path from the entry: every place in order, stopping after the first one that is not
 * complete (`untilIncomplete`) or going on to the end along the branches the answers and
 * facts choose so far (`expected`).
 */
function walk(flow: Flow, progress: Progress, mode: 'untilIncomplete' | 'expected'): PathNode[] {
  const nodes: PathNode[] = [];
  let node: PathNode | null = choose(ROUTES[flow].entry, progress);
  while (node !== null && nodes.length < WALK_LIMIT) {
    nodes.push(node);
    if (isEndNode(node)) break;
    if (mode === 'untilIncomplete' && !isNodeComplete(node, progress)) break;
    const branches: readonly Branch[] | undefined = ROUTES[flow][node];
    node = branches ? choose(branches, progress) : null;
  }
  return nodes;
}

/**
 * The first step of the flow that is not complete, or null when the path is complete to its
 * end. A stage that is not done (an unpaid order, a listing not yet published) answers the
 * step that leads into it (28, 30 or 33): that is where the seller goes on from.
 */
export function firstIncompleteStep(
  flow: Flow,
  answers: WizardAnswers,
  facts: Partial<WizardFacts> = {},
): StepNumber | null {
  const progress = progressOf(answers, facts);
  const nodes = walk(flow, progress, 'untilIncomplete');
  const last = nodes[nodes.length - 1];
  if (isEndNode(last) || isNodeComplete(last, progress)) return null;
  if (isStepNode(last)) return stepNumberOf(last);
  const before = nodes.slice(0, -1).reverse().find(isStepNode);
  return before ? stepNumberOf(before) : null;
}

/**
 * Where a draft resumes (docs/wizard-flow.md, "resume"): its first incomplete step. A path
 * complete to its end resumes at the summary (27) of a listing, which edits a published
 * listing, or at the estimate (38) of a valuation.
 */
export function resumeStep(flow: Flow, answers: WizardAnswers, facts: Partial<WizardFacts> = {}): StepId {
  const step = firstIncompleteStep(flow, answers, facts);
  if (step !== null) return stepIdOf(step) as StepId;
  return flow === 'valuation' ? 'estimate' : 'summary';
}

/** Whether a deep link may open `step`: it is on the path and every step before it is complete. */
export function canGoTo(
  flow: Flow,
  step: StepId | number,
  answers: WizardAnswers,
  facts: Partial<WizardFacts> = {},
): boolean {
  const id = typeof step === 'number' ? stepIdOf(step) : step;
  if (id === null) return false;
  return walk(flow, progressOf(answers, facts), 'untilIncomplete').includes(id);
}

/**
 * Whether the listing may be published now: every step of its path before the publication
 * is complete (the plan chosen, paid when it must be, the password set when it must be).
 * The server checks it before it publishes.
 */
export function isReadyToPublish(flow: ListingFlow, answers: WizardAnswers, facts: Partial<WizardFacts> = {}): boolean {
  const nodes = walk(flow, progressOf(answers, facts), 'untilIncomplete');
  return nodes.includes('publish');
}

/** The steps of the path from the entry to the end as far as the answers decide it: a progress indicator's list. */
export function expectedPath(flow: Flow, answers: WizardAnswers = {}, facts: Partial<WizardFacts> = {}): StepNumber[] {
  return walk(flow, progressOf(answers, facts), 'expected').filter(isStepNode).map(stepNumberOf);
}

/**
 * After an edit from the summary, where the seller goes: on along the path past the steps
 * that are complete and only show something, back to the summary, unless the change needs
 * more first: a step now incomplete (a new property type empties 4), the comparables search
 * and its results (a new surface changes the estimate).
 */
export function nextAfterEdit(
  flow: Flow,
  from: StepId,
  answers: WizardAnswers,
  facts: Partial<WizardFacts> = {},
): PathNode | null {
  const progress = progressOf(answers, facts);
  let node = nextNode(flow, from, answers, facts);
  for (let i = 0; node !== null && i < WALK_LIMIT; i++) {
    if (!isStepNode(node) || node === 'summary') return node;
    const kind: StepKind = STEPS[node].kind;
    if (kind === 'loader' || kind === 'result' || !isNodeComplete(node, progress)) return node;
    node = nextNode(flow, node, answers, facts);
  }
  return node;
}

// ---------------------------------------------------------------------------------------
// History (the spec's insertProperty.history: the steps visited, oldest first).

/** Choice: the trail is capped, so deep links back and forth cannot grow it without end. */
export const HISTORY_LIMIT = 64;

/**
 * After answering: `from` joins the trail (the loader never does: it is a wait, not a
 * place to go back to) and, when `to` was visited before, the trail is cut back to the
 * moment it was there (back at the summary after an edit, the trail is the summary's again).
 */
export function forwardHistory(history: readonly StepNumber[], from: StepNumber, to: StepNumber): StepNumber[] {
  if (from === to) return [...history];
  const trail = from === STEPS.loader.step ? [...history] : [...history, from];
  const at = trail.lastIndexOf(to);
  return capped(at >= 0 ? trail.slice(0, at) : trail);
}

/**
 * After a deep link: `from` joins the trail so Back returns where the jump came from (the
 * summary, when a step is edited from it); jumping to the step Back would reach is Back.
 */
export function jumpHistory(history: readonly StepNumber[], from: StepNumber, to: StepNumber): StepNumber[] {
  if (from === to) return [...history];
  if (history[history.length - 1] === to) return history.slice(0, -1);
  return capped(from === STEPS.loader.step ? [...history] : [...history, from]);
}

/**
 * Steps after which Back is refused: the listing is published, the payment made or the lead
 * registered, and going back would choose a plan again. Choice: the flow does not say; this
 * is what a seller expects after paying.
 */
export const NO_WAY_BACK: readonly StepId[] = [
  'publicationSuccess',
  'upgradeSuccess',
  'paymentSuccess',
  'nextSteps',
  'exclusiveSuccess',
];

/** Whether a step applies to the facts: personal data, e-mail and login only until the account is full. */
export function appliesTo(step: StepId, facts: Partial<WizardFacts>): boolean {
  if (step === 'personalData' || step === 'email' || step === 'login')
    return (facts.account ?? FRESH_FACTS.account) !== 'loggedIn';
  return true;
}

/**
 * Where Back goes from `current`: the latest step of the trail that still applies, or null. A
 * retired step (25, in the trails of older drafts) is passed over: no flow enters it any more.
 */
export function backTarget(
  history: readonly StepNumber[],
  current: StepId,
  facts: Partial<WizardFacts>,
): { step: StepId; history: StepNumber[] } | null {
  if (NO_WAY_BACK.includes(current)) return null;
  for (let i = history.length - 1; i >= 0; i--) {
    const id = stepIdOf(history[i]);
    if (id !== null && id !== 'loader' && STEPS[id].flows.length > 0 && appliesTo(id, facts))
      return { step: id, history: history.slice(0, i) };
  }
  return null;
}

// ---------------------------------------------------------------------------------------
// Small predicates (the validators read unknown input).

function range(from: number, to: number): readonly number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}
function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
function isNothing(v: unknown): boolean {
  return v === null || v === undefined;
}
function isInt(v: unknown, min: number, max: number): v is number {
  return typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;
}
function isNumberIn(v: unknown, min: number, max: number): v is number {
  return typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max;
}
function isOneOf(v: unknown, ids: readonly number[]): v is number {
  return typeof v === 'number' && ids.includes(v);
}
/**
 * Control characters (C0, DEL, C1) and the bidirectional overrides and isolates that reorder
 * what a reader sees: a one-line text (a name, an address, a title) holds none, so it cannot
 * break into the lines of a mail it is quoted in (the saved-search alerts list titles) or show
 * another text than it stores.
 */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
/** The same, but for the line breaks and tabs of a text of several lines (a description). */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
function isText(v: unknown, min: number, max: number, lines: 'oneLine' | 'lines' = 'oneLine'): v is string {
  return (
    typeof v === 'string' &&
    v.trim().length >= min &&
    v.length <= max &&
    !(lines === 'lines' ? CONTROL_CHARACTERS_BUT_LINES : CONTROL_CHARACTERS).test(v)
  );
}
function isPhone(v: unknown): boolean {
  if (typeof v !== 'string' || !/^[\d ]+$/.test(v)) return false;
  const digits = v.replace(/ /g, '').length;
  return digits >= 6 && digits <= 15;
}
function isIsoDate(v: unknown): boolean {
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const date = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === v;
}
function unique(values: readonly unknown[]): boolean {
  return new Set(values).size === values.length;
}
function capped(history: StepNumber[]): StepNumber[] {
  return history.length > HISTORY_LIMIT ? history.slice(history.length - HISTORY_LIMIT) : history;
}
