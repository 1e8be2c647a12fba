import { expect, test } from './fixtures';

// The public pages as the server sends them: complete without JavaScript (what a crawler, a
// link preview or a slow phone sees first), then hydrated without a warning, after which the
// app navigates without asking the server for whole pages.

const PUBLIC_PAGES = [
  '/',
  '/comprocasa',
  '/comprocasa/bilocali',
  '/vendocasa',
  '/affittocasa',
  '/trovocasa',
  '/faq',
  '/faq/vendocasa',
  '/comefunziona',
  '/comefunziona/trovocasa',
  '/chisiamo',
  '/contatti',
  '/diconodinoi',
  '/agenzie/comprocasa',
  '/privacy',
  '/terminiecondizioni',
  '/houseofmusic',
  '/comprocasa/appartamenti/milano/comuni',
];

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const path of PUBLIC_PAGES) {
    test(`${path} shows its h1, the header and the footer`, async ({ page }) => {
      const answer = await page.goto(path);
      expect(answer?.status()).toBe(200);
      await expect(page.locator('h1').first()).toBeVisible();
      await expect(page.locator('h1').first()).not.toBeEmpty();
      const header = page.getByTestId('site-header');
      await expect(header.getByTestId('logo')).toBeVisible();
      await expect(header.getByRole('navigation').getByRole('link').first()).toBeVisible();
      await expect(page.getByTestId('site-footer').getByRole('link').first()).toBeVisible();
      await expect(page).toHaveTitle(/Rexer/);
    });
  }

  test('the header and footer links lead to real pages', async ({ page }) => {
    await page.goto('/comprocasa');
    await page.getByTestId('site-header').getByRole('navigation').getByRole('link', { name: 'Come funziona' }).click();
    await expect(page).toHaveURL(/\/comefunziona\/comprocasa$/);
    await expect(page.locator('h1')).toContainText('Come funziona');
    await page.getByTestId('site-footer').getByRole('link', { name: 'Domande frequenti' }).first().click();
    await expect(page).toHaveURL(/\/faq/);
    await expect(page.locator('h1')).toContainText('Domande frequenti');
    await page.getByTestId('site-footer').getByRole('link', { name: 'Chi siamo' }).click();
    await expect(page).toHaveURL(/\/chisiamo$/);
    await expect(page.locator('h1')).toHaveText('Chi siamo');
  });

  test('an unknown address answers 404 with the not-found page', async ({ page }) => {
    const answer = await page.goto('/questa-pagina-non-esiste');
    expect(answer?.status()).toBe(404);
    await expect(page.locator('h1')).toHaveText('Pagina non trovata');
  });
});

test.describe('with JavaScript', () => {
  for (const width of [390, 1440]) {
    test(`every public page hydrates at ${width} px without an error or a warning`, async ({ page }) => {
      test.setTimeout(90_000);
      await page.setViewportSize({ width, height: 900 });
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning')
          problems.push(`${page.url()}: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
      for (const path of PUBLIC_PAGES) {
        await page.goto(path);
        await expect(page.locator('h1').first()).toBeVisible();
      }
      expect(problems).toEqual([]);
    });
  }

  test('after hydration, following links stays in the page: no document is requested again', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/comprocasa');
    const documents: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(request.url());
    });
    await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
    await page.getByTestId('site-header').getByRole('link', { name: 'Chi siamo' }).click();
    await expect(page).toHaveURL(/\/chisiamo$/);
    await expect(page.locator('h1')).toHaveText('Chi siamo');
    await page.getByTestId('site-footer').getByRole('link', { name: 'Domande frequenti' }).first().click();
    await expect(page.locator('h1')).toContainText('Domande frequenti');
    expect(documents).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
  });

  test("the footer's SEO links, not in the page's hydration data, are fetched when the reader reaches them and then work in the app", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const problems: string[] = [];
    page.on('console', (message) => {
      // The map's WebGL driver speaks of its own performance, not of the page.
      if ((message.type() === 'error' || message.type() === 'warning') && !message.text().includes('GL Driver Message'))
        problems.push(message.text());
    });
    const footerCalls: string[] = [];
    const documents: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/Seo/FooterLinks') footerCalls.push(request.url());
      if (request.resourceType() === 'document') documents.push(request.url());
    });
    await page.goto('/ricerca');
    await page.waitForLoadState('networkidle');
    expect(footerCalls).toEqual([]);
    documents.length = 0;

    const seo = page.getByTestId('footer-seo');
    await seo.scrollIntoViewIfNeeded();
    await expect.poll(() => footerCalls.length).toBe(1);
    const link = seo.locator('[data-seo-group="sale"] a').nth(1);
    const href = await link.getAttribute('href');
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.locator('h1')).toBeVisible();
    expect(documents).toEqual([]);
    expect(problems).toEqual([]);
  });

  test('the first screen asks the API for nothing the page already carries', async ({ page }) => {
    const calls: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/locales/')) calls.push(url.pathname);
    });
    await page.goto('/comprocasa');
    await page.waitForLoadState('networkidle');
    expect(calls).toEqual([]);
  });
});
