import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StepView, StepViewRegistry } from '@/features/wizard-step-views';
import { fakeApi, renderPage, testI18n } from '@/shared/lib/test-utils';
import common from '../../../../locales/it/common.json';
import translations from '../../../../locales/it/buy-service.json';
import { TEST_CATALOGUE } from '../model/test-catalogue';
import { loadValueLadderStep } from './load-value-ladder-step';
import ValueLadderStep, { type ValueLadderStepProps } from './value-ladder-step';

const fetchMock = vi.hoisted(() => {
  const mock = vi.fn<typeof fetch>();
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
});

// The view fits the wizard's contract for step 28 (a feature does not import another one; the test may check it).
const asStepView: StepView<'valueLadder'> = ValueLadderStep;
const asRegistry: StepViewRegistry = { valueLadder: loadValueLadderStep };
void asStepView;
void asRegistry;

const i18n = await testI18n({ 'buy-service': translations, common });
let api: ReturnType<typeof fakeApi>;

beforeEach(() => {
  fetchMock.mockReset();
  api = fakeApi(fetchMock, { 'GET /api/Order/Catalogue': [200, TEST_CATALOGUE] });
});
afterEach(cleanup);

async function show(props: Partial<ValueLadderStepProps> = {}) {
  const onAnswer = vi.fn();
  await renderPage(
    () => (
      <ValueLadderStep
        step="valueLadder"
        flow="sale"
        answer={undefined}
        busy={false}
        error={null}
        onAnswer={onAnswer}
        {...props}
      />
    ),
    { i18n, path: '/annuncio/vendocasa/12/28' },
  );
  await screen.findByRole('group', { name: 'Scegli il piano' });
  return onAnswer;
}

const total = () => screen.getByTestId('ladder-total').textContent;
const submit = () => screen.getByRole('button', { name: /^(Continua|Vai al pagamento)/ });

describe('ValueLadderStep', () => {
  it('asks one question and shows the plans and the extras with their Italian prices', async () => {
    await show();
    expect(screen.getByRole('heading', { level: 1, name: 'Come vuoi pubblicare il tuo annuncio?' })).toBeTruthy();
    const plans = within(screen.getByRole('group', { name: 'Scegli il piano' })).getAllByRole('radio');
    expect(plans.map((radio) => radio.getAttribute('id'))).toEqual([
      'plan-basic',
      'plan-flexible',
      'plan-exclusive',
      'plan-exclusivePartner',
    ]);
    expect(screen.getByRole('radio', { name: 'Base Gratis' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Flessibile 199,00\u00a0€' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Esclusiva Nessun costo oggi' })).toBeTruthy();
    // What each includes is the option's description.
    expect(screen.getByRole('radio', { name: 'Flessibile 199,00\u00a0€' }).getAttribute('aria-describedby')).toBe(
      'plan-flexible-description',
    );
    expect(document.getElementById('plan-flexible-description')?.textContent).toBe(
      'Per 90 giorni un consulente Rexer ti aiuta al telefono.',
    );
    // The extras of step 28: not publishing (7) nor the flexible plan sold later (9).
    const extras = within(screen.getByRole('group', { name: 'Aggiungi dei servizi (facoltativo)' })).getAllByRole(
      'checkbox',
    );
    expect(extras.map((box) => box.getAttribute('id'))).toEqual([
      'service-1',
      'service-4',
      'service-8',
      'service-3',
      'service-6',
      'service-5',
    ]);
    expect(screen.getByRole('checkbox', { name: 'Venduto garantito 1.490,00\u00a0€' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Cartello «Vendesi» o «Affittasi» 24,90\u00a0€' })).toBeTruthy();
    expect(api.sent('GET /api/Order/Catalogue')).toHaveLength(1);
  });

  it('does not offer sold guaranteed to a landlord', async () => {
    await show({ flow: 'rent' });
    expect(screen.queryByRole('checkbox', { name: /Venduto garantito/ })).toBeNull();
    expect(screen.getByText(/Se vuoi affittare prima/)).toBeTruthy();
  });

  it('adds up the plan and the extras and hands the choice over', async () => {
    const onAnswer = await show();
    expect(screen.getByText('Scegli un piano per vedere il totale.')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: /^Flessibile/ }));
    expect(total()).toBe('199,00\u00a0€');
    fireEvent.click(screen.getByRole('checkbox', { name: /^Cartello/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /^In prima fila/ }));
    expect(total()).toBe('262,90\u00a0€');
    const summary = screen.getByTestId('ladder-summary');
    expect(
      within(summary)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Flessibile', 'In prima fila', 'Cartello «Vendesi» o «Affittasi»', 'Totale da pagare ora']);
    fireEvent.click(screen.getByRole('checkbox', { name: /^Cartello/ }));
    expect(total()).toBe('238,00\u00a0€');
    expect(submit().textContent).toBe('Vai al pagamento di 238,00\u00a0€');
    fireEvent.click(submit());
    expect(onAnswer).toHaveBeenCalledExactlyOnceWith({ plan: 'flexible', serviceIds: [1] });
  });

  it('gives the basic plan with its services in the catalogue order', async () => {
    const onAnswer = await show();
    fireEvent.click(screen.getByRole('radio', { name: 'Base Gratis' }));
    expect(total()).toBe('0,00\u00a0€');
    expect(submit().textContent).toBe('Continua');
    fireEvent.click(screen.getByRole('checkbox', { name: /^Preventivo/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /^Annuncio Premium/ }));
    expect(total()).toBe('128,00\u00a0€');
    fireEvent.click(submit());
    expect(onAnswer).toHaveBeenCalledExactlyOnceWith({ plan: 'basic', serviceIds: [8, 5] });
  });

  it('refuses to go on without a plan, with a message tied to the plans', async () => {
    const onAnswer = await show();
    fireEvent.click(submit());
    expect(onAnswer).not.toHaveBeenCalled();
    const message = screen.getByText('Scegli un piano per continuare.');
    expect(message.getAttribute('role')).toBe('alert');
    expect(screen.getByRole('group', { name: 'Scegli il piano' }).getAttribute('aria-describedby')).toBe(message.id);
    expect(document.activeElement?.id).toBe('plan-basic');
    fireEvent.click(screen.getByRole('radio', { name: 'Base Gratis' }));
    expect(screen.queryByText('Scegli un piano per continuare.')).toBeNull();
  });

  it('takes no services with an exclusive plan: nothing to pay here', async () => {
    const onAnswer = await show();
    fireEvent.click(screen.getByRole('radio', { name: /^Flessibile/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /^In prima fila/ }));
    fireEvent.click(screen.getByRole('radio', { name: /^Esclusiva con partner/ }));
    expect((screen.getByRole('checkbox', { name: /^In prima fila/ }) as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole('checkbox', { name: /^In prima fila/ }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText(/Con l'esclusiva i servizi li concordi/)).toBeTruthy();
    expect(total()).toBe('0,00\u00a0€');
    expect(within(screen.getByTestId('ladder-summary')).getByText('Nessun costo oggi')).toBeTruthy();
    fireEvent.click(submit());
    expect(onAnswer).toHaveBeenCalledExactlyOnceWith({ plan: 'exclusivePartner', serviceIds: [] });
  });

  it('says a payment failed, keeps the choice and lets the seller pay again', async () => {
    const onAnswer = await show({
      answer: { plan: 'flexible', serviceIds: [1] },
      order: { id: '41', outcome: 'failed' },
    });
    const alert = screen.getAllByRole('alert').find((region) => region.textContent !== '')!;
    expect(alert.textContent).toContain('Il pagamento non è andato a buon fine');
    expect(alert.textContent).toContain('Non ti è stato addebitato nulla');
    expect((screen.getByRole('radio', { name: /^Flessibile/ }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: /^In prima fila/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Vai al pagamento di 238,00\u00a0€' }));
    expect(onAnswer).toHaveBeenCalledExactlyOnceWith({ plan: 'flexible', serviceIds: [1] });
  });

  it('says an abandoned payment charged nothing; a paid or pending order says nothing here', async () => {
    await show({ answer: { plan: 'basic', serviceIds: [4] }, order: { id: '42', outcome: 'abandoned' } });
    expect(screen.getByRole('status', { name: '' }).textContent).toContain('Hai annullato il pagamento');
    cleanup();
    await show({ order: { id: '43', outcome: 'paid' } });
    expect(screen.queryByText(/pagamento non è andato/)).toBeNull();
    expect(screen.queryByText(/Hai annullato/)).toBeNull();
  });

  it('shows the failure of the save beside the submit and waits while busy', async () => {
    await show({
      answer: { plan: 'basic', serviceIds: [] },
      busy: true,
      error: 'Non siamo riusciti a creare il tuo ordine. Riprova.',
    });
    expect(screen.getByRole('alert').textContent).toBe('Non siamo riusciti a creare il tuo ordine. Riprova.');
    expect((screen.getByRole('button', { name: /Salvataggio/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('offers to load the prices again when the catalogue does not answer', async () => {
    fakeApi(fetchMock, {
      'GET /api/Order/Catalogue': [500, { ExceptionType: 1, ExceptionTypeString: 'InternalError' }],
    });
    await renderPage(
      () => (
        <ValueLadderStep
          step="valueLadder"
          flow="sale"
          answer={undefined}
          busy={false}
          error={null}
          onAnswer={vi.fn()}
        />
      ),
      { i18n },
    );
    expect(await screen.findByText('Non riusciamo a caricare piani e prezzi in questo momento.')).toBeTruthy();
    fakeApi(fetchMock, { 'GET /api/Order/Catalogue': [200, TEST_CATALOGUE] });
    fireEvent.click(screen.getByRole('button', { name: 'Riprova' }));
    expect(await screen.findByRole('group', { name: 'Scegli il piano' })).toBeTruthy();
  });
});
