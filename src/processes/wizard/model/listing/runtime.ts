import { fromPromise, type Actor } from 'xstate';
import { apiClient, type ApiClient } from '@/shared/api';
import {
  listingWizardMachine,
  type CreateOrderInput,
  type ListingWizardEvent,
} from '../../../../../machines/listing-wizard.machine';
import {
  stepNumberOf,
  type Account,
  type AnswerTypes,
  type Device,
  type ListingFlow,
  type StepId,
  type WizardAnswers,
} from '@domain/wizard-steps';
import type { FindComparablesInput, OrderState, SaveDraftInput } from '../../../../../machines/wizard-context';
import {
  createDraft,
  createOrder,
  findMarket,
  publish,
  readDraft,
  readOrder,
  outcomeOf,
  registerSeller,
  saveStep,
  WizardCallError,
  type ListingDraft,
  type WizardFailure,
} from './calls';
import { draftIdOf, draftOf, NO_DRAFT_YET } from './draft';
import { createWizardStore, type WizardStore } from './wizard-store';
import { viewOf, type WizardView } from './view';
import { createWizardRuntimeCore, type WizardInspect } from '../runtime-core';

/** What the app does for the wizard beyond the API calls. */
/** Published or suspended: a status only a publication reaches. */
function isPublished(draft: ListingDraft | null): boolean {
  return draft !== null && (draft.Status === 2 || draft.Status === 3);
}

export interface ListingWizardEffects {
  /** The silent account of steps 0-1 exists: the session process takes its silent login. */
  registered(email: string): Promise<void>;
  /** The seller leaves for the payment provider's page of an order. */
  goToPayment(url: string): void;
}

export interface ListingWizardStart {
  flow: ListingFlow;
  account: Account;
  device: Device;
  /** A draft loaded from the server (resume, deep link, payment return, edit from My listings). */
  draft?: ListingDraft;
  /** The draft was published by the payment the seller comes back from (see draftOf). */
  publishedByPayment?: boolean;
}

export type ExitRequest = 'button' | 'navigation';

export interface ListingWizardRuntime {
  actor: Actor<typeof listingWizardMachine>;
  /** What the page shows; the same object until something changes. */
  view(): WizardView;
  subscribe(listener: () => void): () => void;
  answer<K extends StepId>(step: K, answer: AnswerTypes[K]): boolean;
  back(): boolean;
  /** A deep link (a step of the summary's "Modifica", a URL), with the order of a payment return. */
  goTo(step: number, orderId?: string): boolean;
  /** Asks to leave (the 'insert exit' modal): by «Esci», or by a navigation away the router holds. */
  requestExit(by?: ExitRequest): boolean;
  confirmExit(): boolean;
  cancelExit(): boolean;
  /** The session process says who fills the wizard in. */
  setAccount(account: Account): void;
  stop(): void;
}

export interface RuntimeOptions {
  client?: ApiClient;
  store?: WizardStore;
  inspect?: WizardInspect;
}

/**
 * The listing wizard machine with its calls provided by the API (docs/listings.md): every
 * answer saved before the next step shows, the silent account registered at step 1, the
 * comparables searched at 14, the order created and paid at 28, the listing published.
 */
export function createListingWizardRuntime(
  start: ListingWizardStart,
  effects: ListingWizardEffects,
  options: RuntimeOptions = {},
): ListingWizardRuntime {
  const client = options.client ?? apiClient;
  const store = options.store ?? createWizardStore();
  const { flow, device } = start;
  let failure: WizardFailure | null = null;
  let latestDraft: ListingDraft | null = start.draft ?? null;
  let payment: { orderId: string; url: string | null; status: string } | null = null;
  let redirecting = false;
  let exitBy: ExitRequest | null = null;
  // The actor, once created: the calls read the answers and send SESSION through it.
  let self: Actor<typeof listingWizardMachine> | null = null;

  /** A call's failure is remembered for the step's message, then thrown on to the machine. */
  const failed = (error: unknown): never => {
    failure = error instanceof WizardCallError ? error.failure : 'server';
    throw error;
  };

  // The draft created by a save whose step was then refused: the next try saves on it (the
  // machine takes the id only with a save that succeeds).
  let created: number | null = null;
  async function ensureDraft(id: number | null): Promise<number> {
    const known = draftIdOf(id) ?? created;
    if (known !== null) return known;
    latestDraft = await createDraft(flow, device, client);
    created = latestDraft.Id;
    return created;
  }

  async function save(input: SaveDraftInput): Promise<{ id: number }> {
    const { answered } = input;
    const signedIn = self?.getSnapshot().context.account !== 'anonymous';
    if (answered.step === 'personalData') {
      // The account's data, not the listing's: held on this tab until step 1 registers it.
      if (!signedIn) store.savePersonalData(answered.answer);
      return { id: input.id ?? NO_DRAFT_YET };
    }
    if (answered.step === 'email') {
      if (!signedIn) {
        const personal = self?.getSnapshot().context.answers.personalData;
        if (!personal) throw new WizardCallError('registration');
        // The e-mail step's form solved the captcha and hands its one-time answer with the address.
        const token = answered.answer.captchaToken;
        if (!token) throw new WizardCallError('captcha');
        const email = await registerSeller(personal, answered.answer.email, token, client);
        store.clearPersonalData();
        await effects.registered(email);
        self?.send({ type: 'SESSION', account: 'silent' });
      }
      // The silent account owns the draft from now on (its steps 0 and 1 are the account's).
      return { id: await ensureDraft(input.id) };
    }
    const id = await ensureDraft(input.id);
    // A listing its payment already published has no page left to record (the server's path of a
    // published listing ends before the payment's pages): nothing is asked that would be refused.
    if (answered.answer === null && isPublished(latestDraft)) return { id };
    try {
      latestDraft = await saveStep(
        id,
        stepNumberOf(answered.step),
        { answered, currentStep: input.page.currentStep, history: input.history, device },
        client,
      );
    } catch (error) {
      // Choice: a step that only shows something records the page; when the server's path no
      // longer has it (a listing its payment already published shows 33, the server's path 32),
      // the page is not recorded and the seller goes on.
      if (!(answered.answer === null && error instanceof WizardCallError && error.failure === 'notReachable'))
        throw error;
    }
    return { id };
  }

  async function order({ id, choice }: CreateOrderInput): Promise<{ orderId: string }> {
    const listing = draftIdOf(id);
    if (listing === null) throw new WizardCallError('notFound');
    const purchase = `${listing}:${choice.plan}:${[...choice.serviceIds].sort((a, b) => a - b).join(',')}`;
    // One key per purchase, kept on this tab: a double submission or a reload answers the same
    // order; once that order failed or was abandoned, a new attempt needs a new key.
    let answer = await createOrder(listing, choice, store.orderKey(purchase), client);
    if (answer.Status === 'failed' || answer.Status === 'cancelled' || answer.Status === 'refunded') {
      answer = await createOrder(listing, choice, store.orderKey(purchase, { renew: true }), client);
    }
    payment = { orderId: String(answer.OrderId), url: answer.PaymentUrl, status: answer.Status };
    return { orderId: String(answer.OrderId) };
  }

  async function publishListing({ id }: { id: number | null }): Promise<void> {
    const listing = draftIdOf(id);
    if (listing === null) throw new WizardCallError('notFound');
    // Its paid order published it already (read when the payment's outcome was checked).
    if (isPublished(latestDraft)) return;
    try {
      latestDraft = await publish(listing, client);
    } catch (error) {
      // A listing its paid order already published refuses a second publication: it is published.
      const current = await readDraft(listing, client).catch(() => null);
      if (isPublished(current)) {
        latestDraft = current;
        return;
      }
      throw error;
    }
  }

  const machine = listingWizardMachine.provide({
    actors: {
      saveDraft: fromPromise(({ input }: { input: SaveDraftInput }) =>
        save(input).then((out) => ((failure = null), out), failed),
      ),
      findComparables: fromPromise(({ input }: { input: FindComparablesInput }) =>
        findMarket(flow, input.answers, client),
      ),
      createOrder: fromPromise(({ input }: { input: CreateOrderInput }) =>
        order(input).then((out) => ((failure = null), out), failed),
      ),
      checkOrder: fromPromise(async ({ input }: { input: { id: number | null; orderId: string } }) => {
        const answer = await readOrder(Number(input.orderId), client).catch(failed);
        payment = { orderId: String(answer.OrderId), url: answer.PaymentUrl, status: answer.Status };
        // A paid order publishes the listing on the server: the draft as it is now tells what is left to do.
        const listing = draftIdOf(input.id);
        if (answer.Status === 'paid' && listing !== null)
          latestDraft = (await readDraft(listing, client).catch(() => null)) ?? latestDraft;
        return outcomeOf(answer.Status);
      }),
      publishListing: fromPromise<void, { id: number | null }>(async ({ input }) => {
        await publishListing(input).catch(failed);
        failure = null;
      }),
    },
    actions: {
      startPayment: (_, orderId: string) => {
        const current = payment;
        if (!current || current.orderId !== orderId) return;
        // The same purchase already paid (a reload after paying): no payment page, the outcome is known.
        if (current.status === 'paid')
          return void queueMicrotask(() => self?.send({ type: 'PAYMENT_OUTCOME', orderId, outcome: 'paid' }));
        if (current.url) {
          redirecting = true;
          return effects.goToPayment(current.url);
        }
        failure = 'paymentUnavailable';
        queueMicrotask(() => self?.send({ type: 'PAYMENT_OUTCOME', orderId, outcome: 'failed' }));
      },
    },
  });

  const personal = start.draft ? undefined : start.account === 'anonymous' ? store.personalData() : undefined;
  const draft = start.draft
    ? draftOf(start.draft, { publishedByPayment: start.publishedByPayment })
    : personal
      ? {
          id: NO_DRAFT_YET,
          answers: { personalData: personal } as WizardAnswers,
          history: [0 as const],
          published: false,
          order: null,
        }
      : undefined;
  const core = createWizardRuntimeCore(machine, {
    input: { flow, account: start.account, device, draft },
    inspect: options.inspect,
    view: (snapshot) =>
      viewOf(snapshot, { failure, draft: latestDraft, paymentUrl: payment?.url ?? null, redirecting, exitBy }),
  });
  const { actor, send: sendIf } = core;
  // The calls hold the actor before its first step runs them.
  self = actor;
  core.start();

  return {
    actor,
    view: core.view,
    subscribe: core.subscribe,
    answer: (step, answer) => sendIf({ type: 'ANSWER', step, answer } as ListingWizardEvent),
    back: () => sendIf({ type: 'BACK' }),
    goTo: (step, orderId) => sendIf(orderId ? { type: 'GOTO', step, orderId } : { type: 'GOTO', step }),
    requestExit(by = 'button') {
      if (!actor.getSnapshot().can({ type: 'EXIT_REQUEST' })) return false;
      exitBy = by;
      return sendIf({ type: 'EXIT_REQUEST' });
    },
    confirmExit: () => sendIf({ type: 'EXIT_CONFIRM' }),
    cancelExit: () => sendIf({ type: 'EXIT_CANCEL' }),
    setAccount(account) {
      if (actor.getSnapshot().context.account !== account) sendIf({ type: 'SESSION', account });
    },
    stop: core.stop,
  };
}

export type { OrderState };
