import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext } from '@playwright/test';
import { expect, test, type Page } from './fixtures';

// A valuation's result and the list of valuations, as their owner and as somebody else sees
// them, at a phone's width and a desktop's.
//
// The valuation is asked through the API with the page's own session (its cookies), as the
// wizard's findComparables does (the wizard itself: valuation-wizard.spec.ts). Everything after
// that is the product as a person meets it.

const PASSWORD = 'Rexer#Demo2025';
const HEADERS = { Portal: '5', 'X-Token-Transport': 'cookie' };
/** A flat near the centre of Milan, where the demo market has comparables for sale. */
const HOME = {
  SellType: 1,
  Latitude: 45.46427,
  Longitude: 9.18951,
  Address: 'Via Torino 40, Milano',
  PropertyTypeId: 1,
  SurfaceM2: 80,
  Rooms: 3,
  Bathrooms: 1,
  Floor: 2,
  BuildingFloors: 5,
  HasLift: true,
  ConditionId: 3,
  EnergyClassId: 6,
};

/** Waits for the app to hydrate (the fixture's page does it on its own; a second context's page does not). */
const hydrated = (page: Page) => page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));

async function logIn(page: Page, email: string) {
  await page.goto('/comprocasa');
  await hydrated(page);
  await page.getByTestId('login-button').click();
  const dialog = page.getByRole('dialog', { name: 'Accedi a Rexer' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Accedi', exact: true }).click();
  await expect(page.getByTestId('account-menu-button')).toBeVisible();
}

/** Asks for a valuation with the page's session; its session token lives 3 s here, so it is renewed first. */
async function valuate(request: APIRequestContext): Promise<number> {
  expect((await request.post('/api/Account/Session', { headers: HEADERS, data: { portal: 5 } })).ok()).toBe(true);
  const response = await request.post('/api/Valuation', { headers: HEADERS, data: HOME });
  expect(response.status()).toBe(201);
  const valuation = (await response.json()) as { Id: number; Outcome: string };
  expect(valuation.Outcome).toBe('estimate');
  return valuation.Id;
}

async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
    [],
  );
}

for (const width of [390, 1440]) {
  test(`at ${width} px the owner sees the estimate and its comparables, finds it in MyRexer; another user gets the not-found page`, async ({
    page,
    browser,
  }) => {
    // A journey over four pages, each checked with axe: about 30 s on a 2-core machine.
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    await logIn(page, 'venditore@rexer.example');
    const id = await valuate(page.request);

    // The server's answer is the page's frame (it has no visitor's cookies): a 200 with its title.
    const html = await (await page.request.get(`/valutocasa/${id}`)).text();
    expect(html).toContain('La valutazione del tuo immobile');

    await page.goto(`/valutocasa/${id}`);
    const estimate = page.getByTestId('valuation-estimate');
    await expect(estimate).toBeVisible();
    await expect(estimate.getByTestId('valuation-point')).toHaveText(/^\d{1,3}(\.\d{3})+\s€$/);
    await expect(estimate.getByTestId('valuation-range')).toHaveText(
      /^da \d{1,3}(\.\d{3})+\s€ a \d{1,3}(\.\d{3})+\s€$/,
    );
    await expect(page.getByText('Una stima automatica, non una perizia')).toBeVisible();
    const comparables = page.getByTestId('comparable');
    expect(await comparables.count()).toBeGreaterThanOrEqual(3);
    const firstLink = comparables.first().getByRole('link', { name: /^Vedi l'annuncio/ });
    await expect(firstLink).toHaveAttribute('href', /^\/immobile\/\d+$/);
    await expectAccessible(page);

    await page.goto('/myrexer/valutazioni');
    const item = page.locator(`[data-testid="valuation-item"][data-valuation-id="${id}"]`);
    await expect(item).toBeVisible();
    await expect(item.getByRole('heading', { name: 'Via Torino 40, Milano' })).toBeVisible();
    await expect(item.getByText('Appartamento di 80 m², in vendita')).toBeVisible();
    await expectAccessible(page);
    await item.getByRole('link', { name: 'Vedi la valutazione di Via Torino 40, Milano' }).click();
    await expect(page).toHaveURL(new RegExp(`/valutocasa/${id}$`));
    await expect(page.getByTestId('valuation-estimate')).toBeVisible();

    // Somebody else: the API answers 404, and the page is the not-found page.
    const other = await browser.newContext({ viewport: { width, height: 900 }, locale: 'it-IT' });
    const otherPage = await other.newPage();
    try {
      await logIn(otherPage, 'acquirente@rexer.example');
      await otherPage.goto(`/valutocasa/${id}`);
      await hydrated(otherPage);
      await expect(otherPage.getByRole('heading', { level: 1 })).toHaveText('Pagina non trovata');
      await expect(otherPage.getByTestId('valuation-estimate')).toHaveCount(0);
      await expectAccessible(otherPage);
    } finally {
      await other.close();
    }
  });
}
