import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './fixtures';

// The results pages: reached from a landing's footer link to a demo city, a price filter that
// changes the count and the address, the same state rendered by the server on reload, a card
// that opens its listing, the phone's list/map switch and filter panel, and an area drawn on
// the map that becomes a draw search.

const WIDTHS = [
  { device: 'phone', viewport: { width: 390, height: 844 } },
  { device: 'desktop', viewport: { width: 1440, height: 900 } },
] as const;

async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).exclude('.maplibregl-canvas').analyze();
  const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(blocking.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
    [],
  );
}

/** The count of the heading "37 case in vendita a Milano". */
async function headingCount(page: Page): Promise<number> {
  const text = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
  const match = /^(\d+)\s/.exec(text);
  expect(match, `a count in "${text}"`).not.toBeNull();
  return Number(match![1]);
}

async function openMilanFromTheLanding(page: Page) {
  await page.goto('/comprocasa');
  const link = page.locator('a[href="/vendita/case/milano/milano/015146"]').first();
  // The footer's city lists are folded on a phone.
  if (!(await link.isVisible())) {
    await page.getByText('Case in vendita', { exact: true }).first().click();
  }
  await link.click();
  await expect(page).toHaveURL(/\/vendita\/case\/milano\/milano\/015146$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^\d+ case in vendita a Milano$/);
}

for (const { device, viewport } of WIDTHS) {
  test.describe(`results on a ${device}`, () => {
    test.use({ viewport });

    test('from the landing to Milan, a price filter, and the same results rendered by the server on reload', async ({
      page,
      request,
    }) => {
      await openMilanFromTheLanding(page);
      const before = await headingCount(page);
      expect(before).toBeGreaterThan(1);
      await expect(page.getByRole('list', { name: 'Annunci' }).getByRole('article').first()).toBeVisible();

      await page.getByRole('button', { name: /^Filtri/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Filtri' });
      await dialog.getByRole('group', { name: 'Prezzo' }).getByLabel('Massimo').selectOption('250000');
      await expect(page).toHaveURL(/\?PriceMax=250000$/);
      await expect(dialog.getByRole('button', { name: /^Mostra \d+ risultat/ })).toBeEnabled();
      await dialog.getByRole('button', { name: /^Mostra \d+ risultat/ }).click();
      await expect(dialog).toBeHidden();
      await expect.poll(() => headingCount(page)).toBeLessThan(before);
      const after = await headingCount(page);
      await expect(page.getByRole('button', { name: 'Filtri, 1 attivo' })).toBeVisible();

      // The server renders the same filtered list (no script needed to read it).
      const html = await (await request.get(page.url())).text();
      expect(html).toContain(`${after} case in vendita a Milano`);
      expect((html.match(/data-listing-id=/g) ?? []).length).toBeGreaterThan(0);
      expect(html).toContain('"@type":"ItemList"');
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${after} case in vendita a Milano`);
      await expectAccessible(page);

      // A card opens its listing.
      const card = page
        .getByRole('list', { name: 'Annunci' })
        .getByRole('article')
        .first()
        .getByRole('heading')
        .getByRole('link');
      const href = await card.getAttribute('href');
      expect(href).toMatch(/^\/immobile\/\d+$/);
      await card.click();
      await expect(page).toHaveURL(new RegExp(`${href}$`));
    });
  });
}

test.describe('results on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('switches to the map and back, and opens and closes the filters panel', async ({ page }) => {
    await page.goto('/vendita/case/roma/roma/058091');
    const list = page.getByRole('list', { name: 'Annunci' });
    await expect(list).toBeVisible();
    await page.getByRole('button', { name: 'Mappa', exact: true }).click();
    await expect(page.getByRole('region', { name: 'Mappa dei risultati' })).toBeVisible();
    await expect(list).toBeHidden();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Lista', exact: true }).click();
    await expect(list).toBeVisible();

    await page.getByRole('button', { name: /^Filtri/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Filtri' });
    await expect(dialog).toBeVisible();
    const box = await dialog.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(380);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Chiudi i filtri' }).click();
    await expect(dialog).toBeHidden();

    // Far down the list, a filter applied with "Mostra N risultati" shows the first result.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole('button', { name: /^Filtri/ }).click();
    await dialog.getByRole('group', { name: 'Prezzo' }).getByLabel('Massimo').selectOption('500000');
    await expect(page).toHaveURL(/PriceMax=500000/);
    await expect(dialog.getByRole('button', { name: /^Mostra \d+ risultat/ })).toBeEnabled();
    await dialog.getByRole('button', { name: /^Mostra \d+ risultat/ }).click();
    await expect(dialog).toBeHidden();
    await expect(list.getByRole('article').first()).toBeInViewport();
  });
});

test.describe('results on a desktop', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('an area drawn on the map becomes a draw search', async ({ page }) => {
    await page.goto('/vendita/case/milano/milano/015146');
    const before = await headingCount(page);
    // Once loaded, the map's canvas is the named region.
    const map = page.locator('canvas[aria-label="Mappa dei risultati"]');
    await expect(map).toBeVisible({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Disegna area' }).click();
    const box = (await map.boundingBox())!;
    const at = (x: number, y: number) => ({ x: box.x + box.width * x, y: box.y + box.height * y });
    const points = [at(0.3, 0.3), at(0.7, 0.3), at(0.7, 0.7), at(0.3, 0.7)];
    for (const point of points) {
      await page.mouse.click(point.x, point.y);
      await page.waitForTimeout(150);
    }
    await page.mouse.click(points[0].x, points[0].y);
    await expect(page).toHaveURL(/\/ricerca\?SearchType=draw&Polygon=/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/nell'area disegnata$/);
    await expect.poll(() => headingCount(page)).toBeLessThan(before);
  });
});
