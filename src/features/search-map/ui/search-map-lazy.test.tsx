import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import translations from '../../../../locales/it/search-map.json';
import { I18nProvider } from '@/shared/i18n';
import { testI18n } from '@/shared/lib/test-utils';

// Which heavy modules have been evaluated: a factory runs only when its module is imported.
const loaded = vi.hoisted(() => ({ maplibre: false, mapModule: false }));
vi.mock('maplibre-gl', () => {
  loaded.maplibre = true;
  return {};
});
vi.mock('./search-map', () => {
  loaded.mapModule = true;
  return { default: ({ ariaLabel }: { ariaLabel: string }) => <div data-testid="the-map">{ariaLabel}</div> };
});

const i18n = await testI18n({ 'search-map': translations });
const source = (relative: string) => readFileSync(fileURLToPath(new URL(relative, import.meta.url)), 'utf8');

describe('the public entry of the map slice', () => {
  beforeEach(() => {
    loaded.maplibre = false;
    loaded.mapModule = false;
  });

  it('has no static import of maplibre or of the map module', () => {
    for (const file of ['../index.ts', './search-map-lazy.tsx']) {
      const code = source(file);
      expect(code).not.toMatch(/from\s+['"]maplibre-gl/);
      expect(code).not.toMatch(/import\s+['"]maplibre-gl/);
      expect(code).not.toMatch(/from\s+['"]\.\/(ui\/)?search-map['"]/);
    }
    expect(source('./search-map-lazy.tsx')).toMatch(/import\(['"]\.\/search-map['"]\)/);
  });

  it('loads neither maplibre nor the map module when imported', async () => {
    const slice = await import('../index');
    expect(typeof slice.SearchMap).toBe('function');
    expect(loaded).toEqual({ maplibre: false, mapModule: false });
  });

  it('renders an empty named box on the server, without loading the map', async () => {
    const { SearchMap } = await import('../index');
    const html = renderToString(
      <I18nProvider i18n={i18n}>
        <SearchMap markers={[]} ariaLabel="Mappa dei risultati" className="map-box" />
      </I18nProvider>,
    );
    expect(html).toContain('aria-label="Mappa dei risultati"');
    expect(html).toContain('aria-busy="true"');
    expect(html).toContain('map-box');
    expect(html).not.toContain('the-map');
    expect(loaded.mapModule).toBe(false);
  });

  it('loads the map module in the browser and shows it in place of the box', async () => {
    const { SearchMap } = await import('../index');
    render(
      <I18nProvider i18n={i18n}>
        <SearchMap markers={[]} ariaLabel="Mappa dei risultati" />
      </I18nProvider>,
    );
    expect((await screen.findByTestId('the-map')).textContent).toBe('Mappa dei risultati');
    expect(loaded.mapModule).toBe(true);
  });
});

describe('a map module that fails to load', () => {
  it('leaves a message in the box, not a broken page', async () => {
    vi.resetModules();
    // React reports the caught failure on the console; the boundary is what is tested.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.doMock('./search-map', () => {
      throw new Error('chunk failed');
    });
    const { SearchMap } = await import('../index');
    // The modules were reset: the slice reads the translator of a fresh @/shared/i18n.
    const { I18nProvider: FreshI18nProvider } = await import('@/shared/i18n');
    render(
      <FreshI18nProvider i18n={i18n}>
        <SearchMap markers={[]} ariaLabel="Mappa dei risultati" />
      </FreshI18nProvider>,
    );
    expect((await screen.findByRole('status')).textContent).toMatch(/La mappa non è disponibile/);
    expect(screen.getByRole('region', { name: 'Mappa dei risultati' })).toBeTruthy();
  });
});
