import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider, createStaticI18n } from '@/shared/i18n';
import { configQueryOptions, createApiClient, type AppConfig } from '@/shared/api';
import common from '../../../../locales/it/common.json';
import { CareersModal } from './careers-modal';

const i18n = createStaticI18n({ common });

const PDF = 'application/pdf';
const DOC = 'application/msword';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
/** The config's limits for the test: 1 MB and the three document types. */
const CAREERS = { MaxCvBytes: 1024 * 1024, AcceptedTypes: [PDF, DOC, DOCX] };
const outcomes = common.careers.outcomes;

function stubFetch(answer: () => Promise<Response>) {
  return vi.fn(async () => answer()) as unknown as typeof globalThis.fetch & ReturnType<typeof vi.fn>;
}
const answerWith = (status: number) => async () =>
  new Response(status === 201 ? '{}' : JSON.stringify({ ExceptionType: 1, ExceptionTypeString: 'Generic' }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

function renderModal(fetch: typeof globalThis.fetch) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // The config is already loaded: the modal reads its limits from it.
  queryClient.setQueryData(configQueryOptions().queryKey, { Careers: CAREERS } as unknown as AppConfig);
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={queryClient}>
      <I18nProvider i18n={i18n}>
        <CareersModal onClose={onClose} client={createApiClient({ baseUrl: 'http://rexer.test', fetch })} />
      </I18nProvider>
    </QueryClientProvider>,
  );
  return { onClose };
}

function fillAndSend(cv: File) {
  fireEvent.change(screen.getByLabelText(/Nome e cognome/), { target: { value: 'Laura Esposito' } });
  fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'laura@example.com' } });
  fireEvent.change(screen.getByLabelText(/Curriculum/), { target: { files: [cv] } });
  fireEvent.click(screen.getByRole('button', { name: 'Invia la candidatura' }));
}

async function outcome(): Promise<{ name: string; dialog: HTMLElement }> {
  const shown = await screen.findByTestId('careers-outcome');
  return { name: shown.dataset.outcome ?? '', dialog: screen.getByRole('dialog') };
}

const pdf = (size = 2048) => new File([new Uint8Array(size)], 'cv.pdf', { type: PDF });

describe('the "lavora con noi" modal', () => {
  // Anything the test did not stub fails loudly instead of reaching the network.
  beforeEach(() =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new Error('unexpected fetch'))),
    ),
  );
  afterEach(() => vi.unstubAllGlobals());

  it('opens on the form, with the limits from the config in its help', () => {
    renderModal(stubFetch(answerWith(201)));
    expect(screen.getByRole('dialog', { name: 'Lavora con noi' })).toBeTruthy();
    expect(screen.getByText('Formati accettati: PDF, DOC, DOCX. Dimensione massima 1 MB.')).toBeTruthy();
  });

  it('asks for the missing fields before sending anything', () => {
    const fetch = stubFetch(answerWith(201));
    renderModal(fetch);
    fireEvent.click(screen.getByRole('button', { name: 'Invia la candidatura' }));
    expect(screen.getByText(common.careers.validation.nameRequired)).toBeTruthy();
    expect(screen.getByText(common.careers.validation.emailInvalid)).toBeTruthy();
    expect(screen.getByText(common.careers.validation.cvRequired)).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('refuses a name with a line break or a link before sending anything', () => {
    const fetch = stubFetch(answerWith(201));
    renderModal(fetch);
    fireEvent.change(screen.getByLabelText(/Nome e cognome/), {
      target: { value: 'Mario\u2028Rossi https://evil.example' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Invia la candidatura' }));
    expect(screen.getByText(common.careers.validation.nameCharacters)).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows the success message when the API accepts the application', async () => {
    const fetch = stubFetch(answerWith(201));
    const { onClose } = renderModal(fetch);
    fillAndSend(pdf());
    const { name, dialog } = await outcome();
    expect(name).toBe('ok');
    expect(within(dialog).getByRole('heading', { level: 2, name: outcomes.ok.title })).toBeTruthy();
    expect(within(dialog).getByText(outcomes.ok.text)).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1);
    // The footer's "Chiudi" (the dialog's close icon has the same name).
    const closeButtons = within(dialog).getAllByRole('button', { name: 'Chiudi' });
    fireEvent.click(closeButtons.find((button) => button.textContent === 'Chiudi')!);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows the failure message when the API fails, and "Riprova" goes back to the form', async () => {
    renderModal(stubFetch(answerWith(500)));
    fillAndSend(pdf());
    const { name, dialog } = await outcome();
    expect(name).toBe('failed');
    expect(within(dialog).getByText(outcomes.failed.text)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Riprova' }));
    expect(screen.getByTestId('careers-form')).toBeTruthy();
    // The fields are kept for the new attempt.
    expect((screen.getByLabelText(/Nome e cognome/) as HTMLInputElement).value).toBe('Laura Esposito');
  });

  it('shows the failure message when the network is down', async () => {
    renderModal(stubFetch(async () => Promise.reject(new TypeError('Failed to fetch'))));
    fillAndSend(pdf());
    expect((await outcome()).name).toBe('failed');
    expect(screen.getByText(outcomes.failed.text)).toBeTruthy();
  });

  it('refuses a file over the limit before sending, naming the limit', async () => {
    const fetch = stubFetch(answerWith(201));
    renderModal(fetch);
    fillAndSend(pdf(CAREERS.MaxCvBytes + 1));
    const { name, dialog } = await outcome();
    expect(name).toBe('tooLarge');
    expect(within(dialog).getByText(outcomes.tooLarge.title, { selector: 'h2' })).toBeTruthy();
    expect(within(dialog).getByText(outcomes.tooLarge.text.replace('{{size}}', '1 MB'))).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('refuses a file of the wrong type before sending, naming the accepted ones', async () => {
    const fetch = stubFetch(answerWith(201));
    renderModal(fetch);
    fillAndSend(new File(['immagine'], 'foto.png', { type: 'image/png' }));
    const { name, dialog } = await outcome();
    expect(name).toBe('invalidType');
    expect(within(dialog).getByText(outcomes.invalidType.title, { selector: 'h2' })).toBeTruthy();
    expect(within(dialog).getByText(outcomes.invalidType.text.replace('{{types}}', 'PDF, DOC, DOCX'))).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it.each([
    [413, 'tooLarge'],
    [415, 'invalidType'],
  ] as const)("shows the server's %i answer as the %s outcome", async (status, expected) => {
    renderModal(stubFetch(answerWith(status)));
    fillAndSend(pdf());
    expect((await outcome()).name).toBe(expected);
    expect(screen.getByText(outcomes[expected].title, { selector: 'h2' })).toBeTruthy();
  });
});
