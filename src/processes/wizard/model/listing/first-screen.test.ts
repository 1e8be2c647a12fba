import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '@/shared/api';
import { staticGraph } from '@/shared/lib/test-utils/static-graph';
import { LISTING_CARRY_KEY, leaveListingCarry } from '@/shared/lib/listing-carry';
import { firstScreenView, LISTING_CARRY_STORAGE_KEY, startsElsewhere } from './first-screen';
import { createListingWizardRuntime } from './runtime';
import { createWizardStore } from './wizard-store';

beforeEach(() => sessionStorage.clear());

describe('the first screen of a new listing', () => {
  it.each([
    ['sale', 'anonymous'],
    ['sale', 'silent'],
    ['sale', 'loggedIn'],
    ['rent', 'anonymous'],
    ['rent', 'silent'],
    ['rent', 'loggedIn'],
  ] as const)('shows what the machine shows first (%s, %s)', (flow, account) => {
    const client = createApiClient({
      fetch: vi.fn(() => Promise.reject(new Error('no call expected'))) as unknown as typeof fetch,
    });
    const runtime = createListingWizardRuntime(
      { flow, account, device: 'mobile' },
      { registered: vi.fn(), goToPayment: vi.fn() },
      { client, store: createWizardStore(null) },
    );
    const first = firstScreenView(flow, account);
    const machine = runtime.view();
    expect(Object.fromEntries(Object.keys(first).map((key) => [key, machine[key as keyof typeof machine]]))).toEqual(
      first,
    );
    runtime.stop();
  });

  it('is busy while an answer waits for the machine, and says so when the machine could not load', () => {
    expect(firstScreenView('sale', 'anonymous', { busy: true, failed: false })).toMatchObject({
      busy: true,
      stage: 'saving',
      error: null,
    });
    expect(firstScreenView('sale', 'anonymous', { busy: false, failed: true })).toMatchObject({
      busy: false,
      error: { kind: 'save', failure: 'offline' },
    });
  });

  it('leaves to the machine a tab that starts elsewhere: personal data kept for step 1, a valuation carried', () => {
    expect(LISTING_CARRY_STORAGE_KEY).toBe(LISTING_CARRY_KEY);
    expect(startsElsewhere('anonymous')).toBe(false);
    expect(startsElsewhere('silent')).toBe(false);
    createWizardStore().savePersonalData({
      name: 'Giulia',
      surname: 'Rossi',
      phonePrefix: '+39',
      phone: '333 1234567',
      termsAndConditions: true,
      privacy: true,
      commercialConsent: false,
      partnerConsent: false,
    });
    expect(startsElsewhere('anonymous')).toBe(true);
    leaveListingCarry({ flow: 'sale', answers: {}, valuationId: null });
    expect(startsElsewhere('loggedIn')).toBe(true);
  });
});

/** What the wizards' first screens reach only through dynamic imports: xstate, the machines, the runtimes, the calls. */
const LOADED_LATER =
  /^xstate|^@xstate|^machines\/.*\.machine|^machines\/wizard-context|processes\/wizard\/(model\/(runtime-core|listing\/(start|runtime|calls|view|wizard-store)|valuation\/(runtime|view|valuation-calls))|ui\/wizard-runner)\.tsx?$/;

describe('the first screen loads no machine', () => {
  it('reaches xstate, the machines, the calls and the runtime only through dynamic imports', () => {
    // The flow's layout route draws the wizard for every URL of it, the first step included.
    const relative = staticGraph('src/app/routes/annuncio/vendocasa.tsx');
    expect(relative).toContain('src/processes/wizard/model/listing/first-screen.ts');
    expect(relative.filter((file) => LOADED_LATER.test(file))).toEqual([]);
  });

  it('nor does the valuation landing: its runner, the runtime and the calls load when the visitor starts', () => {
    const relative = staticGraph('src/app/routes/valutocasa/index.tsx');
    expect(relative).toContain('src/processes/wizard/ui/valuation-wizard.tsx');
    expect(relative.filter((file) => LOADED_LATER.test(file))).toEqual([]);
  });
});
