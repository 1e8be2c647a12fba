import type { Locality, StepNumber, WizardAnswers } from '@domain/wizard-steps';

// The valuation in progress, kept in the tab's sessionStorage: a valuation has no server draft
// (an anonymous visitor has no account until step 1), so every answer the machine saves is
// written here before the next step shows, and a reload resumes at the same step with
// nothing lost. The personal data stays in this tab only; the captcha token is never stored.

export const STORED_VALUATION_KEY = 'rexer.valuation-wizard';

export interface StoredValuation {
  version: 1;
  /** The machine's draft id: local (a valuation has no server draft). */
  draftId: number;
  /** The address as the visitor typed it, for the valuation request and the resume card. */
  address: { municipalityName: string; label: string };
  answers: WizardAnswers;
  history: StepNumber[];
  /** The step on screen (a reload comes back to it when the path allows). */
  currentStep: number;
  /** The valuation POST /api/Valuation stored, once the search ran. */
  valuationId: number | null;
  /** The wizard is on screen: a reload shows it again; false after "Esci" (the landing offers to resume). */
  active: boolean;
  /**
   * The agency whose page the valuation was asked from (/valutocasa?agenzia={slug}): the request
   * names it, the valuation is stored through it. Absent in what an earlier version stored.
   */
  agency?: { slug: string; name: string } | null;
}

const listeners = new Set<() => void>();
let cache: { raw: string | null; value: StoredValuation | null } = { raw: null, value: null };

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

function parse(raw: string | null): StoredValuation | null {
  if (!raw) return null;
  try {
    const stored = JSON.parse(raw) as StoredValuation;
    if (stored.version !== 1 || typeof stored.answers !== 'object' || !stored.answers?.locality) return null;
    return stored;
  } catch {
    return null;
  }
}

/** The stored valuation (the same object until it changes, as useSyncExternalStore wants). */
export function readStoredValuation(): StoredValuation | null {
  const raw = storage()?.getItem(STORED_VALUATION_KEY) ?? null;
  if (raw !== cache.raw) cache = { raw, value: parse(raw) };
  return cache.value;
}

export function subscribeStoredValuation(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function writeStoredValuation(stored: StoredValuation): void {
  storage()?.setItem(STORED_VALUATION_KEY, JSON.stringify(stored));
  listeners.forEach((listener) => listener());
}

export function clearStoredValuation(): void {
  storage()?.removeItem(STORED_VALUATION_KEY);
  listeners.forEach((listener) => listener());
}

/** A new valuation of the home at `locality`, starting at step 3. */
export function newStoredValuation(
  locality: Locality,
  address: StoredValuation['address'],
  now = Date.now(),
  agency: StoredValuation['agency'] = null,
): StoredValuation {
  return {
    version: 1,
    draftId: now,
    address,
    answers: { locality },
    history: [],
    currentStep: 3,
    valuationId: null,
    active: true,
    agency,
  };
}
