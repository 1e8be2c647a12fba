import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';

// Which heavy modules have been evaluated: a factory runs only when its module is imported.
const loaded = vi.hoisted(() => ({ maplibre: false }));
vi.mock('maplibre-gl', () => {
  loaded.maplibre = true;
  return {};
});

const source = (relative: string) => readFileSync(fileURLToPath(new URL(relative, import.meta.url)), 'utf8');

describe('the map of the location picker loads on demand', () => {
  it('is reached only through a dynamic import', () => {
    for (const file of [
      '../index.ts',
      './pin-map-lazy.tsx',
      './location-picker.tsx',
      './locality-step.tsx',
      './municipality-combobox.tsx',
    ]) {
      const code = source(file);
      expect(code).not.toMatch(/from\s+['"]maplibre-gl/);
      expect(code).not.toMatch(/import\s+['"]maplibre-gl/);
      expect(code).not.toMatch(/^import\s+(?!type\b)[^;]*from\s+['"]\.\/(ui\/)?pin-map['"]/m);
    }
    expect(source('./pin-map-lazy.tsx')).toMatch(/import\(['"]\.\/pin-map['"]\)/);
    expect(source('./load-locality-step.ts')).toMatch(/import\(['"]\.\/locality-step['"]\)/);
  });

  it('loads no maplibre when the slice and the step are imported', async () => {
    const slice = await import('../index');
    const step = await slice.loadLocalityStep();
    expect(typeof step.default).toBe('function');
    expect(typeof slice.LocationPicker).toBe('function');
    expect(loaded.maplibre).toBe(false);
  });
});
