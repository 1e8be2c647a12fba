import { expect, test, type Page } from './fixtures';

// A renter's filters: pets and furnishing narrow a rent search in Milan, the address keeps them (a reload
// renders the same filtered results from the server), and every card says who publishes it.

const WIDTHS = [
  { device: 'phone', viewport: { width: 390, height: 844 } },
  { device: 'desktop', viewport: { width: 1440, height: 900 } },
] as const;

/** The count of the heading "37 case in affitto a Milano". */
async function headingCount(page: Page): Promise<number> {
  const text = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
  const match = /^(\d+)\s/.exec(text);
  expect(match, `a count in "${text}"`).not.toBeNull();
  return Number(match![1]);
}

for (const { device, viewport } of WIDTHS) {
  test.describe(`rent filters on a ${device}`, () => {
    test.use({ viewport });

    test('pets and furnishing narrow the rents, a reload keeps them, and each card says who publishes', async ({
      page,
    }) => {
      await page.goto('/affitto/case/milano/milano/015146');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^\d+ case in affitto a Milano$/);
      const before = await headingCount(page);
      expect(before).toBeGreaterThan(2);

      // Every card names its publisher: a private owner, or the agency.
      const publishers = page.getByRole('list', { name: 'Annunci' }).getByTestId('listing-publisher');
      await expect(publishers.first()).toBeVisible();
      const names = await publishers.allTextContents();
      expect(names.length).toBeGreaterThan(0);
      for (const name of names) expect(name).toMatch(/^Pubblicato da: (Privato|Agenzia .+)$/);

      await page.getByRole('button', { name: /^Filtri/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Filtri' });
      const rent = dialog.getByTestId('rent-filters');
      // The box follows the address (a controlled input): click, then the address and the box change.
      await rent.getByLabel('Animali ammessi').click();
      await expect(page).toHaveURL(/[?&]Pets=true(&|$)/);
      await expect(rent.getByLabel('Animali ammessi')).toBeChecked();
      await expect(dialog.getByRole('button', { name: /^Mostra \d+ risultat/ })).toBeEnabled();
      await dialog.getByRole('button', { name: /^Mostra \d+ risultat/ }).click();
      await expect(dialog).toBeHidden();
      await expect.poll(() => headingCount(page)).toBeLessThan(before);
      const withPets = await headingCount(page);
      expect(withPets).toBeGreaterThan(0);

      await page.getByRole('button', { name: /^Filtri/ }).click();
      await rent.getByRole('group', { name: 'Arredamento' }).getByLabel('Arredato', { exact: true }).click();
      await expect(page).toHaveURL(/[?&]Furnishing=1(&|$)/);
      await dialog.getByRole('button', { name: /^Mostra \d+ risultat/ }).click();
      await expect(dialog).toBeHidden();
      await expect.poll(() => headingCount(page)).toBeLessThan(withPets);
      const furnishedWithPets = await headingCount(page);

      // The address holds the filters: the server renders the same results, the panel the same boxes.
      await page.reload();
      await expect.poll(() => headingCount(page)).toBe(furnishedWithPets);
      await page.getByRole('button', { name: /^Filtri/ }).click();
      await expect(rent.getByLabel('Animali ammessi')).toBeChecked();
      await expect(
        rent.getByRole('group', { name: 'Arredamento' }).getByLabel('Arredato', { exact: true }),
      ).toBeChecked();
    });
  });
}
