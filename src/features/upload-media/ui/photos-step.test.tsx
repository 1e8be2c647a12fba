import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StepView } from '@/features/wizard-step-views/model/step-view';
import { StepFocusContext } from '@/shared/ui/step-form';
import {
  FakeXhr,
  fileOf,
  installMediaServer,
  LIMITS,
  LISTING_ID,
  mediaItem,
  renderWithApp,
  type MediaServer,
} from './testing/media-server';
import PhotosStep from './photos-step';

// The step view contract: this view is a StepView<'photos'> (a type error here fails `tsc`).
const PHOTOS_VIEW: StepView<'photos'> = PhotosStep;

const fetchMock = vi.hoisted(() => {
  const mock = vi.fn<typeof fetch>();
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
});

let server: MediaServer;

function renderStep(props: { listingId?: number | null; busy?: boolean; error?: string | null } = {}) {
  const onAnswer = vi.fn<(answer: { photoCount: number }) => void>();
  const view = renderWithApp(
    <PHOTOS_VIEW
      step="photos"
      flow="sale"
      answer={undefined}
      answers={{}}
      listingId={props.listingId === undefined ? LISTING_ID : props.listingId}
      busy={props.busy ?? false}
      error={props.error ?? null}
      onAnswer={onAnswer}
    />,
  );
  return { onAnswer, unmount: view.unmount };
}

const choose = (files: File[]) => fireEvent.change(screen.getByTestId('file-input-photo'), { target: { files } });
const jpeg = (name: string, size = 2_000_000) => fileOf(name, 'image/jpeg', size);

beforeEach(() => {
  fetchMock.mockReset();
  server = installMediaServer(fetchMock, []);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('PhotosStep', () => {
  it('asks for the photos, says they are optional and count for the quality score, and goes on without any', async () => {
    const onAnswer = vi.fn<(answer: { photoCount: number }) => void>();
    renderWithApp(
      <StepFocusContext.Provider value={{ focusOnMount: true }}>
        <PHOTOS_VIEW
          step="photos"
          flow="sale"
          answer={undefined}
          answers={{}}
          listingId={LISTING_ID}
          busy={false}
          error={null}
          onAnswer={onAnswer}
        />
      </StepFocusContext.Provider>,
    );
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { level: 1, name: "Aggiungi le foto dell'immobile" }),
    );
    expect(screen.getByText(/Le foto sono facoltative, ma contano molto per il punteggio di qualità/)).toBeTruthy();
    await screen.findByRole('button', { name: 'Scegli le foto' });
    fireEvent.click(screen.getByRole('button', { name: 'Continua senza foto' }));
    expect(onAnswer).toHaveBeenCalledWith({ photoCount: 0 });
  });

  it('sends each photo in its own request with the session’s headers, shows each one’s progress, then the stored thumbnail', async () => {
    const { onAnswer } = renderStep();
    await screen.findByRole('button', { name: 'Scegli le foto' });
    choose([jpeg('soggiorno.jpg'), jpeg('cucina.jpg'), jpeg('bagno.jpg')]);

    // Two at a time.
    await waitFor(() => expect(FakeXhr.all).toHaveLength(2));
    const [first, second] = FakeXhr.all as [FakeXhr, FakeXhr];
    expect(first.method).toBe('POST');
    expect(first.url).toBe(`/api/Property/${LISTING_ID}/Media`);
    expect(first.headers).toMatchObject({ Portal: '5', 'X-Token-Transport': 'cookie', 'Cache-Control': 'no-cache' });
    expect(first.mediaType).toBe('1');
    expect(first.files.map((f) => f.name)).toEqual(['soggiorno.jpg']);
    expect(second.files.map((f) => f.name)).toEqual(['cucina.jpg']);
    expect(screen.getByText('In attesa')).toBeTruthy();

    first.progress(400, 1000);
    const bar = screen.getByRole('progressbar', { name: 'Avanzamento di soggiorno.jpg' }) as HTMLProgressElement;
    expect(bar.value).toBe(40);
    expect(screen.getByText('Caricamento 40%')).toBeTruthy();
    first.progress(1000, 1000);
    expect(screen.getByText('Elaborazione…')).toBeTruthy();

    const stored = (await server.answer(first))!;
    expect(await screen.findByRole('heading', { name: '1 foto caricata' })).toBeTruthy();
    expect(screen.queryByRole('progressbar', { name: 'Avanzamento di soggiorno.jpg' })).toBeNull();
    expect(screen.getByText('soggiorno.jpg caricato.')).toBeTruthy();
    const image = screen.getByRole('link', { name: 'Apri Foto 1 in una nuova scheda' });
    expect(image.getAttribute('href')).toBe(stored.Url.replace('{dim}', 'FULL').replace('{ext}', 'jpg'));
    const sources = Array.from(image.querySelectorAll('source')).map((s) => [
      s.getAttribute('type'),
      s.getAttribute('srcset'),
    ]);
    expect(sources).toEqual([
      ['image/avif', `/media/media/listings/7/file${stored.Id}-PING.avif`],
      ['image/webp', `/media/media/listings/7/file${stored.Id}-PING.webp`],
    ]);
    expect(image.querySelector('img')!.getAttribute('src')).toBe(`/media/media/listings/7/file${stored.Id}-PING.jpg`);
    expect(screen.getByText('Copertina')).toBeTruthy();

    // The third starts when a place frees up.
    await waitFor(() => expect(FakeXhr.all).toHaveLength(3));
    await server.answer(second);
    await server.answer(FakeXhr.all[2]!);
    expect(await screen.findByRole('heading', { name: '3 foto caricate' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continua' }));
    expect(onAnswer).toHaveBeenCalledWith({ photoCount: 3 });
  });

  it('does not go on while photos are still being sent', async () => {
    const { onAnswer } = renderStep();
    await screen.findByRole('button', { name: 'Scegli le foto' });
    choose([jpeg('soggiorno.jpg')]);
    await waitFor(() => expect(FakeXhr.all).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Continua senza foto' }));
    expect(screen.getByRole('alert').textContent).toBe('Attendi la fine dei caricamenti prima di continuare.');
    expect(onAnswer).not.toHaveBeenCalled();
    await server.answer(FakeXhr.all[0]!);
    fireEvent.click(await screen.findByRole('button', { name: 'Continua' }));
    expect(onAnswer).toHaveBeenCalledWith({ photoCount: 1 });
  });

  it('keeps the order the photos were chosen in when a later one is stored first: the first chosen is the cover', async () => {
    const earlier = mediaItem(1);
    server = installMediaServer(fetchMock, [earlier]);
    const { onAnswer } = renderStep();
    await screen.findByRole('heading', { name: '1 foto caricata' });
    choose([jpeg('soggiorno.jpg', 9_000_000), jpeg('cucina.jpg'), jpeg('bagno.jpg')]);
    await waitFor(() => expect(FakeXhr.all).toHaveLength(2));
    const [living, kitchen] = FakeXhr.all as [FakeXhr, FakeXhr];
    expect(living.files[0]!.name).toBe('soggiorno.jpg');

    // The small kitchen ends first: the server stores it before the living room.
    const kitchenItem = (await server.answer(kitchen))!;
    await waitFor(() => expect(FakeXhr.all).toHaveLength(3));
    const livingItem = (await server.answer(living))!;
    // Still on its way while the order is saved: the step does not go on.
    fireEvent.click(screen.getByRole('button', { name: /^Continua/ }));
    expect(onAnswer).not.toHaveBeenCalled();
    await waitFor(() => expect(server.api.sent(`PUT /api/Property/${LISTING_ID}/Media/Order`)).toHaveLength(1));
    expect(server.api.sent(`PUT /api/Property/${LISTING_ID}/Media/Order`)[0]!.body).toEqual({
      MediaIds: [earlier.Id, livingItem.Id, kitchenItem.Id],
    });
    const bathItem = (await server.answer(FakeXhr.all[2]!))!;
    expect(await screen.findByRole('heading', { name: '4 foto caricate' })).toBeTruthy();
    await waitFor(() => {
      const rows = screen.getAllByRole('listitem').filter((row) => row.dataset.mediaId);
      expect(rows.map((row) => Number(row.dataset.mediaId))).toEqual([
        earlier.Id,
        livingItem.Id,
        kitchenItem.Id,
        bathItem.Id,
      ]);
    });
    // The bathroom came last as chosen: nothing more to put in order.
    expect(server.api.sent(`PUT /api/Property/${LISTING_ID}/Media/Order`)).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Continua' }));
    expect(onAnswer).toHaveBeenCalledWith({ photoCount: 4 });
  });

  it('makes the first chosen photo the cover of a listing without photos, whichever upload ends first', async () => {
    renderStep();
    await screen.findByRole('button', { name: 'Scegli le foto' });
    choose([jpeg('facciata.jpg', 9_000_000), jpeg('cucina.jpg')]);
    await waitFor(() => expect(FakeXhr.all).toHaveLength(2));
    const [front, kitchen] = FakeXhr.all as [FakeXhr, FakeXhr];
    await server.answer(kitchen);
    const frontItem = (await server.answer(front))!;
    await waitFor(() => expect(server.items[0]!.Id).toBe(frontItem.Id));
    await waitFor(() => {
      const rows = screen.getAllByRole('listitem').filter((row) => row.dataset.mediaId);
      expect(Number(rows[0]!.dataset.mediaId)).toBe(frontItem.Id);
      expect(within(rows[0]!).getByText('Copertina')).toBeTruthy();
    });
  });

  it('refuses before sending what cannot be a photo, is too large, or is past the listing’s limit', async () => {
    server = installMediaServer(fetchMock, [mediaItem(1), mediaItem(1)], { ...LIMITS, MaxPhotos: 3 });
    renderStep();
    await screen.findByRole('heading', { name: '2 foto caricate' });
    choose([
      fileOf('animazione.gif', 'image/gif'),
      fileOf('contratto.pdf', 'application/pdf'),
      jpeg('enorme.jpg', 16 * 1024 * 1024),
      jpeg('terrazzo.jpg'),
      jpeg('giardino.jpg'),
    ]);
    const queue = await screen.findByRole('list', { name: 'File in caricamento' });
    const rows = within(queue).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('animazione.gif Formato non accettato: usa JPEG, PNG, WebP o AVIF'),
      expect.stringContaining('contratto.pdf Formato non accettato'),
      expect.stringContaining(
        'enorme.jpg File troppo grande: le immagini possono pesare fino a 15 MB, i PDF fino a 10 MB.',
      ),
      expect.stringContaining('terrazzo.jpg'),
      expect.stringContaining("giardino.jpg Hai raggiunto il numero massimo di file per l'annuncio (3)."),
    ]);
    await waitFor(() => expect(FakeXhr.all).toHaveLength(1));
    expect(FakeXhr.all[0]!.files[0]!.name).toBe('terrazzo.jpg');
    expect(screen.getByText("1 file in caricamento. 4 file non accettati: vedi i motivi nell'elenco.")).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: "Togli animazione.gif dall'elenco" }));
    expect(screen.queryByText('animazione.gif')).toBeNull();
  });

  it('words each refusal of the server: renamed file, decompression bomb, too small, duplicate', async () => {
    renderStep();
    await screen.findByRole('button', { name: 'Scegli le foto' });
    choose([jpeg('finta.jpg'), jpeg('bomba.png')]);
    await waitFor(() => expect(FakeXhr.all).toHaveLength(2));
    await server.answer(FakeXhr.all[0]!, { status: 3, reason: 'extension' });
    await server.answer(FakeXhr.all[1]!, { status: 4, reason: 'pixels' });
    const queue = await screen.findByRole('list', { name: 'File in caricamento' });
    expect(
      await within(queue).findByText(
        /Il nome del file non corrisponde al contenuto \(per esempio un PDF rinominato in \.jpg\)/,
      ),
    ).toBeTruthy();
    expect(within(queue).getByText(/Immagine troppo grande in pixel \(oltre 50 megapixel\)/)).toBeTruthy();
    choose([jpeg('piccola.jpg'), jpeg('doppia.jpg')]);
    await waitFor(() => expect(FakeXhr.all).toHaveLength(4));
    await server.answer(FakeXhr.all[2]!, { status: 5, reason: 'dimensions' });
    await server.answer(FakeXhr.all[3]!, { status: 7, reason: 'duplicate' });
    expect(await within(queue).findByText(/Foto troppo piccola: serve almeno 320 × 240 pixel\./)).toBeTruthy();
    expect(within(queue).getByText(/Questo file è già stato caricato sull'annuncio\./)).toBeTruthy();
    // The live region says it too, with the file's name.
    expect(screen.getByRole('status', { name: '' }).textContent).toMatch(
      /^doppia\.jpg non caricato: Questo file è già stato caricato/,
    );
    // A refusal of the file itself is not retried as it is.
    expect(screen.queryByRole('button', { name: 'Riprova' })).toBeNull();
  });

  it('offers to retry a photo the network dropped, and sends it again', async () => {
    renderStep();
    await screen.findByRole('button', { name: 'Scegli le foto' });
    choose([jpeg('soggiorno.jpg')]);
    await waitFor(() => expect(FakeXhr.all).toHaveLength(1));
    await FakeXhr.all[0]!.failNetwork();
    expect(
      await within(screen.getByRole('list', { name: 'File in caricamento' })).findByText(
        /Caricamento interrotto: controlla la connessione e riprova\./,
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Riprova' }));
    await waitFor(() => expect(FakeXhr.all).toHaveLength(2));
    await server.answer(FakeXhr.all[1]!);
    expect(await screen.findByRole('heading', { name: '1 foto caricata' })).toBeTruthy();
  });

  it('waits, without refusing anything, when the server’s budget of images a minute is spent, and goes on by itself', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderStep();
      await screen.findByRole('button', { name: 'Scegli le foto' });
      choose([jpeg('soggiorno.jpg'), jpeg('cucina.jpg'), jpeg('bagno.jpg')]);
      await waitFor(() => expect(FakeXhr.all).toHaveLength(2));
      await FakeXhr.all[0]!.respond(
        429,
        { ExceptionType: 26, ExceptionTypeString: 'UploadBudgetExceeded' },
        { 'Retry-After': '40' },
      );
      const queue = screen.getByRole('list', { name: 'File in caricamento' });
      expect(
        within(queue).getAllByText(
          'In pausa: hai caricato molte immagini in poco tempo. Riprende da sé tra circa 40 secondi.',
        ),
      ).toHaveLength(2);
      expect(within(queue).queryByRole('button', { name: 'Riprova' })).toBeNull();
      // The other photo already on its way is answered; nothing new is sent during the pause.
      await server.answer(FakeXhr.all[1]!);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(39_000);
      });
      expect(FakeXhr.all).toHaveLength(2);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1_500);
      });
      await waitFor(() => expect(FakeXhr.all).toHaveLength(4));
      expect(
        FakeXhr.all
          .slice(2)
          .map((xhr) => xhr.files[0]!.name)
          .sort(),
      ).toEqual(['bagno.jpg', 'soggiorno.jpg']);
      await server.answer(FakeXhr.all[2]!);
      await server.answer(FakeXhr.all[3]!);
      expect(await screen.findByRole('heading', { name: '3 foto caricate' })).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('waits the same way when the server’s line of image work is full (503 ImageWorkBusy), and goes on by itself', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderStep();
      await screen.findByRole('button', { name: 'Scegli le foto' });
      choose([jpeg('soggiorno.jpg')]);
      await waitFor(() => expect(FakeXhr.all).toHaveLength(1));
      await FakeXhr.all[0]!.respond(
        503,
        { ExceptionType: 27, ExceptionTypeString: 'ImageWorkBusy' },
        { 'Retry-After': '10' },
      );
      const queue = screen.getByRole('list', { name: 'File in caricamento' });
      expect(
        within(queue).getByText(
          'In pausa: hai caricato molte immagini in poco tempo. Riprende da sé tra circa 10 secondi.',
        ),
      ).toBeTruthy();
      expect(within(queue).queryByRole('button', { name: 'Riprova' })).toBeNull();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(10_500);
      });
      await waitFor(() => expect(FakeXhr.all).toHaveLength(2));
      await server.answer(FakeXhr.all[1]!);
      expect(await screen.findByRole('heading', { name: '1 foto caricata' })).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('renews an expired session once (through the typed client) and sends the photo again', async () => {
    renderStep();
    await screen.findByRole('button', { name: 'Scegli le foto' });
    const reads = server.api.sent(`GET /api/User/GetMyPropertyById/${LISTING_ID}`).length;
    choose([jpeg('soggiorno.jpg')]);
    await waitFor(() => expect(FakeXhr.all).toHaveLength(1));
    await FakeXhr.all[0]!.respond(401, { ExceptionType: 3, ExceptionTypeString: 'ExpiredSessionToken' });
    await waitFor(() => expect(FakeXhr.all).toHaveLength(2));
    expect(server.api.sent(`GET /api/User/GetMyPropertyById/${LISTING_ID}`).length).toBe(reads + 1);
    await server.answer(FakeXhr.all[1]!);
    expect(await screen.findByRole('heading', { name: '1 foto caricata' })).toBeTruthy();
  });

  it('reorders with the move buttons, saves the order, and keeps the focus on the moved photo', async () => {
    const [a, b, c] = [mediaItem(1), mediaItem(1), mediaItem(1)];
    server = installMediaServer(fetchMock, [a!, b!, c!, mediaItem(4)]);
    renderStep();
    await screen.findByRole('heading', { name: '3 foto caricate' });
    expect((screen.getByRole('button', { name: 'Sposta Foto 1 prima' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Sposta Foto 1 dopo' }));
    await waitFor(() => expect(server.api.sent(`PUT /api/Property/${LISTING_ID}/Media/Order`)).toHaveLength(1));
    expect(server.api.sent(`PUT /api/Property/${LISTING_ID}/Media/Order`)[0]!.body).toEqual({
      MediaIds: [b!.Id, a!.Id, c!.Id],
    });
    expect(await screen.findByText('Foto spostata in posizione 2 di 3.')).toBeTruthy();
    const rows = screen.getAllByRole('listitem').filter((row) => row.dataset.mediaId);
    expect(rows.map((row) => Number(row.dataset.mediaId))).toEqual([b!.Id, a!.Id, c!.Id]);
    await waitFor(() => expect(document.activeElement?.closest('li')?.dataset.mediaId).toBe(String(a!.Id)));
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Sposta Foto 2 dopo');
    // The cover follows the order: the first photo.
    expect(within(rows[0]!).getByText('Copertina')).toBeTruthy();
  });

  it('reorders by dragging a photo onto another', async () => {
    const [a, b, c] = [mediaItem(1), mediaItem(1), mediaItem(1)];
    server = installMediaServer(fetchMock, [a!, b!, c!]);
    renderStep();
    await screen.findByRole('heading', { name: '3 foto caricate' });
    const rowOf = (id: number) => document.querySelector<HTMLElement>(`[data-media-id="${id}"]`)!;
    const data = new Map<string, string>();
    const dataTransfer = {
      setData: (k: string, v: string) => data.set(k, v),
      getData: (k: string) => data.get(k) ?? '',
      types: ['application/x-rexer-media-id'],
      effectAllowed: '',
      dropEffect: '',
    };
    fireEvent.dragStart(rowOf(c!.Id), { dataTransfer });
    fireEvent.dragOver(rowOf(a!.Id), { dataTransfer });
    fireEvent.drop(rowOf(a!.Id), { dataTransfer });
    await waitFor(() => expect(server.api.sent(`PUT /api/Property/${LISTING_ID}/Media/Order`)).toHaveLength(1));
    expect(server.api.sent(`PUT /api/Property/${LISTING_ID}/Media/Order`)[0]!.body).toEqual({
      MediaIds: [c!.Id, a!.Id, b!.Id],
    });
  });

  it('puts the former order back when the order cannot be saved', async () => {
    const [a, b] = [mediaItem(1), mediaItem(1)];
    server = installMediaServer(fetchMock, [a!, b!]);
    const answerOthers = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      const request = input instanceof Request ? input : new Request(String(input), init);
      if (request.url.endsWith('/Media/Order')) return new Response('{}', { status: 500 });
      return answerOthers(input, init);
    });
    renderStep();
    await screen.findByRole('heading', { name: '2 foto caricate' });
    fireEvent.click(screen.getByRole('button', { name: 'Sposta Foto 2 prima' }));
    expect(await screen.findByText('Non siamo riusciti a salvare il nuovo ordine. Riprova.')).toBeTruthy();
    const rows = screen.getAllByRole('listitem').filter((row) => row.dataset.mediaId);
    expect(rows.map((row) => Number(row.dataset.mediaId))).toEqual([a!.Id, b!.Id]);
  });

  it('makes another photo the cover', async () => {
    const [a, b] = [mediaItem(1), mediaItem(1)];
    server = installMediaServer(fetchMock, [a!, b!]);
    renderStep();
    await screen.findByRole('heading', { name: '2 foto caricate' });
    expect(screen.queryByRole('button', { name: 'Usa Foto 1 come copertina' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Usa Foto 2 come copertina' }));
    expect(await screen.findByText('Foto 2 è ora la copertina.')).toBeTruthy();
    expect(server.api.sent(`PUT /api/Property/${LISTING_ID}/Media/${b!.Id}/Cover`)).toHaveLength(1);
    const rows = screen.getAllByRole('listitem').filter((row) => row.dataset.mediaId);
    expect(Number(rows[0]!.dataset.mediaId)).toBe(b!.Id);
    expect(within(rows[0]!).getByText('Copertina')).toBeTruthy();
  });

  it('asks before deleting a photo, and deletes it only when confirmed', async () => {
    const [a, b] = [mediaItem(1), mediaItem(1)];
    server = installMediaServer(fetchMock, [a!, b!]);
    const { onAnswer } = renderStep();
    await screen.findByRole('heading', { name: '2 foto caricate' });
    fireEvent.click(screen.getByRole('button', { name: 'Elimina Foto 1' }));
    let dialog = screen.getByRole('dialog', { name: 'Eliminare questa foto?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annulla' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.api.calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Elimina Foto 1' }));
    dialog = screen.getByRole('dialog', { name: 'Eliminare questa foto?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Elimina' }));
    expect(await screen.findByRole('heading', { name: '1 foto caricata' })).toBeTruthy();
    expect(server.api.sent(`DELETE /api/Property/${LISTING_ID}/Media/${a!.Id}`)).toHaveLength(1);
    expect(screen.getByText('Foto 1 eliminata.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continua' }));
    expect(onAnswer).toHaveBeenCalledWith({ photoCount: 1 });
  });

  it('offers the camera as its own button on a touch screen', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(pointer: coarse)',
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    renderStep();
    expect(await screen.findByRole('button', { name: 'Scatta una foto' })).toBeTruthy();
    // No dragging on a touch screen: no invitation to drag.
    expect(screen.queryByText('Trascina qui le foto')).toBeNull();
    const camera = screen.getByTestId('camera-input');
    expect(camera.getAttribute('capture')).toBe('environment');
    expect(camera.getAttribute('accept')).toBe('image/*');
    fireEvent.change(camera, { target: { files: [jpeg('scatto.jpg')] } });
    await waitFor(() => expect(FakeXhr.all).toHaveLength(1));
    expect(FakeXhr.all[0]!.files[0]!.name).toBe('scatto.jpg');
  });

  it('takes photos dropped on the drop area', async () => {
    renderStep();
    const zone = await screen.findByTestId('dropzone-photo');
    fireEvent.drop(zone, { dataTransfer: { types: ['Files'], files: [jpeg('trascinata.jpg')] } });
    await waitFor(() => expect(FakeXhr.all).toHaveLength(1));
    expect(FakeXhr.all[0]!.files[0]!.name).toBe('trascinata.jpg');
  });

  it('shows the page’s error and its busy submit', async () => {
    renderStep({ busy: true, error: 'Non siamo riusciti a salvare. Riprova.' });
    await screen.findByRole('button', { name: 'Scegli le foto' });
    expect(screen.getByRole('alert').textContent).toContain('Non siamo riusciti a salvare. Riprova.');
    expect((screen.getByRole('button', { name: 'Salvataggio in corso…' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('stops a photo still being sent when the seller leaves the step', async () => {
    const { unmount } = renderStep();
    await screen.findByRole('button', { name: 'Scegli le foto' });
    choose([jpeg('soggiorno.jpg')]);
    await waitFor(() => expect(FakeXhr.all).toHaveLength(1));
    expect(FakeXhr.all[0]!.aborted).toBe(false);
    act(() => unmount());
    expect(FakeXhr.all[0]!.aborted).toBe(true);
  });
});
