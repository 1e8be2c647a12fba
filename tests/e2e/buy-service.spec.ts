import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './fixtures';

// A demo seller buys «In prima fila» for a published listing from MyRexer, through the offline
// payment provider (issue 12): a refused payment says so and offers to try again; the paid one
// says until when the listing is first in line, My listings marks it, and reloading the page
// the payment came back to charges nothing twice. Once on a phone, once on a desktop, each on
// its own listing (picked at run time among the published ones without a running period).

const DEMO_PASSWORD = 'Rexer#Demo2025';
const FIRST_ROW = 1;

async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(blocking.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
    [],
  );
}

async function logInAsSeller(page: Page) {
  await page.goto('/vendocasa');
  await page.goto('/myrexer/annunci');
  const dialog = page.getByRole('dialog', { name: 'Accedi a Rexer' });
  await dialog.getByLabel('Email').fill('venditore@rexer.example');
  await dialog.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Accedi', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'I miei annunci' })).toBeVisible();
}

/** Published listings without a running first-row period, oldest last. */
const candidates = (page: Page) =>
  page
    .getByTestId('my-listing')
    .filter({ has: page.locator('[data-testid="listing-status"][data-status="2"]') })
    .filter({ hasNot: page.getByTestId('highlighted-until') });

interface ListingOrder {
  OrderId: number;
  Status: string;
  ServiceProducts: { Id: number; Quantity: number }[];
}

const HEADERS = { Portal: '5', 'X-Token-Transport': 'cookie' };

/** An owner's call with the page's session; its session token lives 3 s here, so it is renewed first. */
async function ownerGet<T>(page: Page, path: string): Promise<T> {
  expect((await page.request.post('/api/Account/Session', { headers: HEADERS, data: { portal: 5 } })).ok()).toBe(true);
  const response = await page.request.get(path, { headers: HEADERS });
  expect(response.status()).toBe(200);
  return (await response.json()) as T;
}

async function ordersOf(page: Page, id: string): Promise<ListingOrder[]> {
  return (await ownerGet<{ Items: ListingOrder[] }>(page, `/api/Property/${id}/Orders`)).Items;
}

async function highlightedUntil(page: Page, id: string): Promise<string | null> {
  return (await ownerGet<{ HighlightedUntil: string | null }>(page, `/api/User/GetMyPropertyById/${id}`))
    .HighlightedUntil;
}

for (const { name, width, height, pick } of [
  { name: 'on a phone', width: 390, height: 844, pick: 'first' as const },
  { name: 'on a desktop', width: 1440, height: 900, pick: 'last' as const },
]) {
  test.describe(`buying a service ${name}`, () => {
    test.use({ viewport: { width, height } });

    test('a refused payment says so and is tried again; the paid one puts the listing first in line, once', async ({
      page,
    }) => {
      // Two payments over six pages, four of them checked with axe: about 30 s on a 2-core machine.
      test.setTimeout(90_000);
      await logInAsSeller(page);
      await expect(candidates(page).first()).toBeVisible();
      const row = pick === 'first' ? candidates(page).first() : candidates(page).last();
      const id = (await row.getAttribute('data-listing-id'))!;
      const before = await ordersOf(page, id);

      // My listings → the listing's services.
      await row.getByTestId('buy-services').click();
      await expect(page).toHaveURL(new RegExp(`/myrexer/annuncio/${id}/servizi$`));
      await expect(page.getByRole('heading', { level: 1, name: 'Servizi per il tuo annuncio' })).toBeVisible();
      const firstRow = page.locator(`[data-testid="service"][data-service-id="${FIRST_ROW}"]`);
      await expect(firstRow).toContainText('39,00');
      await expectAccessible(page);

      // The service's page: a double click makes one order, then the payment page.
      await firstRow.getByRole('link', { name: 'Scopri e acquista: In prima fila' }).click();
      await expect(page).toHaveURL(new RegExp(`/myrexer/annuncio/${id}/servizi/${FIRST_ROW}$`));
      await expect(page.getByRole('heading', { level: 1, name: 'In prima fila' })).toBeVisible();
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Acquista e paga 39,00 €' }).dblclick();
      await expect(page).toHaveURL(/\/pagamento\/off_[A-Za-z0-9_-]{32}$/);
      const waiting = (await ordersOf(page, id)).filter(
        (order) => !before.some((known) => known.OrderId === order.OrderId),
      );
      expect(waiting.map((order) => [order.Status, order.ServiceProducts])).toEqual([
        ['pending', [{ Id: FIRST_ROW, Name: 'In prima fila', Quantity: 1, UnitPriceCents: 3900 }]],
      ]);

      // Refused: back on the service's page, nothing charged, a retry.
      await page.getByRole('button', { name: 'Pagamento rifiutato' }).click();
      await expect(page).toHaveURL(
        new RegExp(`/myrexer/annuncio/${id}/servizi/${FIRST_ROW}\\?ordine=${waiting[0]!.OrderId}$`),
      );
      const outcome = page.getByTestId('order-outcome');
      await expect(outcome).toHaveAttribute('data-status', 'failed');
      await expect(outcome).toContainText('Il pagamento non è andato a buon fine');
      await expect(outcome).toContainText('Non ti è stato addebitato nulla');
      await expectAccessible(page);
      expect(await highlightedUntil(page, id)).toBeNull();

      // The retry is a new order; paid, the page says until when.
      await outcome.getByRole('button', { name: 'Riprova il pagamento di 39,00 €' }).click();
      await expect(page).toHaveURL(/\/pagamento\/off_/);
      await page.getByRole('button', { name: 'Paga', exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/myrexer/annuncio/${id}/servizi/${FIRST_ROW}\\?ordine=\\d+$`));
      await expect(outcome).toHaveAttribute('data-status', 'paid');
      await expect(outcome).toContainText('Pagamento riuscito');
      await expect(outcome).toContainText(/In prima fila è attivo fino al \d{1,2} \p{L}+ \d{4}\./u);
      const until = (await page.getByTestId('service-state').textContent())!.replace('Attivo fino al ', '');
      expect(until).toMatch(/^\d{1,2} \p{L}+ \d{4}$/u);
      await expectAccessible(page);
      const paidUntil = await highlightedUntil(page, id);
      expect(new Date(paidUntil!).getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 60 * 60 * 1000);

      // A reload of the return page reads the outcome again and charges nothing.
      await page.reload();
      await expect(outcome).toHaveAttribute('data-status', 'paid');
      await expect(page.getByTestId('service-state')).toHaveText(`Attivo fino al ${until}`);
      expect(await highlightedUntil(page, id)).toBe(paidUntil);
      const after = (await ordersOf(page, id)).filter(
        (order) => !before.some((known) => known.OrderId === order.OrderId),
      );
      expect(after.map((order) => order.Status).sort()).toEqual(['failed', 'paid']);

      // My listings marks the listing first in line until that day.
      await page.goto('/myrexer/annunci');
      await expect(
        page.locator(`[data-testid="my-listing"][data-listing-id="${id}"]`).getByTestId('highlighted-until'),
      ).toHaveText(`In prima fila fino al ${until}`);
    });

    test('the guaranteed sale is explained with its price, on the server and in the browser', async ({ page }) => {
      const html = await (await page.request.get('/vendutogarantito')).text();
      expect(html).toContain('<h1');
      expect(html).toMatch(/1\.490,00(\u00a0|&nbsp;|\s)€/);
      await page.goto('/vendutogarantito');
      await expect(page.getByRole('heading', { level: 1, name: 'Venduto garantito' })).toBeVisible();
      await expect(page.getByTestId('guaranteed-price')).toContainText('1.490,00');
      await expectAccessible(page);
      await page.getByRole('link', { name: 'Metti in vendita la tua casa' }).click();
      await expect(page).toHaveURL(/\/annuncio\/vendocasa$/);
    });
  });
}
