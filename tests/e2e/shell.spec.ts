import AxeBuilder from '@axe-core/playwright';
import { expect, test, type BrowserContext, type Page } from './fixtures';

// The app shell as a visitor meets it: the home-type choice at "/", the header and footer
// menus of every type at desktop and mobile widths (docs/spec.md §2), every menu link leading
// to a real page, the switching of the type by pages that do not accept it, the SEO footer
// and the "lavora con noi" modal. Expectations are written from the spec, not from the code.

type Entry = readonly [id: string, href: string | null];

interface Choice {
  label: RegExp;
  cookie: string;
  landing: RegExp;
  /** The landing's own document title (the chooser at "/" has a title of its own). */
  title: RegExp;
  menuType: string;
  header: readonly Entry[];
  footer: readonly Entry[];
}

const ABOUT: Entry = ['about-us', '/chisiamo'];
/** The second footer column every type shares (blog is external, from the configuration). */
const REXER_COLUMN: readonly Entry[] = [
  ABOUT,
  ['reviews', '/diconodinoi'],
  ['contact', '/contatti'],
  ['house-of-music', '/houseofmusic'],
];

const CHOICES: readonly Choice[] = [
  {
    label: /Compro casa/,
    cookie: '2',
    landing: /\/comprocasa$/,
    title: /^Case in vendita da privati e agenzie/,
    menuType: 'BUYER',
    header: [
      ['search', '/comprocasa'],
      ['how-it-works', '/comefunziona/comprocasa'],
      ABOUT,
      ['agencies', '/agenzie/comprocasa'],
      ['free-valuation', null],
    ],
    footer: [
      ['search', '/ricerca'],
      ['agencies', '/agenzie/comprocasa'],
      ['valuation', '/valutocasa'],
      ['how-it-works', '/comefunziona/comprocasa'],
      ['faq', '/faq/comprocasa'],
      ...REXER_COLUMN,
    ],
  },
  {
    label: /Vendo casa/,
    cookie: '1',
    landing: /\/vendocasa$/,
    title: /^Vendi casa senza commissioni/,
    menuType: 'SELLER',
    header: [
      ['how-it-works', '/comefunziona/vendocasa'],
      ABOUT,
      ['agencies', '/agenzie/vendocasa'],
      ['free-valuation', null],
      ['create-listing', '/annuncio/vendocasa'],
    ],
    footer: [
      ['valuation', '/valutocasa'],
      ['agencies', '/agenzie/vendocasa'],
      ['how-it-works', '/comefunziona/vendocasa'],
      ['faq', '/faq/vendocasa'],
      ...REXER_COLUMN,
    ],
  },
  {
    label: /^Affitto casa/,
    cookie: '3',
    landing: /\/affittocasa$/,
    title: /^Affitta la tua casa da privato/,
    menuType: 'LANDLORD',
    header: [
      ['how-it-works', '/comefunziona/affittocasa'],
      ABOUT,
      ['faq', '/faq/affittocasa'],
      ['create-listing', '/annuncio/affittocasa'],
    ],
    footer: [
      ['valuation', '/valutocasa'],
      ['how-it-works', '/comefunziona/affittocasa'],
      ['faq', '/faq/affittocasa'],
      ...REXER_COLUMN,
    ],
  },
  {
    label: /Trovo casa in affitto/,
    cookie: '4',
    landing: /\/trovocasa$/,
    title: /^Case in affitto da privati e agenzie/,
    menuType: 'RENTER',
    header: [['search', '/trovocasa'], ['how-it-works', '/comefunziona/trovocasa'], ABOUT, ['faq', '/faq/trovocasa']],
    footer: [
      ['search', '/ricerca'],
      ['how-it-works', '/comefunziona/trovocasa'],
      ['faq', '/faq/trovocasa'],
      ...REXER_COLUMN,
    ],
  },
];

const ERROR_PAGES = /Qualcosa non ha funzionato|Pagina non trovata|Non siamo riusciti a completare/;

async function homeCookie(context: BrowserContext): Promise<string | undefined> {
  return (await context.cookies()).find((c) => c.name === 'rexer_home_option')?.value;
}

async function menuEntries(scope: ReturnType<Page['locator']>): Promise<[string, string | null][]> {
  // The entries a person sees: the header holds the desktop menu even where the stylesheet hides it.
  return scope
    .locator('[data-menu-item]:visible')
    .evaluateAll((nodes) =>
      nodes
        .filter((node) => node.getAttribute('data-menu-item') !== 'blog')
        .map(
          (node) => [node.getAttribute('data-menu-item') ?? '', node.getAttribute('href')] as [string, string | null],
        ),
    );
}

async function expectRealPage(page: Page, path: string) {
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading, path).toHaveCount(1);
  await expect(heading, path).not.toHaveText(ERROR_PAGES);
}

async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('a first visit at "/" shows the visitor menus and the four entry links in the footer', async ({
  page,
  context,
}) => {
  await page.goto('/');
  const header = page.getByTestId('site-header');
  await expect(header).toHaveAttribute('data-menu-type', 'BUYER_RENTER');
  expect(await menuEntries(header)).toEqual([
    ['how-it-works', '/comefunziona'],
    ABOUT,
    ['home-valuation', '/valutocasa'],
  ]);
  const footer = page.getByTestId('site-footer');
  expect(await menuEntries(footer.locator('[data-footer-column="start"]'))).toEqual([
    ['sell', '/vendocasa'],
    ['buy', '/comprocasa'],
    ['let', '/affittocasa'],
    ['rent', '/trovocasa'],
  ]);
  await expect(footer.getByRole('link', { name: /blog/i })).toHaveAttribute('target', '_blank');
  expect(await homeCookie(context)).toBe('0');
  await expectAccessible(page);
});

for (const choice of CHOICES) {
  test(`choosing ${choice.menuType} at "/" gives its header and footer menus, and every link leads to a page`, async ({
    page,
    context,
  }) => {
    // Both layouts, axe, then every page of both menus opened and hydrated: 20-26 s on an idle machine.
    test.setTimeout(90_000);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    await page.getByRole('main').getByRole('link', { name: choice.label }).click();
    await expect(page).toHaveURL(choice.landing);
    // The landing has rendered (its own heading and title), not only the shell around it: the
    // URL changes before the landing's code arrives, while the chooser's heading is still shown.
    await expect(page.locator('#landing-title')).toBeVisible();
    await expect(page).toHaveTitle(choice.title);
    expect(await homeCookie(context)).toBe(choice.cookie);

    const header = page.getByTestId('site-header');
    await expect(header).toHaveAttribute('data-layout', 'desktop');
    await expect(header).toHaveAttribute('data-menu-type', choice.menuType);
    expect(await menuEntries(header)).toEqual(choice.header);
    const footer = page.getByTestId('site-footer');
    await expect(footer.locator('[data-footer-column]')).toHaveCount(2);
    expect(await menuEntries(footer)).toEqual(choice.footer);

    // Mobile: the same entries behind the burger.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(header).toHaveAttribute('data-layout', 'mobile');
    const burger = page.getByTestId('menu-button');
    await expect(burger).toHaveAttribute('aria-expanded', 'false');
    await burger.click();
    await expect(burger).toHaveAttribute('aria-expanded', 'true');
    expect(await menuEntries(header)).toEqual(choice.header);
    for (const [id] of choice.header)
      await expect(header.getByRole('navigation').locator(`[data-menu-item="${id}"]:visible`)).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(burger).toHaveAttribute('aria-expanded', 'false');
    await expect(burger).toBeFocused();

    // Every internal link of both menus opens a page that is not an error.
    await page.setViewportSize({ width: 1280, height: 900 });
    const targets = new Set(
      [...choice.header, ...choice.footer].map(([, href]) => href).filter((href): href is string => !!href),
    );
    for (const href of targets) {
      await page.goto(href);
      await expectRealPage(page, href);
    }
    expect(errors).toEqual([]);
  });
}

test('the free-valuation entry opens the valuation page', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/comprocasa');
  await page.getByTestId('site-header').locator('[data-menu-item="free-valuation"]').click();
  await expect(page).toHaveURL(/\/valutocasa$/);
  await expectRealPage(page, '/valutocasa');
});

test('a page that does not accept the chosen type switches it, one that does keeps it', async ({ page, context }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/trovocasa');
  await expect(page.getByTestId('site-header')).toHaveAttribute('data-menu-type', 'RENTER');
  expect(await homeCookie(context)).toBe('4');

  // /ricerca accepts buyers and renters: the renter stays a renter.
  await page.goto('/ricerca');
  await expect(page.getByTestId('site-header')).toHaveAttribute('data-menu-type', 'RENTER');
  expect(await homeCookie(context)).toBe('4');

  // /vendocasa accepts sellers only: the type switches and the menus follow.
  await page.goto('/vendocasa');
  await expect(page.getByTestId('site-header')).toHaveAttribute('data-menu-type', 'SELLER');
  expect(await homeCookie(context)).toBe('1');

  // Content pages accept every type: the seller stays a seller.
  await page.goto('/chisiamo');
  await expect(page.getByTestId('site-header')).toHaveAttribute('data-menu-type', 'SELLER');
  expect(await homeCookie(context)).toBe('1');

  // Client-side navigation switches too: the footer's buyer entry as a seller.
  await page.goto('/');
  await expect(page.getByTestId('site-header')).toHaveAttribute('data-menu-type', 'BUYER_RENTER');
  expect(await homeCookie(context)).toBe('0');
  await page.getByTestId('site-footer').locator('[data-menu-item="buy"]').click();
  await expect(page).toHaveURL(/\/comprocasa$/);
  await expect(page.getByTestId('site-header')).toHaveAttribute('data-menu-type', 'BUYER');
  expect(await homeCookie(context)).toBe('2');
});

test('the SEO footer is collapsed by default, open on map-search pages and absent for the source "costruzioni"', async ({
  page,
}) => {
  await page.goto('/chisiamo');
  const seo = page.getByTestId('footer-seo');
  await expect(seo).toHaveAttribute('data-expanded', 'false');
  await expect(seo.locator('details[open]')).toHaveCount(0);
  // Closed <details> keep their links in the page for crawlers, out of the way of visitors.
  await expect(seo.locator('a').first()).toBeAttached();
  await expect(seo.locator('a').first()).toBeHidden();

  await page.goto('/ricerca');
  await expect(seo).toHaveAttribute('data-expanded', 'true');
  await expect(seo.getByRole('link').first()).toBeVisible();
  // Each group lists every link once: a province and its capital are told apart ("Provincia di Roma", "Roma").
  for (const group of await seo.locator('details').all()) {
    const texts = await group.getByRole('link').allInnerTexts();
    expect(texts.length).toBeGreaterThan(0);
    expect(new Set(texts).size).toBe(texts.length);
  }

  await page.goto('/chisiamo?source=costruzioni');
  await expect(page.getByTestId('site-footer')).toBeVisible();
  await expect(page.getByTestId('footer-seo')).toHaveCount(0);
});

test('the "lavora con noi" modal refuses a wrong file type, then sends a CV', async ({ page }) => {
  await page.goto('/chisiamo');
  await page.getByTestId('careers-button').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toHaveAccessibleName('Lavora con noi');
  await expectAccessible(page);

  await dialog.getByLabel(/Nome e cognome/).fill('Laura Esposito');
  await dialog.getByLabel(/^Email/).fill('laura.esposito@example.com');
  await dialog
    .getByLabel(/Curriculum/)
    .setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: Buffer.from('png') });
  await dialog.getByRole('button', { name: 'Invia la candidatura' }).click();
  await expect(dialog.getByTestId('careers-outcome')).toHaveAttribute('data-outcome', 'invalidType');
  await expect(dialog).toHaveAccessibleName('Formato non accettato');
  await expect(dialog.getByTestId('careers-outcome')).toContainText('PDF');

  await dialog.getByRole('button', { name: 'Riprova' }).click();
  await dialog.getByLabel(/Nome e cognome/).fill('Laura Esposito');
  await dialog.getByLabel(/^Email/).fill('laura.esposito@example.com');
  await dialog
    .getByLabel(/Curriculum/)
    .setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%curriculum\n') });
  await dialog.getByRole('button', { name: 'Invia la candidatura' }).click();
  await expect(dialog.getByTestId('careers-outcome')).toHaveAttribute('data-outcome', 'ok');
  await expect(dialog).toHaveAccessibleName('Candidatura inviata');
});

test('the app answers in Italian and serves its translations and API from the same origin', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');
  const common = await page.request.get('/locales/it/common.json');
  expect(common.ok()).toBe(true);
  const health = await page.request.get('/healthcheck');
  expect(health.ok()).toBe(true);
});
