import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider, createStaticI18n } from '@/shared/i18n';
import contactFormTranslations from '../../../../locales/it/contact-form.json';
import { ContactForm } from './contact-form';

// The API client may keep the fetch it finds when its module loads, so the mock goes in first.
const fetchMock = vi.hoisted(() => {
  const mock = vi.fn<typeof fetch>();
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
});

const i18n = createStaticI18n({ 'contact-form': contactFormTranslations }, 'contact-form');

function renderForm(children: ReactNode = <ContactForm />) {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </I18nProvider>,
  );
}

function jsonResponse(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function fillValidForm() {
  fireEvent.change(screen.getByLabelText(/Nome e cognome/), { target: { value: 'Maria Rossi' } });
  fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'maria.rossi@example.it' } });
  fireEvent.change(screen.getByLabelText(/Telefono/), { target: { value: '+39 333 1234567' } });
  fireEvent.change(screen.getByLabelText(/Argomento/), { target: { value: 'valuation' } });
  fireEvent.change(screen.getByLabelText(/Messaggio/), {
    target: { value: 'Vorrei una valutazione del mio trilocale a Bologna.' },
  });
  fireEvent.click(screen.getByRole('checkbox'));
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Invia il messaggio' }));

async function requestBody(call: Parameters<typeof fetch>): Promise<unknown> {
  const [input, init] = call;
  if (input instanceof Request) return input.clone().json();
  return JSON.parse(String(init?.body));
}

function requestUrl(call: Parameters<typeof fetch>): string {
  const [input] = call;
  return input instanceof Request ? input.url : String(input);
}

describe('ContactForm', () => {
  beforeEach(() => {
    fetchMock.mockReset();
  });

  afterEach(() => {
    vi.clearAllMocks();
  });

  it('shows an Italian message under each missing field and sends nothing', async () => {
    renderForm();
    submit();

    expect((await screen.findByRole('alert')).textContent).toContain('Controlla i campi evidenziati');
    expect(screen.getByText('Inserisci il tuo nome.')).toBeTruthy();
    expect(screen.getByText('Inserisci la tua email.')).toBeTruthy();
    expect(screen.getByText('Scegli un argomento.')).toBeTruthy();
    expect(screen.getByText('Scrivi il tuo messaggio.')).toBeTruthy();
    expect(screen.getByText("Per inviare il messaggio devi accettare l'informativa privacy.")).toBeTruthy();

    const name = screen.getByLabelText(/Nome e cognome/);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.getAttribute('aria-describedby')).toContain(document.querySelector('[id$="-name-error"]')?.id);
    expect(document.activeElement).toBe(name);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('checks the format of email, phone and message length', async () => {
    renderForm();
    fireEvent.change(screen.getByLabelText(/Nome e cognome/), { target: { value: 'Maria Rossi' } });
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'maria@' } });
    fireEvent.change(screen.getByLabelText(/Telefono/), { target: { value: '12-34' } });
    fireEvent.change(screen.getByLabelText(/Messaggio/), { target: { value: 'Breve' } });
    submit();

    expect(await screen.findByText(/Inserisci un indirizzo email valido/)).toBeTruthy();
    expect(screen.getByText(/Il telefono può contenere solo cifre/)).toBeTruthy();
    expect(screen.getByText('Il messaggio deve avere tra 10 e 4000 caratteri.')).toBeTruthy();
  });

  it('clears an error as soon as the field is fixed', async () => {
    renderForm();
    submit();
    expect(await screen.findByText('Inserisci il tuo nome.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText(/Nome e cognome/), { target: { value: 'Maria Rossi' } });
    expect(screen.queryByText('Inserisci il tuo nome.')).toBeNull();
    expect(screen.getByLabelText(/Nome e cognome/).getAttribute('aria-invalid')).toBeNull();
  });

  it('posts the request to /api/Contact/Send and confirms it was sent', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(201, { Id: 42 }));
    renderForm();
    fillValidForm();
    submit();

    expect(await screen.findByRole('heading', { name: 'Messaggio inviato' })).toBeTruthy();
    expect(screen.getByText(/Grazie Maria Rossi/).textContent).toContain('maria.rossi@example.it');

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const call = fetchMock.mock.calls[0];
    expect(requestUrl(call)).toMatch(/\/api\/Contact\/Send$/);
    expect(await requestBody(call)).toEqual({
      Name: 'Maria Rossi',
      Email: 'maria.rossi@example.it',
      Phone: '+39 333 1234567',
      Subject: 'valuation',
      Message: 'Vorrei una valutazione del mio trilocale a Bologna.',
      PrivacyConsent: true,
    });

    fireEvent.click(screen.getByRole('button', { name: 'Invia un altro messaggio' }));
    expect((screen.getByLabelText(/Nome e cognome/) as HTMLInputElement).value).toBe('');
  });

  it('explains a 400 answer and keeps what was typed', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(400, { ExceptionType: 1, ExceptionTypeString: 'ValidationError' }));
    renderForm();
    fillValidForm();
    submit();

    expect((await screen.findByRole('alert')).textContent).toContain('Alcuni dati non sono stati accettati');
    expect((screen.getByLabelText(/Nome e cognome/) as HTMLInputElement).value).toBe('Maria Rossi');
    expect((screen.getByLabelText(/Messaggio/) as HTMLTextAreaElement).value).toContain('trilocale');
    expect((screen.getByRole('checkbox') as HTMLInputElement).checked).toBe(true);
  });

  it('explains a 429 answer, keeps the text and lets the visitor retry', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse(429, { ExceptionType: 2, ExceptionTypeString: 'TooManyRequests' }))
      .mockResolvedValueOnce(jsonResponse(201, { Id: 7 }));
    renderForm();
    fillValidForm();
    submit();

    expect((await screen.findByRole('alert')).textContent).toContain('Hai inviato troppi messaggi in poco tempo');
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).toBe('maria.rossi@example.it');

    submit();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Messaggio inviato' })).toBeTruthy());
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('reports a network failure without losing the text', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    renderForm();
    fillValidForm();
    submit();

    expect((await screen.findByRole('alert')).textContent).toContain('Non siamo riusciti a inviare il messaggio');
    expect((screen.getByLabelText(/Nome e cognome/) as HTMLInputElement).value).toBe('Maria Rossi');
  });

  it('preselects the subject it is given', () => {
    renderForm(<ContactForm defaultSubject="other" />);
    expect((screen.getByLabelText(/Argomento/) as HTMLSelectElement).value).toBe('other');
  });
});
