import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIMITS } from '@domain/search';
import translations from '../../../../locales/it/search-map.json';
import { I18nProvider } from '@/shared/i18n';
import { testI18n } from '@/shared/lib/test-utils';
import type { SearchMapProps } from '../model/types';

// jsdom has no WebGL: a stand-in for the few parts of maplibre the wrapper drives. Points are
// "projected" as 100 px per degree, so pixel distances are easy to reason about.
const fake = vi.hoisted(() => {
  type Listener = (event: unknown) => void;
  class FakeMap {
    static last: FakeMap | undefined;
    options: Record<string, unknown>;
    listeners = new Map<string, Set<Listener>>();
    sources = new Map<string, { data: unknown; setData(data: unknown): void }>();
    zoom = 10;
    calls: [string, unknown][] = [];
    canvas = document.createElement('canvas');
    canvasContainer: HTMLDivElement;
    doubleClickZoom = {
      enabled: true,
      disable: () => (this.doubleClickZoom.enabled = false),
      enable: () => (this.doubleClickZoom.enabled = true),
    };
    dragPan = {
      enabled: true,
      disable: () => (this.dragPan.enabled = false),
      enable: () => (this.dragPan.enabled = true),
    };
    touchZoomRotate = { disableRotation: () => undefined };
    keyboard = { disableRotation: () => undefined };
    constructor(options: Record<string, unknown>) {
      this.options = options;
      this.canvasContainer = document.createElement('div');
      this.canvasContainer.append(this.canvas);
      (options.container as HTMLElement).append(this.canvasContainer);
      FakeMap.last = this;
      queueMicrotask(() => this.fire('load', {}));
    }
    on(type: string, listener: Listener) {
      if (!this.listeners.has(type)) this.listeners.set(type, new Set());
      this.listeners.get(type)!.add(listener);
      return this;
    }
    once(type: string, listener: Listener) {
      const wrapped = (event: unknown) => {
        this.off(type, wrapped);
        listener(event);
      };
      return this.on(type, wrapped);
    }
    off(type: string, listener: Listener) {
      this.listeners.get(type)?.delete(listener);
      return this;
    }
    fire(type: string, event: object) {
      for (const listener of [...(this.listeners.get(type) ?? [])]) listener({ type, ...event });
    }
    addSource(id: string, spec: { data: unknown }) {
      const source = { data: spec.data, setData: (data: unknown) => (source.data = data) };
      this.sources.set(id, source);
    }
    getSource(id: string) {
      return this.sources.get(id);
    }
    addLayer() {}
    getCanvas() {
      return this.canvas;
    }
    getCanvasContainer() {
      return this.canvasContainer;
    }
    getContainer() {
      return this.options.container as HTMLElement;
    }
    getZoom() {
      return this.zoom;
    }
    getMinZoom() {
      return 3;
    }
    getMaxZoom() {
      return 20;
    }
    getBounds() {
      return { getSouth: () => 45, getWest: () => 9, getNorth: () => 46, getEast: () => 10 };
    }
    project([lng, lat]: [number, number]) {
      const scale = 100 * 2 ** (this.zoom - 10);
      const x = lng * scale;
      const y = -lat * scale;
      return { x, y, dist: (p: { x: number; y: number }) => Math.hypot(p.x - x, p.y - y) };
    }
    easeTo(options: unknown) {
      this.calls.push(['easeTo', options]);
    }
    fitBounds(bounds: unknown) {
      this.calls.push(['fitBounds', bounds]);
    }
    jumpTo(options: unknown) {
      this.calls.push(['jumpTo', options]);
    }
    zoomIn() {
      this.calls.push(['zoomIn', null]);
    }
    zoomOut() {
      this.calls.push(['zoomOut', null]);
    }
    remove() {
      this.canvasContainer.remove();
    }
  }
  class FakeMarker {
    element: HTMLElement;
    anchor: string;
    lngLat: [number, number] = [0, 0];
    constructor(options: { element: HTMLElement; anchor: string }) {
      this.element = options.element;
      this.anchor = options.anchor;
    }
    setLngLat(lngLat: [number, number]) {
      this.lngLat = lngLat;
      return this;
    }
    addTo(map: FakeMap) {
      map.canvasContainer.append(this.element);
      return this;
    }
    getElement() {
      return this.element;
    }
    remove() {
      this.element.remove();
    }
  }
  return { FakeMap, FakeMarker };
});

vi.mock('maplibre-gl', () => ({ Map: fake.FakeMap, Marker: fake.FakeMarker, setWorkerUrl: () => undefined }));

const { default: SearchMapView } = await import('./search-map');
const i18n = await testI18n({ 'search-map': translations });

async function renderMap(props: Partial<SearchMapProps> = {}) {
  const all: SearchMapProps = { markers: [], ariaLabel: 'Mappa dei risultati', ...props };
  const view = render(
    <I18nProvider i18n={i18n}>
      <SearchMapView {...all} />
    </I18nProvider>,
  );
  // jsdom loads no stylesheet: the map waits for maplibre's, so it is declared loaded here.
  document.head.querySelector('link[rel="stylesheet"]')?.dispatchEvent(new Event('load'));
  await screen.findByRole('button', { name: 'Aumenta lo zoom' });
  // The map is on screen; its effects (markers, tools) may still be pending: flush them.
  await act(async () => undefined);
  const map = fake.FakeMap.last!;
  const rerender = (next: Partial<SearchMapProps>) =>
    view.rerender(
      <I18nProvider i18n={i18n}>
        <SearchMapView {...all} {...next} />
      </I18nProvider>,
    );
  return { map, rerender };
}

/** A click on the map at a point, as maplibre reports it. */
function clickAt(map: InstanceType<typeof fake.FakeMap>, lat: number, lng: number, type = 'click') {
  act(() =>
    map.fire(type, {
      lngLat: { lat, lng },
      point: map.project([lng, lat]),
      originalEvent: new MouseEvent(type),
      preventDefault: () => undefined,
    }),
  );
}

afterEach(() => {
  vi.useRealTimers();
});

describe('SearchMapView', () => {
  const listing = { latitude: 45.5, longitude: 9.2, count: 1, propertyId: 42, price: 245_000 };
  const cluster = { latitude: 45, longitude: 8.5, count: 1234, propertyId: null, price: null };

  it('links maplibre stylesheet from this origin and starts on the given bounds, asking for no style URL', async () => {
    const { map } = await renderMap({ fitBounds: { south: 45, west: 9, north: 46, east: 10 } });
    expect(document.head.querySelectorAll('link[rel="stylesheet"]')).toHaveLength(1);
    expect(map.options.bounds).toEqual([
      [9, 45],
      [10, 46],
    ]);
    expect(typeof map.options.style).toBe('object');
  });

  it('moves to new bounds, and not again for the same bounds in a new object', async () => {
    const first = { south: 45, west: 9, north: 46, east: 10 };
    const { map, rerender } = await renderMap({ fitBounds: first });
    rerender({ fitBounds: { ...first } });
    expect(map.calls.filter(([name]) => name === 'fitBounds')).toEqual([]);
    rerender({ fitBounds: { south: 41, west: 12, north: 42, east: 13 } });
    expect(map.calls.filter(([name]) => name === 'fitBounds')).toEqual([
      [
        'fitBounds',
        [
          [12, 41],
          [13, 42],
        ],
      ],
    ]);
  });

  it('shows price tags and count bubbles as buttons with Italian names', async () => {
    await renderMap({ markers: [listing, cluster] });
    const tag = screen.getByRole('button', { name: 'Annuncio a 245.000 €: apri' });
    expect(tag.textContent).toBe('245.000 €');
    const bubble = screen.getByRole('button', { name: '1.234 annunci in questa zona: ingrandisci' });
    expect(bubble.textContent).toBe('1.234');
  });

  it('opens a listing, and zooms into a cluster before telling the page', async () => {
    const onMarkerClick = vi.fn();
    const { map } = await renderMap({ markers: [listing, cluster], onMarkerClick });
    fireEvent.click(screen.getByRole('button', { name: /245\.000/ }));
    expect(onMarkerClick).toHaveBeenLastCalledWith(listing, { atMaxZoom: false });
    expect(map.calls.filter(([name]) => name === 'easeTo')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: /1\.234 annunci/ }));
    expect(onMarkerClick).toHaveBeenLastCalledWith(cluster, { atMaxZoom: false });
    expect(map.calls).toContainEqual(['easeTo', { center: [8.5, 45], zoom: 12 }]);
  });

  it('at the last zoom leaves a cluster where it is and tells the page to list its homes', async () => {
    const onMarkerClick = vi.fn();
    const { map } = await renderMap({ markers: [cluster], onMarkerClick });
    map.zoom = 20;
    fireEvent.click(screen.getByRole('button', { name: /1\.234 annunci/ }));
    expect(onMarkerClick).toHaveBeenLastCalledWith(cluster, { atMaxZoom: true });
    expect(map.calls.filter(([name]) => name === 'easeTo')).toEqual([]);
  });

  it('draws markers that would cover each other as one cluster, and apart again when the zoom leaves room', async () => {
    // Two price tags 50 px apart at zoom 10 (a tag is about 85 px wide), 100 px apart at zoom 11.
    const neighbour = { latitude: 45.5, longitude: 9.7, count: 1, propertyId: 43, price: 310_000 };
    const { map } = await renderMap({ markers: [listing, neighbour, cluster] });
    expect(screen.queryByRole('button', { name: /245\.000/ })).toBeNull();
    expect(screen.getByRole('button', { name: '2 annunci in questa zona: ingrandisci' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '1.234 annunci in questa zona: ingrandisci' })).toBeTruthy();
    map.zoom = 11;
    act(() => map.fire('zoomend', {}));
    expect(screen.getByRole('button', { name: 'Annuncio a 245.000 €: apri' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Annuncio a 310.000 €: apri' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^2 annunci/ })).toBeNull();
  });

  it('keeps unchanged markers and removes those no longer in the answer', async () => {
    const { rerender } = await renderMap({ markers: [listing, cluster] });
    const tag = screen.getByRole('button', { name: /245\.000/ });
    rerender({ markers: [{ ...listing }] });
    expect(screen.getByRole('button', { name: /245\.000/ })).toBe(tag);
    expect(screen.queryByRole('button', { name: /annunci in questa zona/ })).toBeNull();
  });

  it('highlights the selected listing', async () => {
    const { rerender } = await renderMap({ markers: [listing, cluster] });
    const tag = screen.getByRole('button', { name: /245\.000/ });
    const before = tag.className;
    rerender({ markers: [listing, cluster], selectedId: 42 });
    expect(tag.className).not.toBe(before);
    expect(tag.style.zIndex).toBe('2');
  });

  it('zooms with real buttons and reports the move as the visitor’s, once, after the debounce', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const onViewChange = vi.fn();
    const { map } = await renderMap({ onViewChange });
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(onViewChange).toHaveBeenLastCalledWith({
      bounds: { south: 45, west: 9, north: 46, east: 10 },
      zoom: 10,
      byUser: false,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Aumenta lo zoom' }));
    expect(map.calls).toContainEqual(['zoomIn', null]);
    onViewChange.mockClear();
    act(() => {
      map.fire('moveend', {});
      map.fire('moveend', {});
    });
    expect(onViewChange).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(300));
    expect(onViewChange).toHaveBeenCalledTimes(1);
    expect(onViewChange).toHaveBeenLastCalledWith(expect.objectContaining({ byUser: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Riduci lo zoom' }));
    expect(map.calls).toContainEqual(['zoomOut', null]);
  });

  it('without TILE_URL draws Rexer’s own basemap from /api/Map/Tiles, and says discreetly that it has no streets', async () => {
    const { map } = await renderMap({ tileUrl: null });
    expect(screen.getByText('Mappa semplificata: confini e nomi dei luoghi, senza le strade.')).toBeTruthy();
    const style = map.options.style as { sources: Record<string, { tiles?: string[] }>; layers: { id: string }[] };
    expect(style.sources['rexer-basemap']?.tiles).toEqual([`${window.location.origin}/api/Map/Tiles/{z}/{x}/{y}`]);
    expect(style.layers.map((l) => l.id)).toEqual(
      expect.arrayContaining(['land', 'region-border', 'province-border', 'region-label', 'town-label']),
    );
  });

  it('draws the tiles of TILE_URL without the note', async () => {
    const { map } = await renderMap({ tileUrl: 'https://tiles.example.it/{z}/{x}/{y}.png' });
    expect(screen.queryByText(/Mappa semplificata/)).toBeNull();
    expect(JSON.stringify(map.options.style)).toContain('tiles.example.it');
  });

  it('outlines the searched area', async () => {
    const { map } = await renderMap({
      shape: { kind: 'circle', center: { latitude: 45, longitude: 9 }, radiusM: 1000 },
    });
    const data = map.getSource('search-area')!.data as { features: { geometry: { coordinates: number[][][] } }[] };
    expect(data.features[0]!.geometry.coordinates[0]).toHaveLength(65);
  });

  it('draws a polygon by clicks, closed by a click on the first point', async () => {
    const onToolDone = vi.fn();
    const { map } = await renderMap({ tool: 'draw', onToolDone });
    expect(map.doubleClickZoom.enabled).toBe(false);
    clickAt(map, 45, 9);
    clickAt(map, 45, 10);
    clickAt(map, 46, 10);
    expect(screen.getByText(/3 punti/)).toBeTruthy();
    clickAt(map, 45.05, 9.05); // within 18 px of the first point
    expect(onToolDone).toHaveBeenCalledWith({
      kind: 'polygon',
      points: [
        { latitude: 45, longitude: 9 },
        { latitude: 45, longitude: 10 },
        { latitude: 46, longitude: 10 },
      ],
    });
  });

  it('refuses a drawing that crosses itself, and lets the visitor draw again', async () => {
    const onToolDone = vi.fn();
    const { map } = await renderMap({ tool: 'draw', onToolDone });
    clickAt(map, 45, 9);
    clickAt(map, 46, 10);
    clickAt(map, 45, 10);
    clickAt(map, 46, 9);
    fireEvent.click(screen.getByRole('button', { name: 'Chiudi la zona' }));
    expect(onToolDone).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toMatch(/si incrocia/);
    expect(screen.queryByText(/\d punti/)).toBeNull();
  });

  it('closes a polygon on double-click, undoes with Backspace and cancels with Esc', async () => {
    const onToolDone = vi.fn();
    const onToolCancel = vi.fn();
    const { map, rerender } = await renderMap({ tool: 'draw', onToolDone, onToolCancel });
    clickAt(map, 45, 9);
    clickAt(map, 45, 10);
    clickAt(map, 44, 10);
    fireEvent.keyDown(map.getCanvas(), { key: 'Backspace' });
    expect(screen.getByText(/2 punti/)).toBeTruthy();
    clickAt(map, 46, 10);
    clickAt(map, 46, 10); // the double-click's second click adds nothing
    clickAt(map, 46, 10, 'dblclick');
    expect(onToolDone).toHaveBeenCalledWith({
      kind: 'polygon',
      points: [expect.anything(), expect.anything(), { latitude: 46, longitude: 10 }],
    });
    rerender({ tool: 'draw', onToolDone, onToolCancel });
    clickAt(map, 45, 9);
    fireEvent.keyDown(map.getCanvas(), { key: 'Escape' });
    expect(onToolCancel).toHaveBeenCalled();
  });

  it('draws a circle by press and drag, and gives the default radius to a tap', async () => {
    const onToolDone = vi.fn();
    const { map } = await renderMap({ tool: 'circle', onToolDone });
    expect(map.dragPan.enabled).toBe(false);
    clickAt(map, 45, 9, 'mousedown');
    clickAt(map, 45.1, 9, 'mousemove');
    expect(screen.getByText(/Raggio: 11 km/)).toBeTruthy();
    clickAt(map, 45.1, 9, 'mouseup');
    expect(onToolDone).toHaveBeenLastCalledWith({
      kind: 'circle',
      center: { latitude: 45, longitude: 9 },
      radiusM: 11_119,
    });
    clickAt(map, 45, 9, 'touchstart');
    clickAt(map, 45, 9, 'touchend');
    expect(onToolDone).toHaveBeenLastCalledWith({
      kind: 'circle',
      center: { latitude: 45, longitude: 9 },
      radiusM: LIMITS.radiusDefault,
    });
  });

  it('gives the map back its own gestures when the tool ends', async () => {
    const { map, rerender } = await renderMap({ tool: 'circle' });
    rerender({ tool: 'none' });
    expect(map.dragPan.enabled).toBe(true);
    expect(map.doubleClickZoom.enabled).toBe(true);
  });

  it('forgets a drawing the page switched off, points and panel alike', async () => {
    const onToolDone = vi.fn();
    const { map, rerender } = await renderMap({ tool: 'draw', onToolDone });
    clickAt(map, 45, 9);
    clickAt(map, 45, 10);
    expect(screen.getByText(/2 punti/)).toBeTruthy();
    rerender({ tool: 'none', onToolDone });
    rerender({ tool: 'draw', onToolDone });
    await act(async () => undefined);
    expect(screen.queryByText(/\d punt[oi]/)).toBeNull();
    clickAt(map, 46, 10);
    clickAt(map, 46, 11);
    clickAt(map, 47, 11);
    fireEvent.click(screen.getByRole('button', { name: 'Chiudi la zona' }));
    expect(onToolDone).toHaveBeenCalledWith({
      kind: 'polygon',
      points: [expect.objectContaining({ latitude: 46, longitude: 10 }), expect.anything(), expect.anything()],
    });
  });

  it('is a named figure without controls when not interactive', async () => {
    render(
      <I18nProvider i18n={i18n}>
        <SearchMapView markers={[listing]} ariaLabel="Posizione dell'immobile" interactive={false} />
      </I18nProvider>,
    );
    document.head.querySelector('link[rel="stylesheet"]')?.dispatchEvent(new Event('load'));
    expect(await screen.findByRole('figure', { name: "Posizione dell'immobile" })).toBeTruthy();
    await waitFor(() => expect(screen.getByText('245.000 €').tagName).toBe('SPAN'));
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(fake.FakeMap.last!.options.interactive).toBe(false);
    expect(screen.queryByRole('button', { name: 'Aumenta lo zoom' })).toBeNull();
  });
});
