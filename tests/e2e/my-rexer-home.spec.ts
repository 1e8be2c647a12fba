import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './fixtures';

// MyRexer's home (issue 28): what waits for a demo seller, the way to each, and an unknown
// MyRexer address answered with the same home under a notice, at a phone's and a desktop's width.

async function logIn(page: Page, email: string) {
  await page.goto('/vendocasa');
  await page.getByTestId('login-button').click();
  const dialog = page.getByRole('dialog', { name: 'Accedi a Rexer' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill('Rexer#Demo2025');
  await dialog.getByRole('button', { name: 'Accedi', exact: true }).click();
  await expect(page.getByTestId('account-menu-button')).toBeVisible();
}

async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(blocking.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
    [],
  );
}

for (const width of [390, 1440]) {
  test(`MyRexer's home at ${width} px: what waits, and an unknown address`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await logIn(page, 'venditore@rexer.example');
    await page.goto('/myrexer');
    await expect(page.getByRole('heading', { level: 1, name: 'La tua area MyRexer' })).toBeVisible();
    const menu = page.getByTestId('myrexer-menu');
    await expect(menu.locator('[aria-current="page"]')).toHaveText('Panoramica');

    // The demo seller has visit requests to answer on their listings (the demo buyer's).
    const requests = page.getByTestId('overview-visit-requests');
    await expect(requests).toHaveAttribute('data-waiting', 'true');
    await expect(requests).toContainText(/\d+ richiest[ae] di visita da confermare/);
    for (const id of ['upcoming-visits', 'unread-messages', 'search-news'])
      await expect(page.getByTestId(`overview-${id}`)).toBeVisible();
    await expectAccessible(page);

    await requests.getByRole('link', { name: 'Rispondi alle richieste' }).click();
    await expect(page).toHaveURL(/\/myrexer\/appuntamenti\/0\?ruolo=proprietario$/);

    await page.goto('/myrexer/pagina-che-non-esiste');
    await expect(page.getByText('Questa pagina di MyRexer non esiste')).toBeVisible();
    await expect(page.getByTestId('overview')).toBeVisible();
    await expect(page.getByText(/non ancora disponibile/)).toHaveCount(0);
    await expect(menu.getByRole('link', { name: 'Panoramica' })).toBeVisible();
  });
}

test('MyRexer asks a visitor to log in first', async ({ page }) => {
  await page.goto('/myrexer');
  await expect(page).toHaveURL(/login=1/);
  await expect(page.getByRole('dialog', { name: 'Accedi a Rexer' })).toBeVisible();
});
