import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './fixtures';

// The search box «Dove vuoi cercare?»: from the buyer landing to Milan's results with the
// keyboard (desktop) or a tap (phone, where the box opens as a full-screen picker), then a
// district and a street from the results page's box, and the recent searches back on the landing.

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

const box = (page: Page) => page.getByRole('combobox', { name: 'Dove vuoi cercare?' });
const suggestions = (page: Page) => page.getByRole('listbox', { name: 'Luoghi suggeriti' });

/** Opens the box and types into it; on a phone the box is then a dialog that covers the screen. */
async function typeInto(page: Page, text: string, phone: boolean) {
  await box(page).click();
  if (phone) {
    const dialog = page.getByRole('dialog', { name: 'Dove vuoi cercare?' });
    await expect(dialog).toBeVisible();
    const size = page.viewportSize()!;
    const bounds = (await dialog.boundingBox())!;
    expect(bounds).toMatchObject({ x: 0, y: 0, width: size.width, height: size.height });
    await expect(dialog.getByRole('button', { name: 'Chiudi' })).toBeVisible();
    await expect(dialog.getByRole('combobox')).toBeFocused();
  }
  await box(page).fill('');
  await box(page).pressSequentially(text);
}

for (const { device, viewport } of WIDTHS) {
  test.describe(`the search box on a ${device}`, () => {
    test.use({ viewport });
    const phone = device === 'phone';

    test('from the buyer landing to Milan, a district and a street, and the recent searches on coming back', async ({
      page,
    }) => {
      // Four pages and three axe checks: on a loaded two-core machine that is past the default minute.
      test.setTimeout(150_000);
      await page.goto('/comprocasa');
      await typeInto(page, 'Mil', phone);
      await expect(box(page)).toHaveAttribute('aria-expanded', 'true');
      const towns = suggestions(page).getByRole('group', { name: 'Comuni' });
      await expect(towns.getByRole('option').first()).toContainText('Milano');
      await expect(towns.getByRole('option').first()).toContainText('comune principale');
      await expectAccessible(page);
      if (phone) {
        await towns.getByRole('option', { name: /^Milano/ }).click();
      } else {
        await box(page).press('ArrowDown');
        await expect(towns.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
        await expect(box(page)).toHaveAttribute(
          'aria-activedescendant',
          (await towns.getByRole('option').first().getAttribute('id'))!,
        );
        await box(page).press('Enter');
      }
      await expect(page).toHaveURL(/\/vendita\/case\/milano\/milano\/015146$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^\d+ case in vendita a Milano$/);
      await expect(page.getByRole('dialog')).toHaveCount(0);

      // A district of a demo city, from the results page's box.
      await typeInto(page, 'Brera', phone);
      await suggestions(page)
        .getByRole('group', { name: 'Zone' })
        .getByRole('option', { name: /^Brera/ })
        .click();
      await expect(page).toHaveURL(/\/case\/brera\/\d+$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^\d+ cas[ae] in vendita .*Brera/);

      // A street: Enter on the text runs the best match, a search around the street.
      await typeInto(page, 'Via Manzoni, Mil', phone);
      await expect(
        suggestions(page)
          .getByRole('group', { name: 'Vie' })
          .getByRole('option', { name: /^Via Manzoni, Milano/ }),
      ).toBeVisible();
      await box(page).press('Enter');
      await expect(page).toHaveURL(/\/ricerca\?SearchType=place&.*Place=Via\+Manzoni%2C\+Milano/);
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Via Manzoni');
      await expectAccessible(page);

      // Back on the landing, the empty box offers the three places, newest first, and can forget them.
      await page.goto('/comprocasa');
      await box(page).click();
      const recent = suggestions(page).getByRole('group', { name: 'Ricerche recenti' });
      await expect(recent.getByRole('option')).toHaveCount(3);
      await expect(recent.getByRole('option').nth(0)).toContainText('Via Manzoni, Milano');
      await expect(recent.getByRole('option').nth(1)).toContainText('Brera');
      await expect(recent.getByRole('option').nth(2)).toContainText('Milano');
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Cancella le ricerche recenti' }).click();
      await expect(recent).toHaveCount(0);
      expect(await page.evaluate(() => window.localStorage.getItem('rexer.search-place.recent'))).toBeNull();
      if (phone) {
        await page.getByRole('button', { name: 'Chiudi' }).click();
        await expect(page.getByRole('dialog')).toHaveCount(0);
      } else {
        await box(page).press('Escape');
        await expect(box(page)).toHaveAttribute('aria-expanded', 'false');
      }
    });
  });
}

test("the box on the renters' landing searches homes for rent", async ({ page }) => {
  await page.goto('/trovocasa');
  await box(page).click();
  await box(page).pressSequentially('Milano');
  await expect(suggestions(page).getByRole('option').first()).toContainText('Milano');
  await box(page).press('Enter');
  await expect(page).toHaveURL(/\/affitto\/case\/milano\/milano\/015146$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^\d+ cas[ae] in affitto a Milano$/);
});
