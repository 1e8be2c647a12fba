import { isValidAnswer, type PersonalData } from '@domain/wizard-steps';
import { PERSONAL_DATA_KEY } from './first-screen';

// What the wizard keeps on this tab (sessionStorage: gone when the tab closes), never on the
// server: the personal data of step 0 until step 1 registers the account that owns them (a
// reload at step 1 keeps them), and the Idempotency-Key of each purchase (a reload or a double
// submission answers the same order).

const PERSONAL_DATA = PERSONAL_DATA_KEY;
const ORDER_KEYS = 'rexer.listingWizard.orderKeys';

export interface WizardStore {
  personalData(): PersonalData | undefined;
  savePersonalData(answer: PersonalData): void;
  clearPersonalData(): void;
  /** The key of a purchase: the one kept for it, or a new one (`renew`: after a failed attempt). */
  orderKey(purchase: string, options?: { renew?: boolean }): string;
}

function storageOf(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    // Storage refused (privacy settings): the wizard works without it.
    return null;
  }
}

function newKey(): string {
  return `wizard-${crypto.randomUUID()}`;
}

export function createWizardStore(storage: Storage | null = storageOf()): WizardStore {
  const read = (key: string): unknown => {
    try {
      const value = storage?.getItem(key);
      return value ? (JSON.parse(value) as unknown) : undefined;
    } catch {
      return undefined;
    }
  };
  const write = (key: string, value: unknown) => {
    try {
      if (value === undefined) storage?.removeItem(key);
      else storage?.setItem(key, JSON.stringify(value));
    } catch {
      // A full or refused storage only loses the convenience.
    }
  };
  return {
    personalData() {
      const value = read(PERSONAL_DATA);
      return isValidAnswer('personalData', value, {}) ? value : undefined;
    },
    savePersonalData: (answer) => write(PERSONAL_DATA, answer),
    clearPersonalData: () => write(PERSONAL_DATA, undefined),
    orderKey(purchase, options = {}) {
      const stored = read(ORDER_KEYS);
      const keys = typeof stored === 'object' && stored !== null ? (stored as Record<string, string>) : {};
      const kept = keys[purchase];
      if (kept && !options.renew) return kept;
      const key = newKey();
      write(ORDER_KEYS, { ...keys, [purchase]: key });
      return key;
    },
  };
}
