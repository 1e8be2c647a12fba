import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '@/shared/lib/test-utils';
import type { ListingWizardPageState, WizardPageActions, WizardPageView } from '../model/page-types';
import { ListingWizardPage } from './listing-wizard-page';
import { i18n } from './steps/step-test-utils';

function view(overrides: Partial<WizardPageView> = {}): WizardPageView {
  return {
    flow: 'sale',
    step: 'split',
    stepNumber: 12,
    listingId: 41,
    answers: {},
    account: 'silent',
    busy: false,
    stage: null,
    searching: false,
    paying: false,
    publishing: false,
    confirmingExit: false,
    canGoBack: true,
    canExit: true,
    settled: false,
    error: null,
    order: null,
    paymentUrl: null,
    redirecting: false,
    editing: false,
    path: [2, 3, 12, 15],
    progress: { current: 14, total: 24, beyond: false },
    draft: null,
    ...overrides,
  };
}

function actions(): WizardPageActions {
  return {
    answer: vi.fn(),
    back: vi.fn(),
    goTo: vi.fn(),
    exit: vi.fn(),
    confirmExit: vi.fn(),
    cancelExit: vi.fn(),
    setFirstPassword: vi.fn(async () => 'ok' as const),
    openLogin: vi.fn(),
  };
}

async function show(state: ListingWizardPageState) {
  await renderPage(() => <ListingWizardPage flow="sale" state={state} />, { i18n, path: '/annuncio/vendocasa/41/12' });
}

describe('ListingWizardPage', () => {
  it('shows the step in the frame, with the progress, Back and Esci, and hands its answer to the process', async () => {
    const act = actions();
    await show({ kind: 'wizard', view: view(), actions: act, username: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Come vuoi decidere il prezzo?' })).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuetext')).toBe('Domanda 14 di 24');
    expect(screen.getByText('Annuncio di vendita')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Indietro' }));
    expect(act.back).toHaveBeenCalled();
    fireEvent.click(screen.getByLabelText(/Il prezzo lo so già/));
    fireEvent.click(screen.getByRole('button', { name: 'Continua' }));
    expect(act.answer).toHaveBeenCalledWith('split', { priceFromMarket: false });
  });

  it('says why a save failed, by its reason when known', async () => {
    await show({
      kind: 'wizard',
      view: view({ error: { kind: 'save', failure: 'offline' } }),
      actions: actions(),
      username: null,
    });
    expect(
      await screen.findByText(
        'Sembra che tu sia offline: controlla la connessione e riprova. La risposta non è andata persa.',
      ),
    ).toBeTruthy();
  });

  it('asks before leaving when a navigation away is held, and passes the answer on', async () => {
    const act = actions();
    await show({
      kind: 'wizard',
      view: view({ step: null, stepNumber: null, confirmingExit: true }),
      actions: act,
      username: null,
    });
    const dialog = await screen.findByRole('dialog', { name: 'Vuoi uscire?' });
    expect(within(dialog).getByText(/ritrovi l'annuncio in «I miei annunci»/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resta qui' }));
    expect(act.cancelExit).toHaveBeenCalled();
  });

  it('offers no Esci once the listing is published', async () => {
    await show({
      kind: 'wizard',
      view: view({ step: 'endOfQuestions', stepNumber: 26, settled: true }),
      actions: actions(),
      username: null,
    });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: /Esci/ })).toBeNull();
  });

  it('says what happens between steps, and lets a seller back from an unfinished payment pay or choose again', async () => {
    const act = actions();
    await show({
      kind: 'wizard',
      view: view({ step: null, stepNumber: null, busy: true, stage: 'publishing' }),
      actions: act,
      username: null,
    });
    expect(screen.getAllByText('Stiamo pubblicando il tuo annuncio…').length).toBeGreaterThan(0);
    document.body.innerHTML = '';
    await show({
      kind: 'wizard',
      view: view({
        step: null,
        stepNumber: null,
        stage: 'paying',
        paying: true,
        paymentUrl: '/pagamento/abc',
        order: { id: '9', outcome: 'pending' },
      }),
      actions: act,
      username: null,
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Il pagamento non è ancora concluso' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Vai al pagamento' }).getAttribute('href')).toBe('/pagamento/abc');
    fireEvent.click(screen.getByRole('button', { name: 'Cambia la tua scelta' }));
    expect(act.goTo).toHaveBeenCalledWith(28);
  });

  it('asks the owner of a draft to log in, and offers a retry when the draft could not be opened', async () => {
    const onLogin = vi.fn();
    await show({ kind: 'needsLogin', onLogin });
    fireEvent.click(screen.getByRole('button', { name: 'Accedi' }));
    expect(onLogin).toHaveBeenCalled();
    document.body.innerHTML = '';
    const onRetry = vi.fn();
    await show({ kind: 'failed', onRetry });
    expect(screen.getByRole('heading', { level: 1, name: 'Non riusciamo ad aprire il tuo annuncio' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Riprova' }));
    expect(onRetry).toHaveBeenCalled();
  });

  it('offers the login to a visitor at the personal data', async () => {
    const act = actions();
    await show({
      kind: 'wizard',
      view: view({ step: 'personalData', stepNumber: 0, account: 'anonymous', listingId: null, canGoBack: false }),
      actions: act,
      username: null,
    });
    await screen.findByRole('heading', { level: 1, name: "Chi pubblica l'annuncio?" });
    fireEvent.click(screen.getByRole('button', { name: 'Accedi' }));
    expect(act.openLogin).toHaveBeenCalled();
  });
});
