import { assign, fromPromise, setup } from 'xstate';
import { stepsOfFlow, type ListingFlow, type PlanChoice, type StepId, type WizardAnswers } from '@domain/wizard-steps';
import {
  advance,
  afterStage,
  arriveAt,
  currentStepId,
  initialContext,
  jump,
  type GotoEvent,
  type OrderState,
  type PaymentOutcome,
  type Target,
  type WizardEvent,
  WIZARD_TAGS,
} from './wizard-context';
import {
  characteristicSteps,
  confirmingExitState,
  exitedState,
  gotoTransition,
  loaderState,
  sessionTransition,
  skippedOnceLoggedIn,
  step,
  WHILE_BUSY,
  wizardActions,
  wizardActors,
  wizardGuards,
  wizardNavigation,
  wizardState,
  wizardTypes,
  type ListingWizardInput,
} from './wizard-kit';

export type { ListingWizardInput } from './wizard-kit';

// The listing wizard (docs/wizard-flow.md, "The listing path"): a seller or a
// landlord from the first question to a published listing, or to an exclusive lead.
//
// The machine is built from the navigation kit it shares with the valuation wizard
// (wizard-kit.ts: the moves below, the saving, the loader and the exit); this file declares
// the sale and rent steps and its own stages, the order, the payment and the publication.
//
// Every numbered step of the sale and rent paths is a state of `wizard` whose meta is
// `{ step: N }`; the order between them is the step definitions' (wizard-steps.ts), so this
// machine never decides on its own which step follows which: each move computes a target
// with those functions and the `routing` state enters it. The moves:
//   - ANSWER: the step's answer is saved (`saveDraft`, provided by the app or the server)
//     before the next step shows; a failed save keeps the step, with the error in context.
//   - the loader (14) runs `findComparables`; its result is saved like an answer and leads
//     to 13 (found) or 40 (none).
//   - BACK: the previous step of `history`, not a fixed predecessor.
//   - GOTO { step, orderId? }: a deep link. Allowed when every step before it on the path
//     is complete, else it lands on the first incomplete step. With an order id (back from
//     the payment) the order's outcome is asked first (`checkOrder`).
//   - RESUME { draft }: a loaded draft, at its first incomplete step.
//   - at 28 a paid plan or service creates an order (`createOrder`), then waits for the
//     payment's outcome (PAYMENT_OUTCOME): paid goes to 33 (32 for a listing already
//     published), failed or abandoned come back to 28 with the outcome in `order`.
//   - the basic plan publishes (`publishListing`) after 30 when the account is still silent.
//   - EXIT_REQUEST: the 'insert exit' confirmation; cancel returns to the step.
//
// Choices made where the flow is silent (also beside the rules in wizard-steps.ts):
//   - Only answers are saved. Back, a deep link and a resume move without a call: the next
//     answer's save carries the page and the trail, and a draft resumes at its first
//     incomplete step whatever `page.currentStep` says.
//   - Info steps (11, 13, 26, 38, 40, 22, 32, 33, 34, 45) are answered with `answer: null`
//     when the seller goes on; that is saved too, so the page and trail are current.
//   - A signed-in visitor (silent or full) starts at 2; personal data and e-mail are skipped
//     (by a guard) as soon as the account is full, e.g. after a login from the header.
//   - Step 30 is answered by the session: the process sends SESSION { account: 'loggedIn' }
//     once the password is set, and the wizard goes on to the publication.
//   - Publication is its own call (`publishListing`) before 22, on the basic and the paid
//     paths alike; an upgrade bought for a published listing (32) does not publish again.
//     A failed publication returns to the step it started from (28 or 33; 28 when it
//     started from 30) with the error.
//   - Exclusive plans never create an order here (the mandate settles them), whatever
//     services were ticked; the listing stays unpublished and the request becomes a lead.
//   - The comparables search failing counts as no comparables (40), with the error noted.
//   - Back is refused after publication, payment or the lead (22, 32, 33, 34, 45), in the
//     busy states, and while a payment is pending (the provider's cancel is the way out).
//   - The order outcome 'pending' on a payment return waits in `paying` for the outcome.
//   - An edit from the summary (a deep link from 27 to an earlier step) comes back to 27
//     after the answer, unless the change needs more first: a step it made incomplete (a new
//     property type asks 4 again) or the comparables and their results (a new surface
//     changes the sale's estimate). Back from the edited step returns to 27.
//   - The trail (`history`): Back pops it; a forward move that reaches a step visited before
//     cuts it back to then; a deep link adds where it came from; the loader (14) is never in
//     it; it keeps at most 64 steps. Personal data, e-mail and 30 are skipped by Back once
//     the account is full.
//   - A draft complete to its end resumes at the summary (27): that is how a published
//     listing is edited from My listings; an upgrade is bought by a deep link to 28.
// And in wizard-steps.ts, beside the rules: the seller who sets the price alone at 12 skips
// the market (14, 13/40, 38); 38 follows 40 too, as the flow draws it; the comparables
// switch skips only the sale's market detour; an account still anonymous at 28 goes through
// 30 like a silent one; a paid choice is the flexible plan or any extra service (publish 7
// and flexible 9 are not extras); 43 does not skip 44 (pick an agency, or confirm Rexer's
// proposal); 46 stores the seller's consent to be contacted; photos and documents are
// optional (the quality score asks for them); the map pin must fall inside Italy; zero
// rooms is allowed (a garage, land).

export type ListingWizardEvent = WizardEvent | { type: 'PAYMENT_OUTCOME'; orderId: string; outcome: PaymentOutcome };

export interface ListingWizardOutput {
  id: number | null;
  flow: ListingFlow;
  answers: WizardAnswers;
  published: boolean;
}

export interface CreateOrderInput {
  id: number | null;
  choice: PlanChoice;
}

/** The steps of the listing machine: the sale and rent paths. */
export const LISTING_STEPS: readonly StepId[] = [...new Set([...stepsOfFlow('sale'), ...stepsOfFlow('rent')])];

/** Every place `routing` can enter. */
const LISTING_TARGETS: readonly Target[] = [...LISTING_STEPS, 'payment', 'publish', 'published', 'lead'];

function stateOf(target: Target): string {
  switch (target) {
    case 'payment':
      return 'ordering';
    case 'publish':
      return 'publishing';
    case 'published':
    case 'lead':
    case 'continued':
      return `#listingWizard.${target}`;
    default:
      return target;
  }
}

const listingSetup = setup({
  types: wizardTypes<ListingWizardEvent, ListingWizardInput, ListingWizardOutput>(),
  actors: {
    ...wizardActors,
    /** Creates the order of the value-ladder choice (idempotent on the server). */
    createOrder: fromPromise<{ orderId: string }, CreateOrderInput>(async () => {
      throw new Error('createOrder is provided by the app');
    }),
    /** The outcome of an order, for a payment return. */
    checkOrder: fromPromise<OrderState['outcome'], { id: number | null; orderId: string }>(async () => {
      throw new Error('checkOrder is provided by the app');
    }),
    /** Publishes the listing (status incomplete to published). */
    publishListing: fromPromise<void, { id: number | null }>(async () => {
      throw new Error('publishListing is provided by the app');
    }),
  },
  actions: {
    // Effects the app provides.
    /** Sends the seller to the payment provider for this order. */
    startPayment: (_, _orderId: string) => {},

    ...wizardActions<ListingWizardEvent>(),
    // The listing's own context changes.
    advance: assign(({ context }) => advance(context)),
    recordOrder: assign((_, orderId: string) => ({ order: { id: orderId, outcome: 'pending' as const } })),
    recordOrderError: assign(({ context }) => ({
      error: { kind: 'order' as const, step: context.page.currentStep },
      ...arriveAt(context, 'valueLadder'),
    })),
    /** Paid: on to 33, or 32 for a listing already published. */
    recordPaid: assign(({ context }) => {
      const order = { id: context.order?.id ?? '', outcome: 'paid' as const };
      return { order, ...afterStage({ ...context, order }, 'payment') };
    }),
    /** Failed or abandoned: back to 28 with the outcome. */
    recordUnpaid: assign(({ context }, outcome: PaymentOutcome) => ({
      order: { id: context.order?.id ?? '', outcome },
      ...arriveAt(context, 'valueLadder'),
    })),
    rememberOrderReturn: assign((_, event: GotoEvent) => ({
      orderReturn: { step: event.step, orderId: event.orderId ?? '' },
    })),
    /** The payment return's order: its outcome decides where the seller lands. */
    recordCheckedOrder: assign(({ context }, outcome: OrderState['outcome']) => {
      const order: OrderState = { id: context.orderReturn?.orderId ?? '', outcome };
      const checked = { ...context, order, orderReturn: null };
      if (outcome === 'pending') return { order, orderReturn: null };
      if (outcome !== 'paid') return { order, orderReturn: null, ...arriveAt(checked, 'valueLadder') };
      // Paid: the step the return asked for when the path allows it, else the one after the payment.
      const asked = jump(checked, context.orderReturn?.step ?? -1);
      return asked.target === 'paymentSuccess' || asked.target === 'upgradeSuccess'
        ? { order, orderReturn: null, ...asked }
        : { order, orderReturn: null, ...afterStage(checked, 'payment') };
    }),
    recordOrderCheckError: assign(({ context }) => ({
      orderReturn: null,
      error: { kind: 'orderCheck' as const, step: context.page.currentStep },
    })),
    recordPublished: assign(({ context }) => ({
      published: true,
      ...afterStage({ ...context, published: true }, 'publish'),
    })),
    recordPublishError: assign(({ context }) => {
      const from = currentStepId(context);
      return {
        error: { kind: 'publish' as const, step: context.page.currentStep },
        ...arriveAt(context, from === 'login' ? 'valueLadder' : from),
      };
    }),
  },
  guards: {
    ...wizardGuards,
    carriesOrder: (_, event: GotoEvent) => typeof event.orderId === 'string' && event.orderId.length > 0,
    isCurrentOrder: ({ context }, orderId: string) => context.order?.id === orderId,
    paysCurrentOrder: ({ context }, payment: { orderId: string; outcome: PaymentOutcome }) =>
      context.order?.id === payment.orderId && payment.outcome === 'paid',
    isPending: (_, outcome: OrderState['outcome']) => outcome === 'pending',
  },
});

/** A paid plan or service: the order of the value-ladder choice is created, then the payment starts. */
const ordering = listingSetup.createStateConfig({
  description: 'The order of the value-ladder choice is created.',
  tags: [WIZARD_TAGS.busy],
  on: WHILE_BUSY,
  invoke: {
    id: 'createOrder',
    src: 'createOrder',
    input: ({ context }) => ({ id: context.id, choice: context.answers.valueLadder as PlanChoice }),
    onDone: {
      target: 'paying',
      actions: [
        { type: 'recordOrder', params: ({ event }) => event.output.orderId },
        { type: 'startPayment', params: ({ event }) => event.output.orderId },
      ],
    },
    onError: { target: 'routing', actions: 'recordOrderError' },
  },
});

/** The order waits for its payment (PAYMENT_OUTCOME); Back and answers wait with it. */
const paying = listingSetup.createStateConfig({
  description: 'The order waits for its payment: paid, failed or abandoned (a payment return may also bring it).',
  tags: [WIZARD_TAGS.paying],
  on: {
    ANSWER: undefined,
    BACK: undefined,
    RESUME: undefined,
    PAYMENT_OUTCOME: [
      { guard: { type: 'paysCurrentOrder', params: ({ event }) => event }, target: 'routing', actions: 'recordPaid' },
      {
        guard: { type: 'isCurrentOrder', params: ({ event }) => event.orderId },
        target: 'routing',
        actions: { type: 'recordUnpaid', params: ({ event }) => event.outcome },
      },
    ],
  },
});

/** A payment return (GOTO with an order id): the order is asked for its outcome first. */
const checkingOrder = listingSetup.createStateConfig({
  description: 'Back from the payment: the order is asked for its outcome.',
  tags: [WIZARD_TAGS.busy],
  on: WHILE_BUSY,
  invoke: {
    id: 'checkOrder',
    src: 'checkOrder',
    input: ({ context }) => ({ id: context.id, orderId: context.orderReturn?.orderId ?? '' }),
    onDone: [
      {
        guard: { type: 'isPending', params: ({ event }) => event.output },
        target: 'paying',
        actions: { type: 'recordCheckedOrder', params: ({ event }) => event.output },
      },
      { target: 'routing', actions: { type: 'recordCheckedOrder', params: ({ event }) => event.output } },
    ],
    onError: { target: 'routing', actions: 'recordOrderCheckError' },
  },
});

/** The publication, on the basic and the paid paths alike. */
const publishing = listingSetup.createStateConfig({
  description: 'The listing is published.',
  tags: [WIZARD_TAGS.busy, WIZARD_TAGS.publishing],
  on: WHILE_BUSY,
  invoke: {
    id: 'publishListing',
    src: 'publishListing',
    input: ({ context }) => ({ id: context.id }),
    onDone: { target: 'routing', actions: 'recordPublished' },
    onError: { target: 'routing', actions: 'recordPublishError' },
  },
});

export const listingWizardMachine = listingSetup.createMachine({
  id: 'listingWizard',
  description:
    'The listing wizard of docs/wizard-flow.md: sale or rent, from the first question to a published listing or an exclusive lead.',
  context: ({ input }) =>
    initialContext({
      flow: input.flow,
      account: input.account,
      device: input.device,
      comparablesEnabled: input.comparablesEnabled,
      draft: input.draft,
    }),
  output: ({ context }) => ({
    id: context.id,
    flow: context.flow as ListingFlow,
    answers: context.answers,
    published: context.published,
  }),
  initial: 'wizard',
  on: sessionTransition,
  states: {
    wizard: {
      ...wizardState('listingWizard', LISTING_TARGETS, stateOf, {
        personalData: skippedOnceLoggedIn('personalData'),
        email: skippedOnceLoggedIn('email'),
        locality: step('locality'),
        ...characteristicSteps,
        amenities: step('amenities'),
        situation: step('situation'),
        characteristicsSaved: step('characteristicsSaved'),

        // Sale: the market detour.
        split: step('split'),
        loader: loaderState,
        comparables: step('comparables'),
        noComparables: step('noComparables'),
        estimate: step('estimate'),

        // Rent.
        availability: step('availability'),
        furnishing: step('furnishing'),
        deposit: step('deposit'),

        price: step('price'),
        title: step('title'),
        description: step('description'),
        photos: step('photos'),
        documents: step('documents'),
        endOfQuestions: step('endOfQuestions'),
        summary: step('summary'),
        valueLadder: step('valueLadder'),

        // Basic.
        login: { ...step('login'), always: { guard: 'isLoggedIn', target: 'routing', actions: 'advance' } },

        // A paid plan or service.
        ordering,
        paying,
        checkingOrder,
        paymentSuccess: step('paymentSuccess'),
        upgradeSuccess: step('upgradeSuccess'),

        publishing,
        publicationSuccess: step('publicationSuccess'),
        nextSteps: step('nextSteps'),

        // Exclusive, and exclusive with partner.
        agencySplit: step('agencySplit'),
        agencyChoice: step('agencyChoice'),
        partnerLead: step('partnerLead'),
        exclusiveSuccess: step('exclusiveSuccess'),
      }),
      on: {
        ...wizardNavigation('listingWizard'),
        GOTO: [
          {
            guard: { type: 'carriesOrder', params: ({ event }) => event },
            target: '.checkingOrder',
            actions: { type: 'rememberOrderReturn', params: ({ event }) => event },
          },
          gotoTransition,
        ],
      },
    },
    confirmingExit: confirmingExitState,
    published: {
      type: 'final',
      description: 'The listing is published and the seller has seen the next steps (after 34).',
    },
    lead: { type: 'final', description: 'The exclusive request is registered with the agency (after 45).' },
    exited: exitedState('seller'),
  },
});
