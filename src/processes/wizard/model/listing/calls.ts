import { apiClient, isApiErrorBody, type ApiClient, type components } from '@/shared/api';
import {
  PLAN_TYPE_ID,
  type Device,
  type ListingFlow,
  type MarketResult,
  type PersonalData,
  type PlanChoice,
  type StepAnswer,
  type StepNumber,
  type WizardAnswers,
} from '@domain/wizard-steps';
import { registerSilentAccount, type RegisterOutcome } from '@/entities/account';
import type { OrderState } from '../../../../../machines/wizard-context';
import { marketResultOf, valuationRequestOf } from '../valuation/valuation-request';

// The calls of the listing wizard (docs/listings.md, server/modules/listing-drafts, orders,
// valuation, sign-in): each answers plain values or throws a `WizardCallError` naming why, so
// the step on screen can say what went wrong in the seller's words.

export type ListingDraft = components['schemas']['ListingDraft'];
export type OrderAnswer = components['schemas']['Order'];

/** Why a call failed, as the page tells the seller. */
export type WizardFailure =
  | 'offline'
  | 'server'
  | 'notFound'
  | 'draftLimit'
  | 'notReachable'
  | 'invalidAnswer'
  | 'depositTooHigh'
  | 'contactLink'
  | 'contactEmail'
  | 'contactPhone'
  | 'notEditable'
  | 'emailRegistered'
  | 'emailSocial'
  | 'webAccount'
  | 'captcha'
  | 'registration'
  | 'paymentUnavailable'
  | 'paymentInProgress'
  | 'orderLimit'
  | 'notReadyToPublish'
  | 'unauthorized';

export class WizardCallError extends Error {
  readonly failure: WizardFailure;
  readonly status: number;
  readonly type: string | undefined;

  constructor(failure: WizardFailure, status = 0, type?: string) {
    super(`listing wizard call failed: ${failure}${type ? ` (${type})` : ''}`);
    this.name = 'WizardCallError';
    this.failure = failure;
    this.status = status;
    this.type = type;
  }
}

const FAILURE_OF_TYPE: Record<string, WizardFailure> = {
  ListingNotFound: 'notFound',
  DraftLimitReached: 'draftLimit',
  StepNotReachable: 'notReachable',
  InvalidStepAnswer: 'invalidAnswer',
  DepositAboveThreeMonths: 'depositTooHigh',
  ListingTextHasLink: 'contactLink',
  ListingTextHasEmail: 'contactEmail',
  ListingTextHasPhone: 'contactPhone',
  ListingNotEditable: 'notEditable',
  MailAlreadyRegistered: 'emailRegistered',
  EmailIsUsedInSocialLogin: 'emailSocial',
  WebAccountExists: 'webAccount',
  WebAccountCreationFailed: 'webAccount',
  CaptchaFailed: 'captcha',
  TermsNotAccepted: 'registration',
  PaymentProviderUnavailable: 'paymentUnavailable',
  PaymentInProgress: 'paymentInProgress',
  OrderLimitReached: 'orderLimit',
  ListingNotReadyToPublish: 'notReadyToPublish',
  Unauthorized: 'unauthorized',
  MissingToken: 'unauthorized',
  InvalidAccessForRapidRegistration: 'unauthorized',
};

type Result<T> = { data?: T; error?: unknown; response: Response };

/** The data of a call, or the WizardCallError of its answer. */
function settle<T>(result: Result<T>): T {
  if (result.data !== undefined && result.error === undefined) return result.data;
  const body = result.error;
  const type = isApiErrorBody(body) ? body.ExceptionTypeString : undefined;
  throw new WizardCallError(
    (type !== undefined ? FAILURE_OF_TYPE[type] : undefined) ?? 'server',
    result.response.status,
    type,
  );
}

/** A call that never reached the server (offline, timeout) is told apart from a refusal. */
async function call<T>(run: () => Promise<Result<T>>): Promise<T> {
  let result: Result<T>;
  try {
    result = await run();
  } catch {
    throw new WizardCallError('offline');
  }
  return settle(result);
}

export const SELL_TYPE_OF: Record<ListingFlow, 1 | 2> = { sale: 1, rent: 2 };

export function createDraft(flow: ListingFlow, device: Device, client: ApiClient = apiClient): Promise<ListingDraft> {
  return call(() => client.POST('/api/Property/Draft', { body: { SellType: SELL_TYPE_OF[flow], Device: device } }));
}

export function readDraft(id: number, client: ApiClient = apiClient): Promise<ListingDraft> {
  return call(() => client.GET('/api/Property/{id}/Draft', { params: { path: { id } } }));
}

/** Opens the draft on this device: the step it stood at when still reachable, else its first incomplete one. */
export function resumeDraft(id: number, device: Device, client: ApiClient = apiClient): Promise<ListingDraft> {
  return call(() =>
    client.PUT('/api/Property/{id}/Draft/Page', { params: { path: { id } }, body: { Move: 'resume', Device: device } }),
  );
}

export interface StepSave {
  answered: StepAnswer;
  /** Where the wizard goes once saved; without it (and the history) the server follows the flow. */
  currentStep?: StepNumber;
  history?: StepNumber[];
  device: Device;
}

/** Saves one step's answer with the page and the trail it leads to (docs/listings.md). */
export function saveStep(
  id: number,
  step: StepNumber,
  save: StepSave,
  client: ApiClient = apiClient,
): Promise<ListingDraft> {
  return call(() =>
    client.PUT('/api/Property/{id}/Draft/Step/{step}', {
      params: { path: { id, step } },
      body: {
        Answer: save.answered.answer as Record<string, unknown> | null,
        CurrentStep: save.currentStep,
        History: save.history,
        Device: save.device,
      },
    }),
  );
}

export function publish(id: number, client: ApiClient = apiClient): Promise<ListingDraft> {
  return call(() => client.PUT('/api/Property/{id}/Status', { params: { path: { id } }, body: { Status: 2 } }));
}

/** Why the silent account's registration failed, in the step's words. */
const FAILURE_OF_REGISTRATION: Record<Exclude<RegisterOutcome['kind'], 'registered'>, WizardFailure> = {
  alreadyRegistered: 'emailRegistered',
  webAccountError: 'webAccount',
  passwordRefused: 'registration',
  captcha: 'captcha',
  error: 'server',
};

/** The silent account of steps 0 and 1 (docs/spec.md §4), registered as the valuation's is (entities/account). */
export async function registerSeller(
  personal: PersonalData,
  email: string,
  captcha: string,
  client: ApiClient = apiClient,
): Promise<string> {
  let outcome: RegisterOutcome;
  try {
    outcome = await registerSilentAccount(personal, email, captcha, client);
  } catch {
    throw new WizardCallError('offline');
  }
  if (outcome.kind === 'registered') return outcome.email;
  throw new WizardCallError(
    outcome.kind === 'alreadyRegistered' && outcome.social ? 'emailSocial' : FAILURE_OF_REGISTRATION[outcome.kind],
  );
}

/** Why the server refused a first password (step 30): the rule, too easy, breached, or it has one already. */
export type PasswordRefusal = 'InvalidPassword' | 'PasswordTooWeak' | 'PasswordBreached' | 'PasswordAlreadySet';

/** Step 30: the silent account's first password; the session becomes a full login (cookies). */
export async function setFirstPassword(
  password: string,
  client: ApiClient = apiClient,
): Promise<'ok' | PasswordRefusal | 'error'> {
  try {
    const result = await client.PUT('/api/User/SetFirstPassword', { body: { NewPassword: password } });
    if (result.data) return 'ok';
    const type = isApiErrorBody(result.error) ? result.error.ExceptionTypeString : undefined;
    return type === 'InvalidPassword' ||
      type === 'PasswordTooWeak' ||
      type === 'PasswordBreached' ||
      type === 'PasswordAlreadySet'
      ? type
      : 'error';
  } catch {
    return 'error';
  }
}

/** The comparables near the home (POST /api/Valuation), as the machine's MarketResult. */
export async function findMarket(
  flow: ListingFlow,
  answers: WizardAnswers,
  client: ApiClient = apiClient,
): Promise<MarketResult> {
  const { locality } = answers;
  const body =
    locality && valuationRequestOf(answers, `${locality.street}, ${locality.streetNumber}`, SELL_TYPE_OF[flow]);
  if (!body) throw new WizardCallError('invalidAnswer');
  const valuation = await call(() => client.POST('/api/Valuation', { body }));
  return marketResultOf(valuation);
}

/** The order of a value-ladder choice, created once per Idempotency-Key. */
export function createOrder(
  id: number,
  choice: PlanChoice,
  idempotencyKey: string,
  client: ApiClient = apiClient,
): Promise<OrderAnswer> {
  return call(() =>
    client.POST('/api/Order', {
      params: { header: { 'idempotency-key': idempotencyKey } },
      // Origin: the payment page sends the seller back to the wizard's page (28 or 33).
      body: {
        PropertyId: id,
        PlanType: PLAN_TYPE_ID[choice.plan],
        ServiceProducts: choice.serviceIds.map((serviceId) => ({ Id: serviceId, Quantity: 1 })),
        Origin: 'wizard',
      },
    }),
  );
}

export function readOrder(orderId: number, client: ApiClient = apiClient): Promise<OrderAnswer> {
  return call(() => client.GET('/api/Order/{id}', { params: { path: { id: orderId } } }));
}

/** The machine's outcome of an order status: a cancelled checkout was abandoned, a refund is no payment. */
export function outcomeOf(status: OrderAnswer['Status']): OrderState['outcome'] {
  switch (status) {
    case 'paid':
      return 'paid';
    case 'pending':
      return 'pending';
    case 'cancelled':
      return 'abandoned';
    default:
      return 'failed';
  }
}

/** When the listing was published, for a payment return (GetMyPropertyById). */
export async function publishedAtOf(id: number, client: ApiClient = apiClient): Promise<string | null> {
  const property = await call(() => client.GET('/api/User/GetMyPropertyById/{id}', { params: { path: { id } } }));
  return property.PublishedAt;
}
