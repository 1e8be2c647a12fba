import { qualityScore, type QualityScore } from '@domain/listing/quality';
import {
  expectedPath,
  firstIncompleteStep,
  isComplete,
  isReadyToPublish,
  isValidAnswer,
  PLAN_TYPE_ID,
  resumeStep,
  stepIdOf,
  stepNumberOf,
  STEPS,
  stepsOfFlow,
  type Account,
  type Flow,
  type StepId,
  type WizardAnswers,
  type WizardFacts,
} from '@domain/wizard-steps';
import { PROPERTY_STATUS } from '../../db/reference-ids';
import type { properties } from '../../db/schema';
import { isListingGeneratedTitle, listingTitle } from '../../db/listing-title';

// The wizard's rules as the server applies them to one stored listing: its flow, the facts
// beside its answers, the columns an answer writes, its title and its quality score. Every
// decision is domain/wizard-steps.ts's; nothing here re-states a rule of the steps.

export type PropertyRow = typeof properties.$inferSelect;
export type PropertyChanges = Partial<typeof properties.$inferInsert>;

/** sale for sell type 1, rent for 2, valuation while a valuation has not chosen (step 37). */
export function flowOf(sellTypeId: number | null): Flow {
  return sellTypeId === 1 ? 'sale' : sellTypeId === 2 ? 'rent' : 'valuation';
}

/** The wizard's account: silent until the address is confirmed (a password set at 30 or the mail's link). */
export function accountOf(user: { isSilent: boolean }): Exclude<Account, 'anonymous'> {
  return user.isSilent ? 'silent' : 'loggedIn';
}

export function isStepOfFlow(flow: Flow, step: number): StepId | null {
  const id = stepIdOf(step);
  return id !== null && stepsOfFlow(flow).includes(id) ? id : null;
}

/** An order as the facts read it: its plan and products. */
export interface PaidOrderSummary {
  planTypeId: number | null;
  serviceProductIds: number[];
}

/**
 * Whether a paid order covers the choice of step 28: the same plan and every service chosen.
 * Choice: a later order for more services does not cover a choice it lacks a plan for.
 */
export function orderCoversChoice(answers: WizardAnswers, paid: readonly PaidOrderSummary[]): boolean {
  const choice = answers.valueLadder;
  if (!choice) return false;
  const plan = PLAN_TYPE_ID[choice.plan];
  return paid.some(
    (order) => order.planTypeId === plan && choice.serviceIds.every((id) => order.serviceProductIds.includes(id)),
  );
}

export function factsOf(row: Pick<PropertyRow, 'statusId'>, account: Account, orderPaid: boolean): WizardFacts {
  // Choice: no configuration switches the comparables off yet, so the sale path offers them.
  const published = row.statusId === PROPERTY_STATUS.published || row.statusId === PROPERTY_STATUS.suspended;
  return { account, comparablesEnabled: true, published, orderPaid };
}

export function answersOf(row: Pick<PropertyRow, 'wizardAnswers'>): WizardAnswers {
  return (row.wizardAnswers ?? {}) as WizardAnswers;
}

/** What a listing without saved answers holds beside its row. */
export interface ListingExtras {
  istat: string | null;
  rooms: Array<{ roomTypeId: number; count: number }>;
  amenityIds: number[];
  media: MediaCounts;
}

const PLAN_BY_ID: Record<number, keyof typeof PLAN_TYPE_ID> = Object.fromEntries(
  Object.entries(PLAN_TYPE_ID).map(([plan, id]) => [id, plan as keyof typeof PLAN_TYPE_ID]),
);

/**
 * The answers of a listing the wizard never saved (the demo seed, db:synthetic), rebuilt from
 * its columns so its owner can edit it step by step: only for a listing that was published
 * (a bare draft row has nothing to rebuild), each answer kept only when its step accepts it.
 * A published listing went through the summary and chose its plan; its photos and documents
 * are what its media hold. Choice: a paid plan (flexible) without a paid order in the database
 * resumes at 28, as any unpaid choice does.
 */
export function answersFromColumns(row: PropertyRow, extras: ListingExtras): WizardAnswers {
  if (row.statusId === PROPERTY_STATUS.incomplete) return {};
  const candidates: Record<string, unknown> = {
    locality: {
      municipalityIstat: extras.istat,
      street: row.street,
      streetNumber: row.streetNumber,
      latitude: row.latitude,
      longitude: row.longitude,
      showAddress: row.showAddress,
    },
    propertyType: { propertyTypeId: row.propertyTypeId },
    specialDescription: { propertyTypeId: row.propertyTypeId, details: row.specialDescription ?? {} },
    surface: { surfaceM2: row.surfaceM2 },
    composition: { rooms: row.rooms, bathrooms: row.bathrooms, roomCounts: extras.rooms },
    floors: { floor: row.floor, buildingFloors: row.buildingFloors, hasLift: row.hasLift },
    renovation: { conditionId: row.conditionId, buildYear: row.buildYear, renovationYear: row.renovationYear },
    energyClass: { energyClassId: row.energyClassId, energyPerformance: row.energyPerformance },
    heating: { heatingTypeId: row.heatingTypeId },
    condoFees: { condoFees: row.condoFees },
    amenities: { amenityIds: extras.amenityIds },
    situation: { occupancyId: row.occupancyId },
    split: { priceFromMarket: row.priceFromMarket ?? false },
    // The comparables found then are not kept: the estimate is (step 40 then 38 show it).
    loader: { found: false, comparableIds: [], estimateMin: row.estimateMin, estimateMax: row.estimateMax },
    availability: { availableFrom: row.availableFrom },
    furnishing: { furnishingId: row.furnishingId, contractTypeId: row.contractTypeId, petsAllowed: row.petsAllowed },
    deposit: { securityDeposit: row.securityDeposit },
    price: { price: row.price },
    title: { title: row.title },
    description: { description: row.description },
    photos: { photoCount: extras.media.photos },
    documents: {
      floorPlanCount: extras.media.floorPlans,
      energyCertificateCount: extras.media.energyCertificates,
      otherCount: 0,
    },
    publicationType: { publicationPropertyTypeId: row.publicationPropertyTypeId ?? row.propertyTypeId },
    summary: { confirmed: true },
    valueLadder: { plan: PLAN_BY_ID[row.planTypeId ?? PLAN_TYPE_ID.basic] ?? 'basic', serviceIds: [] },
    // An exclusive listing went through its agency (or became the partner's lead).
    ...(row.agencyId !== null
      ? {
          agencySplit: { choice: 'chooseAgency' },
          agencyChoice: { agencyId: row.agencyId },
          partnerLead: { contactConsent: true },
        }
      : {}),
  };
  const answers: Record<string, unknown> = {};
  for (const [id, value] of Object.entries(candidates)) {
    if (isValidAnswer(id as StepId, value, answers as WizardAnswers)) answers[id] = value;
  }
  return answers as WizardAnswers;
}

/** What the row's columns become when a step's (valid) answer is saved; rooms and amenities have their own tables. */
export interface Projection {
  columns: PropertyChanges;
  rooms?: Array<{ roomTypeId: number; count: number }>;
  amenityIds?: number[];
}

/**
 * The columns of one step's answer. `municipalityId` is the locality's, looked up by the caller;
 * `draft`: the listing is a draft (status 1), never published.
 */
export function projectionOf(
  step: StepId,
  answers: WizardAnswers,
  lookups: { municipalityId?: number; draft?: boolean },
): Projection {
  const a = answers;
  switch (step) {
    case 'locality':
      return {
        columns: {
          municipalityId: lookups.municipalityId,
          street: a.locality!.street.trim(),
          streetNumber: a.locality!.streetNumber.trim(),
          latitude: a.locality!.latitude,
          longitude: a.locality!.longitude,
          showAddress: a.locality!.showAddress,
        },
      };
    case 'propertyType':
      return { columns: { propertyTypeId: a.propertyType!.propertyTypeId } };
    case 'specialDescription':
      return { columns: { specialDescription: a.specialDescription!.details } };
    case 'surface':
      return { columns: { surfaceM2: a.surface!.surfaceM2 } };
    case 'composition':
      return {
        columns: { rooms: a.composition!.rooms, bathrooms: a.composition!.bathrooms },
        rooms: a.composition!.roomCounts,
      };
    case 'floors':
      return {
        columns: { floor: a.floors!.floor, buildingFloors: a.floors!.buildingFloors, hasLift: a.floors!.hasLift },
      };
    case 'renovation':
      return {
        columns: {
          conditionId: a.renovation!.conditionId,
          buildYear: a.renovation!.buildYear,
          renovationYear: a.renovation!.renovationYear,
        },
      };
    case 'energyClass':
      return {
        columns: { energyClassId: a.energyClass!.energyClassId, energyPerformance: a.energyClass!.energyPerformance },
      };
    case 'heating':
      return { columns: { heatingTypeId: a.heating!.heatingTypeId } };
    case 'condoFees':
      return { columns: { condoFees: a.condoFees!.condoFees } };
    case 'amenities':
      return { columns: {}, amenityIds: a.amenities!.amenityIds };
    case 'situation':
      return { columns: { occupancyId: a.situation!.occupancyId } };
    case 'split':
      return { columns: { priceFromMarket: a.split!.priceFromMarket } };
    case 'loader':
      return { columns: { estimateMin: a.loader!.estimateMin, estimateMax: a.loader!.estimateMax } };
    case 'availability':
      return { columns: { availableFrom: a.availability!.availableFrom } };
    case 'furnishing':
      return {
        columns: {
          furnishingId: a.furnishing!.furnishingId,
          contractTypeId: a.furnishing!.contractTypeId ?? null,
          petsAllowed: a.furnishing!.petsAllowed ?? null,
        },
      };
    case 'deposit':
      return { columns: { securityDeposit: a.deposit!.securityDeposit } };
    case 'price':
      return { columns: { price: a.price!.price } };
    case 'title':
      return { columns: { title: a.title!.title.trim() } };
    case 'description':
      return { columns: { description: a.description!.description } };
    case 'publicationType':
      return { columns: { publicationPropertyTypeId: a.publicationType!.publicationPropertyTypeId } };
    case 'valueLadder':
      // `agency_id` makes the agency the listing's advertiser (its name, logo and phone on the
      // public page, its search): it is the exclusive's agency only while the plan is exclusive.
      // A listing out of the draft changes to a paid plan only through its paid order (onOrderPaid):
      // the answer alone would show a plan nobody paid for.
      return {
        columns: {
          ...(lookups.draft === true || a.valueLadder!.plan === 'basic'
            ? { planTypeId: PLAN_TYPE_ID[a.valueLadder!.plan] }
            : {}),
          ...(a.valueLadder!.plan === 'exclusive' ? {} : { agencyId: null }),
        },
      };
    case 'agencyChoice':
      // The seller's pick is a request to the agency (a lead), never published under its name:
      // a draft on the exclusive plan is not published by the wizard, and a published listing
      // keeps its advertiser (the agency's answer, the mandate, is not the owner's to write).
      return { columns: lookups.draft === true ? { agencyId: a.agencyChoice!.agencyId } : {} };
    default:
      // personal data and e-mail are the account's; documents and photos are counted from the
      // media; the rest (summary, agency split, partner lead) has no column: the answers hold it.
      return { columns: {} };
  }
}

type TitleRow = Pick<PropertyRow, 'sellTypeId' | 'street' | 'streetNumber' | 'showAddress'>;

/**
 * The generated title of the row (null until the locality's town is known): its street only
 * when the listing shows it, else the town alone (docs/listings.md, "The title rule").
 */
export function generatedTitleOf(row: TitleRow, city: string | null): string | null {
  if (city === null || (row.sellTypeId !== 1 && row.sellTypeId !== 2)) return null;
  return listingTitle(row.sellTypeId, {
    street: row.street,
    streetNumber: row.streetNumber,
    showAddress: row.showAddress,
    city,
  });
}

/**
 * The title a locality's save leaves the listing, or null to keep the stored one. A title that
 * is a generated one of the previous locality (with its address or without: the offer of step
 * 16 the seller kept) follows the new locality: an address hidden since loses its street, a
 * street or town changed is named anew. A title the seller wrote is theirs and stays, even one
 * that names the street.
 */
export function titleAfterLocality(
  before: TitleRow,
  cityBefore: string | null,
  title: string | undefined,
  after: TitleRow,
  cityAfter: string,
): string | null {
  if (title === undefined || cityBefore === null || (before.sellTypeId !== 1 && before.sellTypeId !== 2)) return null;
  if (
    !isListingGeneratedTitle(before.sellTypeId, title, {
      street: before.street,
      streetNumber: before.streetNumber,
      showAddress: before.showAddress,
      city: cityBefore,
    })
  )
    return null;
  const next = generatedTitleOf(after, cityAfter);
  return next === title ? null : next;
}

/** The media the quality score counts. */
export interface MediaCounts {
  photos: number;
  floorPlans: number;
  energyCertificates: number;
}

/** Steps the score counts apart (photos, documents, description) or that are not the listing's fields. */
const NOT_FIELDS: readonly StepId[] = [
  'personalData',
  'email',
  'photos',
  'documents',
  'description',
  'summary',
  'valueLadder',
  'agencySplit',
  'agencyChoice',
  'partnerLead',
  'split',
  'loader',
];

/** The quality score: the questions of the path before the summary count as the fields. */
export function qualityOf(flow: Flow, answers: WizardAnswers, facts: WizardFacts, media: MediaCounts): QualityScore {
  const summary = stepNumberOf('summary');
  const path = expectedPath(flow, answers, facts);
  const before = path.includes(summary) ? path.slice(0, path.indexOf(summary)) : path;
  const fields = before
    .map((n) => stepIdOf(n) as StepId)
    .filter((id) => STEPS[id].kind === 'question' && !NOT_FIELDS.includes(id));
  return qualityScore({
    photos: media.photos,
    descriptionLength: answers.description?.description.trim().length ?? 0,
    floorPlan: media.floorPlans > 0,
    energyCertificate: media.energyCertificates > 0,
    filledFields: fields.filter((id) => isComplete(id, answers, facts)).length,
    totalFields: fields.length,
  });
}

/** Where the wizard stands for a listing: what the draft answer reports beside the answers. */
export function progressOf(flow: Flow, answers: WizardAnswers, facts: WizardFacts) {
  return {
    resumeStep: stepNumberOf(resumeStep(flow, answers, facts)),
    firstIncompleteStep: firstIncompleteStep(flow, answers, facts),
    expectedPath: expectedPath(flow, answers, facts),
    readyToPublish: flow !== 'valuation' && isReadyToPublish(flow, answers, facts),
  };
}
