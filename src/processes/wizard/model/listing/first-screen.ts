import type { WizardPageView } from '@/pages/listing-wizard';
import type { Account, ListingFlow } from '@domain/wizard-steps';

// The first screen of a new listing (/annuncio/vendocasa, /annuncio/affittocasa without a
// draft): its first step shows before the machine, its calls and xstate load (they load on the
// seller's first interaction, docs/listings.md "The first screen"). Nothing here imports them:
// what the machine would show first is written out, and first-screen.test.ts checks it against
// the machine's own first view, for each flow and account.

/** Where the personal data of step 0 wait on this tab until step 1 registers the account (wizard-store.ts). */
export const PERSONAL_DATA_KEY = 'rexer.listingWizard.personalData';

/**
 * Where a valuation leaves its answers for a listing (`LISTING_CARRY_KEY` of
 * shared/lib/listing-carry, which the test checks): named here, as importing it would bring
 * the whole carry module, which the machine's start shares, into the first screen.
 */
export const LISTING_CARRY_STORAGE_KEY = 'rexer.listing-carry';

/** The path of a fresh start, `expectedPath(flow, {}, { account })`: with the account's steps 0 and 1 for a visitor. */
const FIRST_PATHS: Record<ListingFlow, Record<Account, readonly number[]>> = {
  sale: {
    anonymous: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 36, 10, 23, 24, 11, 12, 15, 16, 17, 19, 18, 26, 27, 28, 30, 22, 34],
    silent: [2, 3, 4, 5, 6, 7, 8, 9, 36, 10, 23, 24, 11, 12, 15, 16, 17, 19, 18, 26, 27, 28, 30, 22, 34],
    loggedIn: [2, 3, 4, 5, 6, 7, 8, 9, 36, 10, 23, 24, 11, 12, 15, 16, 17, 19, 18, 26, 27, 28, 22, 34],
  },
  rent: {
    anonymous: [
      0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 36, 10, 23, 24, 11, 39, 41, 42, 15, 16, 17, 19, 18, 26, 27, 28, 30, 22, 34,
    ],
    silent: [2, 3, 4, 5, 6, 7, 8, 9, 36, 10, 23, 24, 11, 39, 41, 42, 15, 16, 17, 19, 18, 26, 27, 28, 30, 22, 34],
    loggedIn: [2, 3, 4, 5, 6, 7, 8, 9, 36, 10, 23, 24, 11, 39, 41, 42, 15, 16, 17, 19, 18, 26, 27, 28, 22, 34],
  },
};

/** The count of the entry step, `questionCount(flow, entry, account === 'anonymous')`: a visitor's 0 and 1 count. */
const FIRST_PROGRESS: Record<Account, { current: number; total: number; beyond: boolean }> = {
  anonymous: { current: 1, total: 26, beyond: false },
  silent: { current: 1, total: 24, beyond: false },
  loggedIn: { current: 1, total: 24, beyond: false },
};

export interface FirstScreenState {
  /** An answer waits for the machine (the submit is busy meanwhile). */
  busy: boolean;
  /** The machine could not be loaded for the answer given (offline): said on the step. */
  failed: boolean;
}

/**
 * What the page shows before the machine is there: the entry step of a new listing (0, the
 * personal data, for a visitor; 2, the locality, for a signed-in seller), nothing answered.
 */
export function firstScreenView(
  flow: ListingFlow,
  account: Account,
  state: FirstScreenState = { busy: false, failed: false },
): WizardPageView {
  const anonymous = account === 'anonymous';
  return {
    flow,
    step: anonymous ? 'personalData' : 'locality',
    stepNumber: anonymous ? 0 : 2,
    listingId: null,
    answers: {},
    account,
    busy: state.busy,
    stage: state.busy ? 'saving' : null,
    searching: false,
    paying: false,
    publishing: false,
    confirmingExit: false,
    canGoBack: false,
    canExit: true,
    settled: false,
    error: state.failed ? { kind: 'save', failure: 'offline' } : null,
    order: null,
    paymentUrl: null,
    redirecting: false,
    editing: false,
    path: FIRST_PATHS[flow][account],
    progress: FIRST_PROGRESS[account],
    draft: null,
  };
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * Whether this tab starts the wizard somewhere else than its entry step, which the machine
 * must decide at once: a visitor's personal data kept for step 1 (a reload there), a
 * valuation's answers carried into a signed-in seller's new listing.
 */
export function startsElsewhere(account: Account): boolean {
  const store = storage();
  if (!store) return false;
  try {
    return account === 'anonymous'
      ? store.getItem(PERSONAL_DATA_KEY) !== null
      : store.getItem(LISTING_CARRY_STORAGE_KEY) !== null;
  } catch {
    return false;
  }
}
