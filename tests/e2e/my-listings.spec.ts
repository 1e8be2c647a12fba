import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './fixtures';

// A demo seller's listings at a phone's width (issue 12): the list, a suspension that holds
// after a reload and shows on the public answer, the reactivation, and a sale confirmed in
// its modal. The seller's listings are picked by their status at run time, so a rerun on the
// same database finds listings to act on. The sold listing stays sold (no change undoes it).

const DEMO_PASSWORD = 'Rexer#Demo2025';

async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(blocking.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
    [],
  );
}

const published = (page: Page) =>
  page.getByTestId('my-listing').filter({ has: page.locator('[data-testid="listing-status"][data-status="2"]') });
const row = (page: Page, id: string) => page.locator(`[data-testid="my-listing"][data-listing-id="${id}"]`);

test.describe('my listings on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a seller suspends a listing, finds it suspended after a reload, reactivates it, and marks another sold', async ({
    page,
  }) => {
    await page.goto('/vendocasa');
    await page.goto('/myrexer/annunci');
    const dialog = page.getByRole('dialog', { name: 'Accedi a Rexer' });
    await dialog.getByLabel('Email').fill('venditore@rexer.example');
    await dialog.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await dialog.getByRole('button', { name: 'Accedi', exact: true }).click();
    await expect(page).toHaveURL(/\/myrexer\/annunci$/);
    await expect(page.getByRole('heading', { level: 1, name: 'I miei annunci' })).toBeVisible();
    await expect(published(page).first()).toBeVisible();
    const count = await published(page).count();
    expect(count).toBeGreaterThanOrEqual(2);
    await expectAccessible(page);

    // Suspend the second oldest published listing (the newest are the home page's, which other specs open meanwhile).
    const id = (await published(page)
      .nth(count - 2)
      .getAttribute('data-listing-id'))!;
    await row(page, id).getByTestId('action-SUSPEND').click();
    await expect(row(page, id).getByTestId('listing-status')).toHaveText('Sospeso');
    await expect(page.getByTestId('my-listings-notice')).toContainText('è sospeso');
    await page.reload();
    await expect(row(page, id).getByTestId('listing-status')).toHaveText('Sospeso');
    // The public answer says so too (the page shows it as suspended).
    expect((await (await page.request.get(`/api/Property/${id}`)).json()).Status).toBe(3);

    // The filter tab lists it among the suspended ones.
    await page.getByRole('navigation', { name: 'Filtra per stato' }).getByRole('link', { name: 'Sospesi' }).click();
    await expect(page).toHaveURL(/\/myrexer\/annunci\/sospesi$/);
    await expect(row(page, id)).toBeVisible();

    // Reactivate it from its own page.
    await row(page, id).getByRole('heading').getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/myrexer/annuncio/${id}$`));
    await expect(page.getByTestId('quality')).toBeVisible();
    await expectAccessible(page);
    await page.getByTestId('action-REACTIVATE').click();
    await expect(page.getByTestId('listing-status')).toHaveText('Pubblicato');
    await expect(page.getByTestId('public-page-link')).toHaveAttribute('href', `/immobile/${id}`);
    expect((await (await page.request.get(`/api/Property/${id}`)).json()).Status).toBe(2);

    // Mark the oldest published listing sold, after the confirmation.
    await page.goto('/myrexer/annunci');
    const sold = (await published(page).last().getAttribute('data-listing-id'))!;
    expect(sold).not.toBe(id);
    await row(page, sold).getByTestId('action-MARK_SOLD').click();
    const confirm = page.getByRole('dialog');
    await expect(confirm).toContainText('non comparirà più nelle ricerche');
    await expectAccessible(page);
    await confirm.getByTestId('confirm-status-change').click();
    await expect(confirm).toBeHidden();
    await expect(row(page, sold).getByTestId('listing-status')).toHaveText(/Venduto|Affittato/);
    await page.reload();
    await expect(row(page, sold).getByTestId('listing-status')).toHaveText(/Venduto|Affittato/);
    await expect(row(page, sold).getByTestId('action-SUSPEND')).toHaveCount(0);
  });

  test("another user's listing id shows the not-found page", async ({ page }) => {
    await page.goto('/vendocasa');
    await page.goto('/myrexer/annuncio/1');
    const dialog = page.getByRole('dialog', { name: 'Accedi a Rexer' });
    await dialog.getByLabel('Email').fill('acquirente@rexer.example');
    await dialog.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await dialog.getByRole('button', { name: 'Accedi', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Pagina non trovata' })).toBeVisible();
  });
});
