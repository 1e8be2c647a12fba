import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StepView } from '@/features/wizard-step-views/model/step-view';
import type { DocumentsAnswer } from '@domain/wizard-steps';
import DocumentsStep from './documents-step';
import {
  FakeXhr,
  fileOf,
  installMediaServer,
  LISTING_ID,
  mediaItem,
  renderWithApp,
  type MediaServer,
} from './testing/media-server';

// The step view contract: this view is a StepView<'documents'> (a type error here fails `tsc`).
const DOCUMENTS_VIEW: StepView<'documents'> = DocumentsStep;

const fetchMock = vi.hoisted(() => {
  const mock = vi.fn<typeof fetch>();
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
});

let server: MediaServer;

function renderStep() {
  const onAnswer = vi.fn<(answer: DocumentsAnswer) => void>();
  renderWithApp(
    <DOCUMENTS_VIEW
      step="documents"
      flow="rent"
      answer={undefined}
      answers={{}}
      listingId={LISTING_ID}
      busy={false}
      error={null}
      onAnswer={onAnswer}
    />,
  );
  return { onAnswer };
}

const section = (name: string) => screen.getByRole('region', { name });

beforeEach(() => {
  fetchMock.mockReset();
  server = installMediaServer(fetchMock, [mediaItem(1)]);
});
afterEach(() => vi.unstubAllGlobals());

describe('DocumentsStep', () => {
  it('asks for each kind of document on its own, says they are optional and raise the quality score, and goes on without any', async () => {
    const { onAnswer } = renderStep();
    expect(screen.getByRole('heading', { level: 1, name: 'Aggiungi la planimetria e i documenti' })).toBeTruthy();
    expect(screen.getByText(/alzano il punteggio di qualità/)).toBeTruthy();
    await screen.findByRole('button', { name: 'Scegli la planimetria' });
    expect(within(section('Planimetria')).getByRole('button', { name: 'Scegli la planimetria' })).toBeTruthy();
    expect(
      within(section('Attestato di prestazione energetica (APE)')).getByRole('button', { name: "Scegli l'attestato" }),
    ).toBeTruthy();
    expect(within(section('Altri documenti')).getByRole('button', { name: 'Scegli i documenti' })).toBeTruthy();
    // No camera and no photo here.
    expect(screen.queryByRole('button', { name: 'Scatta una foto' })).toBeNull();
    expect(screen.getByTestId('file-input-floorPlan').getAttribute('accept')).toContain('application/pdf');
    fireEvent.click(screen.getByRole('button', { name: 'Continua senza documenti' }));
    expect(onAnswer).toHaveBeenCalledWith({ floorPlanCount: 0, energyCertificateCount: 0, otherCount: 0 });
  });

  it('uploads each kind with its media type and answers how many of each the listing holds', async () => {
    server = installMediaServer(fetchMock, [mediaItem(1), mediaItem(6)]);
    const { onAnswer } = renderStep();
    await screen.findByRole('button', { name: 'Scegli la planimetria' });
    fireEvent.change(screen.getByTestId('file-input-floorPlan'), {
      target: { files: [fileOf('pianta.pdf', 'application/pdf')] },
    });
    fireEvent.change(screen.getByTestId('file-input-energyCertificate'), {
      target: { files: [fileOf('ape.pdf', 'application/pdf')] },
    });
    await waitFor(() => expect(FakeXhr.all).toHaveLength(2));
    expect(FakeXhr.all.map((xhr) => [xhr.mediaType, xhr.files[0]!.name])).toEqual([
      ['4', 'pianta.pdf'],
      ['5', 'ape.pdf'],
    ]);
    await server.answer(FakeXhr.all[0]!);
    await server.answer(FakeXhr.all[1]!);
    expect(await within(section('Planimetria')).findByRole('heading', { name: '1 planimetria caricata' })).toBeTruthy();
    expect(
      within(section('Attestato di prestazione energetica (APE)')).getByRole('heading', {
        name: '1 attestato caricato',
      }),
    ).toBeTruthy();
    expect(
      within(section('Altri documenti')).getByRole('heading', { name: '1 altro documento caricato' }),
    ).toBeTruthy();
    // A PDF opens as it is.
    const link = within(section('Planimetria')).getByRole('link', { name: 'Apri Planimetria 1 in una nuova scheda' });
    expect(link.getAttribute('href')).toMatch(/\.pdf$/);
    expect(link.textContent).toBe('PDF');
    // Documents have no order and no cover.
    expect(screen.queryByRole('button', { name: /come copertina|prima$|dopo$/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Continua' }));
    expect(onAnswer).toHaveBeenCalledWith({ floorPlanCount: 1, energyCertificateCount: 1, otherCount: 1 });
  });

  it('refuses a PDF past its size before sending it, and deletes a document after asking', async () => {
    server = installMediaServer(fetchMock, [mediaItem(5)]);
    const { onAnswer } = renderStep();
    await screen.findByRole('button', { name: 'Scegli la planimetria' });
    fireEvent.change(screen.getByTestId('file-input-other'), {
      target: { files: [fileOf('regolamento.pdf', 'application/pdf', 11 * 1024 * 1024)] },
    });
    expect(
      await within(section('Altri documenti')).findByText(
        /File troppo grande: le immagini possono pesare fino a 15 MB, i PDF fino a 10 MB\./,
      ),
    ).toBeTruthy();
    expect(FakeXhr.all).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Elimina Attestato 1' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Eliminare questo attestato?' })).getByRole('button', {
        name: 'Elimina',
      }),
    );
    await waitFor(() => expect(server.api.calls.filter((call) => call.method === 'DELETE')).toHaveLength(1));
    expect(await screen.findByText('Attestato 1 eliminato.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continua senza documenti' }));
    expect(onAnswer).toHaveBeenCalledWith({ floorPlanCount: 0, energyCertificateCount: 0, otherCount: 0 });
  });
});
