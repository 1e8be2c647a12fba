import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createStaticI18n } from '@/shared/i18n';
import { renderPage } from '@/shared/lib/test-utils';
import common from '../../../../locales/it/common.json';
import wizard from '../../../../locales/it/wizard.json';
import listingWizard from '../../../../locales/it/listing-wizard.json';
import type { ListingWizardRuntime } from '../model/listing/runtime';
import type { StartOutcome } from '../model/listing/start';
import { firstScreenView } from '../model/listing/first-screen';
import { ListingWizard } from './listing-wizard';

// The first screen of a new listing: step 0 shows before the machine loads; the machine's start
// (mocked here, a promise the test settles) begins on the first interaction, and the answer
// given meanwhile reaches it once, the submit busy until then.

const start = vi.hoisted(() => ({ calls: 0, settle: null as ((outcome: StartOutcome) => void) | null }));
vi.mock('../model/listing/start', () => ({
  startListingWizard: vi.fn(() => {
    start.calls += 1;
    return new Promise<StartOutcome>((resolve) => (start.settle = resolve));
  }),
}));

const i18n = createStaticI18n(
  { 'listing-wizard': listingWizard, wizard, common } as Record<string, Record<string, unknown>>,
  'listing-wizard',
);

function fakeRuntime(): ListingWizardRuntime & { answer: ReturnType<typeof vi.fn> } {
  const view = {
    ...firstScreenView('sale', 'anonymous'),
    done: 0,
    saving: true,
    busy: true,
    stage: 'saving',
    exitBy: null,
    end: null,
  };
  return {
    actor: null as never,
    view: () => view as never,
    subscribe: () => () => undefined,
    answer: vi.fn(() => true),
    back: vi.fn(),
    goTo: vi.fn(),
    requestExit: vi.fn(),
    confirmExit: vi.fn(),
    cancelExit: vi.fn(),
    setAccount: vi.fn(),
    stop: vi.fn(),
  } as never;
}

async function fillPersonalData() {
  fireEvent.change(screen.getByLabelText(/^Nome/), { target: { value: 'Giulia' } });
  fireEvent.change(screen.getByLabelText(/^Cognome/), { target: { value: 'Rossi' } });
  fireEvent.change(screen.getByLabelText(/^Telefono/), { target: { value: '333 1234567' } });
  fireEvent.click(screen.getByRole('checkbox', { name: /termini e condizioni/ }));
  fireEvent.click(screen.getByRole('checkbox', { name: /informativa sulla privacy/ }));
}

beforeEach(() => {
  start.calls = 0;
  start.settle = null;
  sessionStorage.clear();
});

describe('ListingWizard, a new listing', () => {
  it('shows step 0 without the machine, loads it on the first interaction and hands it the answer given meanwhile, once', async () => {
    await renderPage(() => <ListingWizard flow="sale" />, { i18n, path: '/annuncio/vendocasa' });
    expect(await screen.findByRole('heading', { level: 1, name: "Chi pubblica l'annuncio?" })).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuetext')).toBe('Domanda 1 di 26');
    expect(start.calls).toBe(0);

    fireEvent.focus(screen.getByLabelText(/^Nome/));
    await waitFor(() => expect(start.calls).toBe(1));
    await fillPersonalData();
    const submit = screen.getByRole('button', { name: 'Continua' });
    fireEvent.click(submit);
    fireEvent.click(submit);
    // The answer waits for the machine: the submit is busy.
    expect(await screen.findByRole('button', { name: /Salvataggio in corso/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Salvataggio in corso/ }));

    const runtime = fakeRuntime();
    await act(async () => start.settle?.({ kind: 'ready', runtime }));
    expect(runtime.answer).toHaveBeenCalledTimes(1);
    expect(runtime.answer).toHaveBeenCalledWith('personalData', {
      name: 'Giulia',
      surname: 'Rossi',
      phonePrefix: '+39',
      phone: '333 1234567',
      termsAndConditions: true,
      privacy: true,
      commercialConsent: false,
      partnerConsent: false,
    });
    expect(start.calls).toBe(1);
  });

  it('loads the machine at once for a tab that resumes at step 1', async () => {
    sessionStorage.setItem('rexer.listingWizard.personalData', '{}');
    await renderPage(() => <ListingWizard flow="sale" />, { i18n, path: '/annuncio/vendocasa' });
    await waitFor(() => expect(start.calls).toBe(1));
    expect(screen.queryByRole('heading', { level: 1, name: "Chi pubblica l'annuncio?" })).toBeNull();
  });
});
