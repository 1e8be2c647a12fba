import type { Response } from '@playwright/test';
import { expect, test } from './fixtures';

// Without TILE_URL (as the e2e server runs) the results map draws Rexer's own basemap: vector
// tiles of Italy's outlines and of the places' names, served by /api/Map/Tiles.

/** The names in the tiles the map loaded so far (label values are plain strings in a tile). */
function namesIn(tiles: Buffer[], names: string[]): string[] {
  const text = tiles.map((tile) => tile.toString('latin1')).join('\n');
  return names.filter((name) => text.includes(name));
}

test.describe('the results map without TILE_URL', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('draws the outlines and names of the places around Milan, and of Lombardy far out', async ({ page }) => {
    const tiles: Buffer[] = [];
    const pending: Promise<void>[] = [];
    page.on('response', (response: Response) => {
      if (!/\/api\/Map\/Tiles\/\d+\/\d+\/\d+$/.test(response.url()) || response.status() !== 200) return;
      // A tile still arriving when the test ends has no body to read: not a failure.
      pending.push(
        response.body().then(
          (body) => void tiles.push(body),
          () => undefined,
        ),
      );
    });
    await page.goto('/vendita/case/milano/milano/015146');
    const map = page.locator('canvas[aria-label="Mappa dei risultati"]');
    await expect(map).toBeVisible({ timeout: 15_000 });
    await expect(page.locator('[data-basemap="drawn"]')).toBeVisible();
    await expect(page.getByText('Mappa semplificata: confini e nomi dei luoghi, senza le strade.')).toBeVisible();
    await expect(page.getByText(/ISTAT, openpolis/)).toBeAttached();

    // Close in: the town and its districts' areas and names (tile layers and label values).
    await expect
      .poll(async () => (await Promise.all(pending), namesIn(tiles, ['Milano', 'Brera', 'districts', 'land'])))
      .toEqual(['Milano', 'Brera', 'districts', 'land']);

    // Far out: the region borders and the regions' names.
    tiles.length = 0;
    for (let i = 0; i < 6; i++) await page.getByRole('button', { name: 'Riduci lo zoom' }).click();
    await expect
      .poll(async () => (await Promise.all(pending), namesIn(tiles, ['Lombardia', 'Piemonte', 'boundaries'])))
      .toEqual(['Lombardia', 'Piemonte', 'boundaries']);
  });
});
