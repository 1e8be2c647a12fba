import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './fixtures';

// An agency's page (issue 28): from the partner agencies list to a demo agency's page, its
// listings, and its phone revealed on request, at a phone's and a desktop's width.

async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(blocking.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
    [],
  );
}

for (const width of [390, 1440]) {
  test(`an agency's page at ${width} px: from the list, its listings, its phone`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/agenzie/comprocasa');
    await page.getByRole('link', { name: 'Navigli Case Immobiliare', exact: true }).click();
    await expect(page).toHaveURL(/\/agenzie\/navigli-case-immobiliare-milano$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Navigli Case Immobiliare');
    await expect(page.getByText('Agenzia partner')).toBeVisible();
    // The rating its approved reviews give (another test may add one meanwhile).
    await expect(page.getByText(/\d,\d su 5 · \d+ recension[ei]/)).toBeVisible();
    await expect(page.getByRole('img', { name: 'Logo di Navigli Case Immobiliare' })).toBeVisible();

    // Its listings, each a card leading to the listing, and the way to all of them.
    const sale = page.getByTestId('agency-listings-sale');
    await expect(sale.getByRole('listitem').first()).toBeVisible();
    await expect(sale.getByRole('link', { name: /Vedi tutti gli annunci in vendita/ })).toHaveAttribute(
      'href',
      /^\/ricerca\?SearchType=agency&Agency=\d+$/,
    );
    await expect(page.getByRole('link', { name: 'Richiedi una valutazione' })).toHaveAttribute(
      'href',
      '/valutocasa?agenzia=navigli-case-immobiliare-milano',
    );
    await expectAccessible(page);

    // The phone is not on the page until asked for.
    await expect(page.locator('a[href^="tel:"]')).toHaveCount(0);
    await page.getByRole('button', { name: 'Mostra il numero' }).click();
    const phone = page.locator('a[href^="tel:"]');
    await expect(phone).toBeVisible();
    await expect(phone).toHaveText(/^0\d[\d ]+$/);

    // The map loads once its box is on screen, and stays accessible with it.
    await page.getByTestId('agency-map').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('agency-map').getByRole('figure', { name: /Mappa con la posizione/ })).toBeVisible();
    await expectAccessible(page);
  });
}
