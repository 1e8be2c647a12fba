import {
  isListingStatusId,
  LISTING_STATUS,
  nextStatus,
  statusEventFor,
  type ListingStatusId,
} from '../../../machines/listing-status.machine';
import {
  backTarget,
  canGoTo,
  contactInAnswer,
  forwardHistory,
  isReadyToPublish,
  isStepNode,
  depositRefusedByRent,
  isValidAnswer,
  jumpHistory,
  nextNode,
  resumeStep,
  stepIdOf,
  stepNumberOf,
  type ContactKind,
  type StepNumber,
  type WizardAnswers,
} from '@domain/wizard-steps';
import type { Db, Tx } from '../../db/database';
import { PROPERTY_STATUS } from '../../db/reference-ids';
import { AppError } from '../../errors/app-error';
import { FAILPOINTS, failpoint } from '../../lib/failpoint';
import type { ErrorName } from '../../errors/catalogue';
import {
  cityOf,
  extrasOf,
  findOwnListing,
  insertDraft,
  latestOrderOf,
  lockOwnListing,
  mediaCountsOf,
  municipalityOf,
  paidOrdersOf,
  partnerAgenciesNear,
  updateListing,
  type PartnerAgencyNear,
} from './repository';
import type { ListingDraft } from './schemas';
import {
  accountOf,
  answersFromColumns,
  answersOf,
  factsOf,
  flowOf,
  generatedTitleOf,
  isStepOfFlow,
  orderCoversChoice,
  progressOf,
  projectionOf,
  qualityOf,
  titleAfterLocality,
  type PropertyRow,
} from './wizard';
import type { z } from 'zod';
import { distanceM } from '@domain/valuation/estimator';
import { agencyOfferOf, proposedAgencyOf, type AgencyOffer } from '@domain/listing/agency-offer';

/** The error of a title or description that carries a contact detail, by kind. */
const CONTACT_ERRORS = {
  link: 'ListingTextHasLink',
  email: 'ListingTextHasEmail',
  phone: 'ListingTextHasPhone',
} as const satisfies Record<ContactKind, ErrorName>;

/** How far (m) the locality's pin may lie from its municipality's centre. */
const LOCALITY_MAX_DISTANCE_M = 40_000;

// The operations of the draft calls: each reads or changes one listing of the caller, under its
// row lock when it changes it, and answers the draft's state. The rules are the machines'.

export type ListingDraftType = z.infer<typeof ListingDraft>;
export type DeviceKind = 'desktop' | 'tablet' | 'mobile';

/** Who calls: the signed-in user (a silent account too). */
export interface Owner {
  id: number;
  isSilent: boolean;
}

type Conn = Db | Tx;

/** The facts of a row for this owner, and its answers (rebuilt from its columns when the wizard never saved it). */
async function contextOf(db: Conn, owner: Owner, row: PropertyRow) {
  const answers = row.wizardAnswers !== null ? answersOf(row) : answersFromColumns(row, await extrasOf(db, row));
  const paid = await paidOrdersOf(db, row.id);
  const orderPaid = orderCoversChoice(answers, paid);
  return { flow: flowOf(row.sellTypeId), answers, paid, orderPaid, facts: factsOf(row, accountOf(owner), orderPaid) };
}

/** The draft's state as the calls answer it. */
export async function stateOf(db: Conn, owner: Owner, row: PropertyRow): Promise<ListingDraftType> {
  const { flow, answers, orderPaid, facts } = await contextOf(db, owner, row);
  // One after the other: `db` may be a transaction, one connection that runs one query at a time
  // (pg warns of, and will refuse, queries queued on a busy client).
  const city = await cityOf(db, row.municipalityId);
  const media = await mediaCountsOf(db, row.id);
  const order = await latestOrderOf(db, row.id);
  const progress = progressOf(flow, answers, facts);
  const quality = qualityOf(flow, answers, facts, media);
  return {
    Id: row.id,
    Status: row.statusId as ListingDraftType['Status'],
    Flow: flow,
    SellType: row.sellTypeId === 1 || row.sellTypeId === 2 ? (row.sellTypeId as 1 | 2) : null,
    Account: accountOf(owner),
    Answers: answers as Record<string, unknown>,
    WizardPage: {
      CurrentStep: row.wizardPage?.currentStep ?? progress.resumeStep,
      LastDevice: row.wizardPage?.lastDevice ?? null,
    },
    WizardHistory: row.wizardHistory ?? [],
    ResumeStep: progress.resumeStep,
    FirstIncompleteStep: progress.firstIncompleteStep,
    ExpectedPath: progress.expectedPath,
    ReadyToPublish: progress.readyToPublish,
    GeneratedTitle: generatedTitleOf(row, city),
    Quality: { Score: quality.score, Next: quality.next },
    Order: order ? { Id: order.id, Status: order.status } : null,
    OrderPaid: orderPaid,
    UpdatedAt: new Date(row.updatedAt).toISOString(),
  };
}

const notFound = (owner: Owner, id: number) =>
  new AppError('ListingNotFound', { message: `listing ${id} of user ${owner.id}` });

/** A new draft of a sale (1) or a rent (2), at the flow's first step for this account. */
export async function createDraft(
  db: Db,
  owner: Owner,
  sellTypeId: 1 | 2,
  device: DeviceKind,
): Promise<ListingDraftType> {
  const flow = flowOf(sellTypeId);
  const start = stepNumberOf(
    resumeStep(flow, {}, factsOf({ statusId: PROPERTY_STATUS.incomplete }, accountOf(owner), false)),
  );
  const row = await insertDraft(db, owner.id, { sellTypeId, wizardPage: { currentStep: start, lastDevice: device } });
  if (row === 'limit') throw new AppError('DraftLimitReached', { message: `user ${owner.id}` });
  return stateOf(db, owner, row);
}

export async function readDraft(db: Db, owner: Owner, id: number): Promise<ListingDraftType> {
  const row = await findOwnListing(db, owner.id, id);
  if (!row) throw notFound(owner, id);
  return stateOf(db, owner, row);
}

/** The longest a draft's answers may be, as JSON. */
export const ANSWERS_MAX_LENGTH = 64_000;

export interface SaveStepInput {
  answer: Record<string, unknown> | null;
  currentStep?: number;
  history?: number[];
  device: DeviceKind;
}

/**
 * Saves one step's answer: the step must be on the draft's path (canGoTo) and the answer valid
 * for it (isValidAnswer, the same function the machine asks); the columns it fills are written
 * with it, and the page and trail it leads to.
 */
export async function saveStep(
  db: Db,
  owner: Owner,
  id: number,
  step: number,
  input: SaveStepInput,
): Promise<ListingDraftType> {
  return db.transaction(async (tx) => {
    const row = await lockOwnListing(tx, owner.id, id);
    if (!row) throw notFound(owner, id);
    if (row.statusId === PROPERTY_STATUS.sold) throw new AppError('ListingNotEditable');
    const before = await contextOf(tx, owner, row);
    const { flow } = before;
    const stepId = isStepOfFlow(flow, step);
    if (stepId === null || !canGoTo(flow, stepId, before.answers, before.facts))
      throw new AppError('StepNotReachable', { message: `step ${step} of listing ${id}` });
    // A title or description with a link, an e-mail address or a phone number is refused with its own
    // error, so the step says which (the same rule isValidAnswer applies).
    const contact = contactInAnswer(stepId, input.answer);
    if (contact !== null) throw new AppError(CONTACT_ERRORS[contact], { message: `step ${step} of listing ${id}` });
    // A deposit above three months of the rent is refused with its own error, so the step says why.
    if (depositRefusedByRent(stepId, input.answer, before.answers))
      throw new AppError('DepositAboveThreeMonths', { message: `step ${step} of listing ${id}` });
    if (!isValidAnswer(stepId, input.answer, before.answers))
      throw new AppError('InvalidStepAnswer', { message: `step ${step} of listing ${id}` });

    let answers: WizardAnswers = input.answer === null ? before.answers : { ...before.answers, [stepId]: input.answer };
    // isValidAnswer checks the fields a step needs, not what else an object carries: the whole
    // stays small (a 20,000-character description and every other answer fit many times over).
    if (JSON.stringify(answers).length > ANSWERS_MAX_LENGTH)
      throw new AppError('InvalidStepAnswer', { message: `answers of listing ${id} too large` });
    let municipalityId: number | undefined;
    if (stepId === 'locality' && answers.locality) {
      const town = await municipalityOf(tx, answers.locality.municipalityIstat);
      if (town === undefined)
        throw new AppError('InvalidStepAnswer', {
          message: `unknown municipality ${answers.locality.municipalityIstat}`,
        });
      // The pin must lie in or near the town it names (Roma reaches ~30 km from its centre): a listing of
      // Milano pinned in Sicily would show in the wrong searches.
      if (
        town.latitude !== null &&
        town.longitude !== null &&
        distanceM(answers.locality, { latitude: town.latitude, longitude: town.longitude }) > LOCALITY_MAX_DISTANCE_M
      ) {
        throw new AppError('InvalidStepAnswer', {
          message: `the position is more than ${LOCALITY_MAX_DISTANCE_M / 1000} km from ${answers.locality.municipalityIstat}`,
        });
      }
      municipalityId = town.id;
      // The title the wizard generated and the seller kept follows the locality: an address hidden
      // since must not stay published in it (docs/listings.md, "The title rule").
      const cityBefore = await cityOf(tx, row.municipalityId);
      const cityAfter = await cityOf(tx, town.id);
      const after = {
        sellTypeId: row.sellTypeId,
        street: answers.locality.street.trim(),
        streetNumber: answers.locality.streetNumber.trim(),
        showAddress: answers.locality.showAddress,
      };
      const title =
        cityAfter === null ? null : titleAfterLocality(row, cityBefore, answers.title?.title, after, cityAfter);
      if (title !== null) answers = { ...answers, title: { ...answers.title, title } };
    }
    // The agency picked must be one of those the step offers (GET /api/Property/{id}/Draft/Agencies).
    if (stepId === 'agencyChoice' && input.answer !== null && answers.agencyChoice) {
      const chosen = answers.agencyChoice.agencyId;
      const offer = await agencyOfferFor(tx, answers);
      if (!offer.items.some((agency) => agency.id === chosen))
        throw new AppError('InvalidStepAnswer', { message: `agency ${chosen} is not offered to listing ${id}` });
    }
    const facts = factsOf(row, accountOf(owner), orderCoversChoice(answers, before.paid));

    let currentStep: number;
    if (input.currentStep !== undefined) {
      const target = isStepOfFlow(flow, input.currentStep);
      if (target === null || !canGoTo(flow, target, answers, facts))
        throw new AppError('StepNotReachable', { message: `page ${input.currentStep} of listing ${id}` });
      currentStep = input.currentStep;
    } else {
      const next = nextNode(flow, stepId, answers, facts);
      currentStep = next !== null && isStepNode(next) ? stepNumberOf(next) : step;
    }
    let history: number[];
    if (input.history !== undefined) {
      if (input.history.some((n) => isStepOfFlow(flow, n) === null))
        throw new AppError('ValidationError', { message: 'history names a step of another flow' });
      history = input.history;
    } else {
      history = forwardHistory(
        (row.wizardHistory ?? []) as StepNumber[],
        step as StepNumber,
        currentStep as StepNumber,
      );
    }

    const projection =
      input.answer === null
        ? { columns: {} }
        : projectionOf(stepId, answers, { municipalityId, draft: row.statusId === PROPERTY_STATUS.incomplete });
    if (stepId === 'locality' && answers.title && answers.title !== before.answers.title)
      projection.columns = { ...projection.columns, ...projectionOf('title', answers, {}).columns };
    const updated = await updateListing(
      tx,
      row.id,
      {
        ...projection.columns,
        wizardAnswers: answers as Record<string, unknown>,
        wizardPage: { currentStep, lastDevice: input.device },
        wizardHistory: history,
      },
      projection,
    );
    // Killed here, the transaction never commits: the draft stays the previous step's, whole.
    failpoint(FAILPOINTS.wizardSaveBeforeCommit);
    return stateOf(tx, owner, updated);
  });
}

/**
 * The partner agencies step 44 offers for the home the answers place (domain/listing/agency-offer.ts):
 * nothing before the locality is known.
 */
export async function agencyOfferFor(db: Conn, answers: WizardAnswers): Promise<AgencyOffer<PartnerAgencyNear>> {
  if (!answers.locality) return { radiusM: null, items: [] };
  return agencyOfferOf(await partnerAgenciesNear(db, answers.locality));
}

/** The offer of step 44 for the owner's listing, with Rexer's proposal. */
export async function draftAgencies(
  db: Db,
  owner: Owner,
  id: number,
): Promise<AgencyOffer<PartnerAgencyNear> & { proposed: PartnerAgencyNear | undefined }> {
  const row = await findOwnListing(db, owner.id, id);
  if (!row) throw notFound(owner, id);
  const { answers } = await contextOf(db, owner, row);
  const offer = await agencyOfferFor(db, answers);
  return { ...offer, proposed: proposedAgencyOf(offer.items) };
}

/**
 * Moves the draft's page without an answer: `resume` (a device opens the draft: it stays where
 * it stood when that step is still reachable, else its first incomplete step), `back` (the
 * history's previous step that applies) or `goto` (a deep link, when canGoTo allows it).
 * Every move records the device.
 */
export async function moveDraft(
  db: Db,
  owner: Owner,
  id: number,
  move: { kind: 'resume' | 'back' | 'goto'; step?: number; device: DeviceKind },
): Promise<ListingDraftType> {
  return db.transaction(async (tx) => {
    const row = await lockOwnListing(tx, owner.id, id);
    if (!row) throw notFound(owner, id);
    const { flow, answers, facts } = await contextOf(tx, owner, row);
    const resume = stepNumberOf(resumeStep(flow, answers, facts));
    const stored = row.wizardPage?.currentStep;
    const storedId = stored === undefined ? null : isStepOfFlow(flow, stored);
    const current = storedId !== null && canGoTo(flow, storedId, answers, facts) ? (stored as number) : resume;
    const history = (row.wizardHistory ?? []) as StepNumber[];
    let page = current;
    let trail: number[] = history;
    if (move.kind === 'back') {
      const back = backTarget(history, stepIdOf(current)!, facts);
      if (!back) throw new AppError('NoStepToGoBackTo', { message: `listing ${id} at ${current}` });
      page = stepNumberOf(back.step);
      trail = back.history;
    } else if (move.kind === 'goto') {
      const target = isStepOfFlow(flow, move.step!);
      if (target === null || !canGoTo(flow, target, answers, facts))
        throw new AppError('StepNotReachable', { message: `goto ${move.step} of listing ${id}` });
      page = move.step!;
      trail = jumpHistory(history, current as StepNumber, page as StepNumber);
    }
    const updated = await updateListing(tx, row.id, {
      wizardPage: { currentStep: page, lastDevice: move.device },
      wizardHistory: trail,
    });
    return stateOf(tx, owner, updated);
  });
}

/**
 * Changes a listing's status through the status machine: the event that leads from the stored
 * status to `to` (statusEventFor), refused when there is none; publishing also needs the path
 * complete up to the publication (isReadyToPublish: the plan chosen, paid when it costs, the
 * password set for the basic plan). A deleted listing is no longer the owner's: 404.
 */
export async function changeStatus(db: Db, owner: Owner, id: number, to: ListingStatusId): Promise<ListingDraftType> {
  return db.transaction(async (tx) => {
    const row = await lockOwnListing(tx, owner.id, id);
    if (!row) throw notFound(owner, id);
    const from = row.statusId;
    const event = isListingStatusId(from) ? statusEventFor(from, to) : null;
    if (event === null || !isListingStatusId(from))
      throw new AppError('ListingStatusChangeRefused', { message: `listing ${id}: ${from} -> ${to}` });
    const now = new Date();
    const changes: Parameters<typeof updateListing>[2] = { statusId: nextStatus(from, event)! };
    if (event === 'PUBLISH') {
      const { flow, answers, facts } = await contextOf(tx, owner, row);
      if (flow === 'valuation' || !isReadyToPublish(flow, answers, facts))
        throw new AppError('ListingNotReadyToPublish', { message: `listing ${id}` });
      changes.publishedAt = now;
    }
    const updated = await updateListing(tx, row.id, changes);
    return stateOf(tx, owner, updated);
  });
}

export { LISTING_STATUS };
