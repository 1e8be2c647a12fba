import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StepView } from '@/features/wizard-step-views/model/step-view';
import { I18nProvider } from '@/shared/i18n';
import { fakeApi, testI18n } from '@/shared/lib/test-utils';
import { StepFocusContext } from '@/shared/ui/step-form';
import common from '../../../../locales/it/common.json';
import translations from '../../../../locales/it/pick-location.json';
import type { LocalityAnswer } from '../model/location';
import LocalityStep from './locality-step';

// jsdom has no WebGL: a stand-in for the parts of maplibre the pin map drives, so the real
// pin map (ui/pin-map.tsx, loaded on demand) runs: its pin is a button in the page.
const fake = vi.hoisted(() => {
  type Listener = (event: { lngLat?: { lat: number; lng: number } }) => void;
  class Emitter {
    listeners = new Map<string, Set<Listener>>();
    on(type: string, listener: Listener) {
      if (!this.listeners.has(type)) this.listeners.set(type, new Set());
      this.listeners.get(type)!.add(listener);
      return this;
    }
    fire(type: string, event: { lngLat?: { lat: number; lng: number } } = {}) {
      for (const listener of [...(this.listeners.get(type) ?? [])]) listener(event);
    }
  }
  class FakeMap extends Emitter {
    static last: FakeMap | undefined;
    options: Record<string, unknown>;
    canvasContainer = document.createElement('div');
    touchZoomRotate = { disableRotation: () => undefined };
    keyboard = { disableRotation: () => undefined };
    panned: unknown[] = [];
    constructor(options: Record<string, unknown>) {
      super();
      this.options = options;
      (options.container as HTMLElement).append(this.canvasContainer);
      FakeMap.last = this;
    }
    getZoom() {
      return 15;
    }
    getBounds() {
      return { contains: () => false };
    }
    panTo(to: unknown) {
      this.panned.push(to);
    }
    remove() {
      this.canvasContainer.remove();
    }
  }
  class FakeMarker extends Emitter {
    static all: FakeMarker[] = [];
    element: HTMLElement;
    draggable: boolean;
    lngLat = { lng: 0, lat: 0 };
    constructor(options: { element: HTMLElement; draggable?: boolean }) {
      super();
      this.element = options.element;
      this.draggable = options.draggable ?? false;
      FakeMarker.all.push(this);
    }
    setLngLat(to: [number, number] | { lng: number; lat: number }) {
      this.lngLat = Array.isArray(to) ? { lng: to[0], lat: to[1] } : { lng: to.lng, lat: to.lat };
      return this;
    }
    getLngLat() {
      return this.lngLat;
    }
    addTo(map: FakeMap) {
      map.canvasContainer.append(this.element);
      return this;
    }
    getElement() {
      return this.element;
    }
  }
  return { FakeMap, FakeMarker };
});

vi.mock('maplibre-gl', () => ({ Map: fake.FakeMap, Marker: fake.FakeMarker, setWorkerUrl: () => undefined }));
// The build's URLs of maplibre's files: any URL will do here.
vi.mock('maplibre-gl/dist/maplibre-gl.css?url', () => ({ default: '/assets/maplibre-gl.css' }));
vi.mock('maplibre-gl/dist/maplibre-gl-worker.mjs?url', () => ({ default: '/assets/maplibre-gl-worker.mjs' }));

// The step view contract: this view is a StepView<'locality'> (a type error here fails `tsc`).
const LOCALITY_VIEW: StepView<'locality'> = LocalityStep;

const fetchMock = vi.hoisted(() => {
  const mock = vi.fn<typeof fetch>();
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
});

const i18n = await testI18n({ 'pick-location': translations, common });

const town = (istat: string, name: string, sigla: string, latitude: number, longitude: number) => ({
  Kind: 'town',
  Id: istat,
  Name: name,
  Detail: sigla,
  Latitude: latitude,
  Longitude: longitude,
  Params: { SearchType: 'town', Town: istat },
});
const PLACES: Record<string, unknown[]> = {
  bo: [
    town('037006', 'Bologna', 'BO', 44.4938, 11.3387),
    {
      Kind: 'province',
      Id: 'bologna',
      Name: 'Provincia di Bologna',
      Detail: 'BO, Emilia-Romagna',
      Latitude: 44.5,
      Longitude: 11.3,
      Params: {},
    },
    town('021008', 'Bolzano', 'BZ', 46.4983, 11.3548),
  ],
  bol: [town('037006', 'Bologna', 'BO', 44.4938, 11.3387), town('021008', 'Bolzano', 'BZ', 46.4983, 11.3548)],
  xyz: [],
};

/** The streets whose position the product knows, by town and street typed. */
const STREETS: Record<string, { Latitude: number; Longitude: number; Precision: 'street' | 'number' }> = {
  '037006 via rizzoli': { Latitude: 44.4939, Longitude: 11.3452, Precision: 'street' },
};

let api: ReturnType<typeof fakeApi>;

beforeEach(() => {
  fetchMock.mockReset();
  api = fakeApi(fetchMock, {
    'GET /api/config': [200, { TileUrl: null, BasemapPmtilesUrl: null }],
    'GET /api/Map/StreetPosition': ({ query }) => [
      200,
      { Position: STREETS[`${query.get('MunicipalityIstat')} ${query.get('Street')?.toLowerCase()}`] ?? null },
    ],
    'GET /api/Search/Places': ({ query }) => [200, { Items: PLACES[(query.get('Text') ?? '').toLowerCase()] ?? [] }],
    'GET /api/Search/Listings': ({ query }) =>
      query.get('Town') === '037006'
        ? [
            200,
            {
              Total: 0,
              Items: [],
              NextCursor: null,
              Markers: { Zoom: 12, Points: [] },
              Area: {
                Kind: 'town',
                Name: 'Bologna',
                Center: { Latitude: 44.4938, Longitude: 11.3387 },
                RadiusM: null,
                Polygon: null,
                Bounds: null,
              },
            },
          ]
        : [404, { ExceptionType: 404, ExceptionTypeString: 'UnknownPlace' }],
  });
});
afterEach(() => {
  cleanup();
  fake.FakeMap.last = undefined;
  fake.FakeMarker.all = [];
});

function renderStep(
  props: { answer?: LocalityAnswer; busy?: boolean; error?: string | null; afterStepChange?: boolean } = {},
) {
  const onAnswer = vi.fn<(answer: LocalityAnswer) => void>();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <StepFocusContext.Provider value={{ focusOnMount: props.afterStepChange ?? false }}>
          <LocalityStep
            step="locality"
            flow="sale"
            answer={props.answer}
            answers={{}}
            listingId={7}
            busy={props.busy ?? false}
            error={props.error ?? null}
            onAnswer={onAnswer}
          />
        </StepFocusContext.Provider>
      </QueryClientProvider>
    </I18nProvider>,
  );
  return { onAnswer };
}

const combobox = () => screen.getByRole('combobox', { name: 'Comune' });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Continua' }));

/** Opens the map and waits for its pin (jsdom loads no stylesheet: it is declared loaded). */
async function openMap() {
  fireEvent.click(screen.getByRole('button', { name: /la posizione sulla mappa$/ }));
  await waitFor(() => expect(document.head.querySelector('link[rel="stylesheet"]')).not.toBeNull());
  document.head.querySelector('link[rel="stylesheet"]')!.dispatchEvent(new Event('load'));
  return screen.findByRole('button', { name: /^Segnaposto dell'immobile/ });
}

const pinMarker = () => fake.FakeMarker.all.find((m) => m.draggable)!;

async function pickBologna() {
  const input = combobox();
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: 'Bol' } });
  await screen.findByRole('option', { name: /Bologna/ });
  fireEvent.keyDown(input, { key: 'ArrowDown' });
  fireEvent.keyDown(input, { key: 'Enter' });
}

describe('LocalityStep', () => {
  it('asks one question with its heading, which takes the focus when the frame changes step', () => {
    expect(LOCALITY_VIEW).toBe(LocalityStep);
    renderStep({ afterStepChange: true });
    const heading = screen.getByRole('heading', { level: 1, name: "Dove si trova l'immobile?" });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByRole('group', { name: "Cosa mostriamo nell'annuncio?" })).toBeTruthy();
  });

  it('suggests only towns from what the seller types, and picks one with the arrows and Enter', async () => {
    renderStep();
    const input = combobox();
    expect(input.getAttribute('aria-expanded')).toBe('false');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'bo' } });
    const listbox = await screen.findByRole('listbox', { name: 'Comuni trovati' });
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['BolognaBO', 'BolzanoBZ']);
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(input.getAttribute('aria-controls')).toBe(listbox.id);
    expect(await screen.findByText('2 comuni trovati: usa le frecce per sceglierne uno.')).toBeTruthy();

    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    const bolzano = screen.getByRole('option', { name: /Bolzano/ });
    expect(bolzano.getAttribute('aria-selected')).toBe('true');
    expect(input.getAttribute('aria-activedescendant')).toBe(bolzano.id);
    // Up from the first wraps to the last; Down from the last to the first.
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(screen.getByRole('option', { name: /Bologna/ }).getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(screen.getByRole('option', { name: /Bolzano/ }).getAttribute('aria-selected')).toBe('true');

    fireEvent.keyDown(input, { key: 'Enter' });
    expect((input as HTMLInputElement).value).toBe('Bolzano (BZ)');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(api.sent('GET /api/Search/Places').at(-1)?.query.get('Limit')).toBe('20');
  });

  it('closes the list with Escape, clears the text with a second Escape, and picks with a tap', async () => {
    renderStep();
    const input = combobox();
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'bol' } });
    await screen.findByRole('option', { name: /Bologna/ });
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect((input as HTMLInputElement).value).toBe('bol');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect((input as HTMLInputElement).value).toBe('');

    fireEvent.change(input, { target: { value: 'bol' } });
    fireEvent.mouseDown(await screen.findByRole('option', { name: /Bologna/ }));
    expect((input as HTMLInputElement).value).toBe('Bologna (BO)');
  });

  it('picks the town whose exact name was typed when the seller leaves the box', async () => {
    renderStep();
    const input = combobox();
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'bologna' } });
    PLACES.bologna = [town('037006', 'Bologna', 'BO', 44.4938, 11.3387), town('037007', 'Bolognano', 'PE', 42.2, 13.9)];
    await screen.findByRole('option', { name: /Bolognano/ });
    fireEvent.blur(input);
    expect((input as HTMLInputElement).value).toBe('Bologna (BO)');
    submit();
    expect(screen.queryByText("Scegli il comune dall'elenco.")).toBeNull();
  });

  it('says when no town matches, and asks for two letters first', async () => {
    renderStep();
    const input = combobox();
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'b' } });
    expect(await screen.findByText('Scrivi almeno 2 lettere.')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'xyz' } });
    expect(
      (await screen.findAllByText('Nessun comune inizia con «xyz». Controlla come è scritto.')).length,
    ).toBeGreaterThan(0);
    expect(api.sent('GET /api/Search/Places').map((c) => c.query.get('Text'))).toEqual(['xyz']);
  });

  it('refuses to go on without the town, the street, the number and the pin, with a message for each', async () => {
    const { onAnswer } = renderStep();
    submit();
    expect(screen.getByText("Scegli il comune dall'elenco.")).toBeTruthy();
    expect(screen.getByText('Scrivi la via o la piazza.')).toBeTruthy();
    expect(screen.getByText("Scrivi il numero civico (oppure «snc» se non c'è).")).toBeTruthy();
    // No town, no map: the seller is not asked for a pin yet.
    expect(screen.queryByText("Indica la posizione dell'immobile sulla mappa.")).toBeNull();
    expect(combobox().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Via o piazza').getAttribute('aria-describedby')).toMatch(/error/);
    await waitFor(() => expect(document.activeElement).toBe(combobox()));
    expect(onAnswer).not.toHaveBeenCalled();
  });

  it('places the pin itself from the typed address: the town’s centre, then the street’s known position; Continua needs no map', async () => {
    const { onAnswer } = renderStep();
    await pickBologna();
    expect(screen.getByText(/Il segnaposto è al centro di Bologna\. L'abbiamo messo noi dall'indirizzo/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Via o piazza'), { target: { value: 'Via Rizzoli' } });
    fireEvent.change(screen.getByLabelText('Numero civico'), { target: { value: '3' } });
    expect(
      await screen.findByText(/Il segnaposto è in Via Rizzoli, a Bologna\./, undefined, { timeout: 3000 }),
    ).toBeTruthy();
    expect(api.sent('GET /api/Map/StreetPosition').at(-1)?.query.get('MunicipalityIstat')).toBe('037006');
    expect(fake.FakeMap.last).toBeUndefined();
    submit();
    expect(onAnswer).toHaveBeenCalledWith({
      municipalityIstat: '037006',
      street: 'Via Rizzoli',
      streetNumber: '3',
      latitude: 44.4939,
      longitude: 11.3452,
      showAddress: true,
    });

    // The map opens on that pin, and a pin the seller moves stays where they put it.
    const pin = await openMap();
    expect(pinMarker().getLngLat()).toEqual({ lng: 11.3452, lat: 44.4939 });
    expect(pin.getAttribute('aria-label')).toMatch(/Il segnaposto è in Via Rizzoli/);
    act(() => fake.FakeMap.last!.fire('click', { lngLat: { lat: 44.495, lng: 11.344 } }));
    fireEvent.change(screen.getByLabelText('Numero civico'), { target: { value: '5' } });
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(pinMarker().getLngLat()).toEqual({ lng: 11.344, lat: 44.495 });
    submit();
    expect(onAnswer).toHaveBeenLastCalledWith(
      expect.objectContaining({ streetNumber: '5', latitude: 44.495, longitude: 11.344 }),
    );
  });

  it('opens the map on the town’s centre, and hands over the address, the pin dragged and the display choice', async () => {
    const { onAnswer } = renderStep();
    expect(screen.getByText('Scegli prima il comune: la mappa si apre sul suo centro.')).toBeTruthy();
    await pickBologna();
    fireEvent.change(screen.getByLabelText('Via o piazza'), { target: { value: ' Via Rizzoli ' } });
    fireEvent.change(screen.getByLabelText('Numero civico'), { target: { value: '3' } });
    expect(fake.FakeMap.last).toBeUndefined();

    const pin = await openMap();
    expect(pin.getAttribute('aria-label')).toBe(
      "Segnaposto dell'immobile. Il segnaposto è al centro di Bologna. Usa le frecce per spostarlo, con Maiusc per spostarlo di più.",
    );
    expect(fake.FakeMap.last!.options.center).toEqual([11.3387, 44.4938]);
    expect(pinMarker().getLngLat()).toEqual({ lng: 11.3387, lat: 44.4938 });

    // A drag ends where the seller lets go.
    act(() => {
      pinMarker().setLngLat({ lng: 11.3427, lat: 44.4968 });
      pinMarker().fire('dragend');
    });
    expect(await screen.findByText(/Il segnaposto è a \d+ metri a nord-est del centro di Bologna\./)).toBeTruthy();
    fireEvent.click(screen.getByLabelText(/Solo la zona/));
    submit();
    expect(onAnswer).toHaveBeenCalledWith({
      municipalityIstat: '037006',
      street: 'Via Rizzoli',
      streetNumber: '3',
      latitude: 44.4968,
      longitude: 11.3427,
      showAddress: false,
    });
  });

  it('moves the pin with the arrow keys and with a tap on the map', async () => {
    const { onAnswer } = renderStep();
    await pickBologna();
    fireEvent.change(screen.getByLabelText('Via o piazza'), { target: { value: 'Via Rizzoli' } });
    fireEvent.change(screen.getByLabelText('Numero civico'), { target: { value: '3' } });
    const pin = await openMap();
    pin.focus();
    fireEvent.keyDown(pin, { key: 'ArrowUp' });
    fireEvent.keyDown(pin, { key: 'ArrowUp', shiftKey: true });
    // 60 px at zoom 15: about 100 m north.
    expect(await screen.findByText(/Il segnaposto è a (9|10|11)0 metri a nord del centro di Bologna\./)).toBeTruthy();
    expect(pin.getAttribute('aria-label')).toMatch(/a (9|10|11)0 metri a nord del centro di Bologna/);
    expect(fake.FakeMap.last!.panned.length).toBe(2);
    act(() => fake.FakeMap.last!.fire('click', { lngLat: { lat: 44.49, lng: 11.33 } }));
    expect(pinMarker().getLngLat()).toEqual({ lng: 11.33, lat: 44.49 });
    submit();
    expect(onAnswer).toHaveBeenCalledWith(expect.objectContaining({ latitude: 44.49, longitude: 11.33 }));
  });

  it('refuses a pin more than 40 km from the town, and puts it back at the centre on request', async () => {
    const { onAnswer } = renderStep();
    await pickBologna();
    fireEvent.change(screen.getByLabelText('Via o piazza'), { target: { value: 'Via Rizzoli' } });
    fireEvent.change(screen.getByLabelText('Numero civico'), { target: { value: '3' } });
    await openMap();
    act(() => fake.FakeMap.last!.fire('click', { lngLat: { lat: 45.4642, lng: 9.19 } }));
    submit();
    expect(
      screen.getByText("Il segnaposto è a più di 40 km dal centro di Bologna: spostalo sull'immobile."),
    ).toBeTruthy();
    expect(onAnswer).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Riporta il segnaposto al centro di Bologna' }));
    expect(screen.queryByText(/più di 40 km/)).toBeNull();
    expect(pinMarker().getLngLat()).toEqual({ lng: 11.3387, lat: 44.4938 });
    submit();
    expect(onAnswer).toHaveBeenCalledWith(
      expect.objectContaining({ latitude: 44.4938, longitude: 11.3387, showAddress: true }),
    );
  });

  it('resumes a saved answer: the town named from its ISTAT code, the pin kept without loading the map', async () => {
    const saved: LocalityAnswer = {
      municipalityIstat: '037006',
      street: 'Via Rizzoli',
      streetNumber: '3',
      latitude: 44.4968,
      longitude: 11.3427,
      showAddress: false,
    };
    const { onAnswer } = renderStep({ answer: saved });
    await waitFor(() => expect((combobox() as HTMLInputElement).value).toBe('Bologna'));
    expect(api.sent('GET /api/Search/Listings')[0]?.query.get('Town')).toBe('037006');
    expect((screen.getByLabelText('Via o piazza') as HTMLInputElement).value).toBe('Via Rizzoli');
    expect(screen.getByText(/Il segnaposto è a \d+ metri a nord-est del centro di Bologna\./)).toBeTruthy();
    expect(fake.FakeMap.last).toBeUndefined();
    expect((screen.getByLabelText(/Solo la zona/) as HTMLInputElement).checked).toBe(true);
    submit();
    expect(onAnswer).toHaveBeenCalledWith(saved);
  });

  it('choosing another town moves the pin to its centre, forgetting the former one', async () => {
    const saved: LocalityAnswer = {
      municipalityIstat: '037006',
      street: 'Via Rizzoli',
      streetNumber: '3',
      latitude: 44.4968,
      longitude: 11.3427,
      showAddress: true,
    };
    const { onAnswer } = renderStep({ answer: saved });
    await waitFor(() => expect((combobox() as HTMLInputElement).value).toBe('Bologna'));
    fireEvent.focus(combobox());
    fireEvent.change(combobox(), { target: { value: 'bol' } });
    fireEvent.mouseDown(await screen.findByRole('option', { name: /Bolzano/ }));
    expect(screen.getByText(/Il segnaposto è al centro di Bolzano\./)).toBeTruthy();
    submit();
    expect(onAnswer).toHaveBeenCalledWith({
      ...saved,
      municipalityIstat: '021008',
      latitude: 46.4983,
      longitude: 11.3548,
    });
  });

  it('disables its submit while the page saves, and shows the page’s error', () => {
    renderStep({ busy: true, error: 'Non siamo riusciti a salvare. Riprova.' });
    expect((screen.getByRole('button', { name: 'Salvataggio in corso…' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('alert').textContent).toContain('Non siamo riusciti a salvare. Riprova.');
  });
});
