import type { LayerSpecification } from 'maplibre-gl';
import { describe, expect, it, vi } from 'vitest';
import { basemapKind, basemapStyle, DRAWN_LAYERS, DRAWN_SOURCE, tileTemplates } from './basemap-style';
import { loadBasemapStyle, streetLayers } from './load-basemap';

const ORIGIN = 'https://www.rexer.example';

describe('basemapStyle', () => {
  it('without TILE_URL draws Rexer’s own basemap: land, borders, districts and the names, from the API’s tiles', () => {
    const style = basemapStyle({ origin: ORIGIN, tileUrl: null });
    expect(Object.keys(style.sources)).toEqual([DRAWN_SOURCE]);
    expect(style.sources[DRAWN_SOURCE]).toMatchObject({
      type: 'vector',
      tiles: [`${ORIGIN}/api/Map/Tiles/{z}/{x}/{y}`],
      maxzoom: 14,
      attribution: expect.stringContaining('ISTAT'),
    });
    const ids = style.layers.map((l) => l.id);
    expect(ids).toEqual(expect.arrayContaining(['background', ...Object.values(DRAWN_LAYERS)]));
    // Names over borders over land.
    expect(ids.indexOf(DRAWN_LAYERS.land)).toBeLessThan(ids.indexOf(DRAWN_LAYERS.regions));
    expect(ids.indexOf(DRAWN_LAYERS.regions)).toBeLessThan(ids.indexOf(DRAWN_LAYERS.townLabels));
    // Nothing to fetch but the tiles: the browser's fonts draw the names.
    expect(style).not.toHaveProperty('glyphs');
    expect(style).not.toHaveProperty('sprite');
  });

  it('names regions far out, provinces in between, then towns and districts', () => {
    const layers = basemapStyle({ origin: ORIGIN }).layers as (LayerSpecification & {
      minzoom?: number;
      maxzoom?: number;
      filter?: unknown;
    })[];
    const byId = (id: string) => layers.find((l) => l.id === id)!;
    expect(byId(DRAWN_LAYERS.regionLabels)).toMatchObject({
      type: 'symbol',
      'source-layer': 'labels',
      maxzoom: 7,
      filter: ['==', ['get', 'kind'], 'region'],
    });
    expect(byId(DRAWN_LAYERS.provinceLabels)).toMatchObject({
      minzoom: 6.5,
      maxzoom: 9,
      filter: ['==', ['get', 'kind'], 'province'],
    });
    expect(byId(DRAWN_LAYERS.townLabels)).toMatchObject({ minzoom: 6.5, filter: ['==', ['get', 'kind'], 'town'] });
    expect(byId(DRAWN_LAYERS.districtLabels)).toMatchObject({
      minzoom: 12,
      filter: ['==', ['get', 'kind'], 'district'],
    });
    expect(byId(DRAWN_LAYERS.townLabels).layout).toMatchObject({ 'text-field': ['get', 'name'] });
  });

  it('with TILE_URL draws its raster tiles, as before', () => {
    const style = basemapStyle({ origin: ORIGIN, tileUrl: 'https://{s}.tiles.example.it/{z}/{x}/{y}.png' });
    expect(style.sources.tiles).toMatchObject({ type: 'raster', tileSize: 256 });
    expect((style.sources.tiles as { tiles: string[] }).tiles).toHaveLength(3);
    expect(style.layers.map((l) => l.id)).toEqual(['background', 'tiles']);
    expect(basemapKind({ tileUrl: 'https://tiles.example.it/tile.png' })).toBe('drawn');
    expect(tileTemplates('  ')).toEqual([]);
  });

  it('with BASEMAP_PMTILES reads the archive through the pmtiles protocol, over TILE_URL', () => {
    const streets: LayerSpecification[] = [{ id: 'roads', type: 'line', source: 'streets', 'source-layer': 'roads' }];
    const style = basemapStyle({
      origin: ORIGIN,
      tileUrl: 'https://tiles.example.it/{z}/{x}/{y}.png',
      pmtilesUrl: '/api/Map/Basemap.pmtiles',
      streetLayers: streets,
    });
    expect(style.sources).toEqual({
      streets: {
        type: 'vector',
        url: `pmtiles://${ORIGIN}/api/Map/Basemap.pmtiles`,
        attribution: expect.stringContaining('OpenStreetMap'),
      },
    });
    expect(style.layers.map((l) => l.id)).toEqual(['background', 'roads']);
  });
});

describe('loadBasemapStyle', () => {
  it('registers the pmtiles protocol once and draws the Protomaps layers in Italian, without icons', async () => {
    const addProtocol = vi.fn();
    const style = await loadBasemapStyle({ origin: ORIGIN, pmtilesUrl: '/api/Map/Basemap.pmtiles' }, addProtocol);
    await loadBasemapStyle({ origin: ORIGIN, pmtilesUrl: '/api/Map/Basemap.pmtiles' }, addProtocol);
    expect(addProtocol).toHaveBeenCalledTimes(1);
    expect(addProtocol.mock.calls[0]![0]).toBe('pmtiles');
    expect(style.layers.length).toBeGreaterThan(20);
    expect(style.layers.every((l) => l.id === 'background' || ('source' in l && l.source === 'streets'))).toBe(true);
    expect(JSON.stringify(style.layers)).not.toContain('icon-image');
    expect(JSON.stringify(style.layers)).toContain('name:it');
  });

  it('loads nothing for the drawn basemap', async () => {
    const addProtocol = vi.fn();
    const style = await loadBasemapStyle({ origin: ORIGIN }, addProtocol);
    expect(addProtocol).not.toHaveBeenCalled();
    expect(Object.keys(style.sources)).toEqual([DRAWN_SOURCE]);
  });

  it('drops only the icons of symbol layers', () => {
    const layers: LayerSpecification[] = [
      {
        id: 'pois',
        type: 'symbol',
        source: 'streets',
        'source-layer': 'pois',
        layout: { 'icon-image': 'x', 'text-field': ['get', 'name'] },
      },
      { id: 'water', type: 'fill', source: 'streets', 'source-layer': 'water' },
    ];
    expect(streetLayers(layers)).toEqual([{ ...layers[0], layout: { 'text-field': ['get', 'name'] } }, layers[1]]);
  });
});
