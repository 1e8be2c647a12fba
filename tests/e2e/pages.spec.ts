import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './fixtures';

/** Every content page of the pages release, with the h1 it must show. */
const CONTENT_PAGES: { path: string; h1: RegExp }[] = [
  { path: '/', h1: /Cosa vuoi fare con Rexer/ },
  { path: '/comprocasa', h1: /La casa che cerchi/ },
  { path: '/comprocasa/appartamenti', h1: /Appartamenti in vendita/ },
  { path: '/vendocasa', h1: /Vendi casa da privato/ },
  { path: '/vendocasa/bilocali', h1: /Vendi il tuo bilocale/ },
  { path: '/affittocasa', h1: /Metti in affitto casa tua/ },
  { path: '/trovocasa', h1: /Case in affitto, da privati e agenzie/ },
  { path: '/trovocasa/monolocali', h1: /Monolocali in affitto/ },
  { path: '/faq', h1: /^Domande frequenti$/ },
  { path: '/faq/comprocasa', h1: /chi compra casa/ },
  { path: '/faq/vendocasa', h1: /chi vende casa/ },
  { path: '/faq/affittocasa', h1: /chi mette in affitto/ },
  { path: '/faq/trovocasa', h1: /chi cerca casa in affitto/ },
  { path: '/comefunziona', h1: /Come funziona Rexer/ },
  { path: '/comefunziona/comprocasa', h1: /chi compra casa/ },
  { path: '/comefunziona/vendocasa', h1: /chi vende casa/ },
  { path: '/comefunziona/affittocasa', h1: /chi mette in affitto/ },
  { path: '/comefunziona/trovocasa', h1: /chi cerca casa in affitto/ },
  { path: '/chisiamo', h1: /Chi siamo/ },
  { path: '/diconodinoi', h1: /Dicono di noi/ },
  { path: '/contatti', h1: /Contatti/ },
  { path: '/terminiecondizioni', h1: /Termini e condizioni/ },
  { path: '/privacy', h1: /Informativa sul trattamento dei dati personali/ },
  { path: '/houseofmusic', h1: /House of Music/ },
  { path: '/agenzie/comprocasa', h1: /Agenzie partner per chi compra casa/ },
  { path: '/agenzie/vendocasa', h1: /Agenzie partner per chi vende casa/ },
  { path: '/error', h1: /Qualcosa non ha funzionato/ },
  { path: '/genericerror', h1: /Non siamo riusciti a completare la richiesta/ },
  { path: '/toomanyrequest', h1: /Troppe richieste/ },
];

const ERROR_FALLBACK = /Qualcosa non ha funzionato/;

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(blocking.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
    [],
  );
}

async function expectPage(page: Page, h1: RegExp) {
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveCount(1);
  await expect(heading).toHaveText(h1);
  await expect(page).toHaveTitle(/ \| Rexer$/);
  await expect(page.getByRole('main')).toHaveCount(1);
}

/** The first province the demo data has listings in, as the URL segment the landing links to. */
async function firstProvinceSlug(page: Page, sellType: 1 | 2): Promise<string> {
  const response = await page.request.get(`/api/Home/Cities?SellType=${sellType}`);
  expect(response.ok()).toBe(true);
  const cities = (await response.json()) as { ProvinceName: string; SaleCount: number; RentCount: number }[];
  const city = cities.find((c) => (sellType === 1 ? c.SaleCount : c.RentCount) > 0) ?? cities[0];
  return city.ProvinceName.normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

for (const { path, h1 } of CONTENT_PAGES) {
  test(`${path} renders its h1, a title and no error, and passes axe`, async ({ page }) => {
    const errors = watchErrors(page);
    await page.goto(path);
    await expectPage(page, h1);
    if (path !== '/error') await expect(page.getByText(ERROR_FALLBACK)).toHaveCount(0);
    await expectAccessible(page);
    expect(errors).toEqual([]);
  });
}

test('an unknown path shows the 404 page with links home and to search', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/questa-pagina-non-esiste');
  await expectPage(page, /Pagina non trovata/);
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'Pagina iniziale' })).toHaveAttribute('href', '/');
  await expect(main.getByRole('link', { name: 'Cerca casa in vendita' })).toHaveAttribute('href', '/comprocasa');
  await expectAccessible(page);
  expect(errors).toEqual([]);
});

test('the municipality lists show the towns with listings first and the others apart, by letter', async ({ page }) => {
  // Two lists of a province's towns, each checked with axe (over a hundred links): more than the default 30 s on a loaded machine.
  test.setTimeout(90_000);
  for (const [mode, sellType] of [
    ['comprocasa', 1],
    ['trovocasa', 2],
  ] as const) {
    const province = await firstProvinceSlug(page, sellType);
    const errors = watchErrors(page);
    await page.goto(`/${mode}/case/${province}/comuni`);
    await expectPage(
      page,
      mode === 'comprocasa' ? /Case in vendita in provincia di/ : /Case in affitto in provincia di/,
    );
    const withListings = page.getByRole('region', { name: /comun[ei] con annunci/ });
    await expect(withListings.getByRole('listitem').first()).toContainText(/\d+ annunci?/);
    const without = page.getByRole('region', { name: /comun[ei] senza annunci al momento/ });
    await expect(without.getByRole('navigation', { name: 'Comuni per iniziale' })).toBeVisible();
    await expectAccessible(page);
    expect(errors).toEqual([]);
  }
});

test("an unknown agency's page is the not-found page", async ({ page }) => {
  // Every screen of the route table is built; an agency that does not exist is a 404.
  const response = await page.goto('/agenzie/immobiliare-esempio');
  expect(response?.status()).toBe(404);
  await expectPage(page, /Pagina non trovata/);
  await expectAccessible(page);
});

test('choosing "Compro casa" on the home page remembers the choice and opens the buyer landing', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await page.getByTestId('home-choice-buy').click();
  await expect(page).toHaveURL(/\/comprocasa$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/La casa che cerchi/);
  const cookie = (await context.cookies()).find((c) => c.name === 'rexer_home_option');
  expect(cookie?.value).toBe('2');
});

test('the buyer landing leads from a city to the municipalities of its province', async ({ page }) => {
  await page.goto('/comprocasa');
  const select = page.getByLabel('Città in cui cerchi');
  await expect(select.locator('option')).not.toHaveCount(1);
  await page.getByRole('button', { name: 'Vedi i comuni della provincia' }).click();
  await expect(page.getByText("Scegli una città dall'elenco.")).toBeVisible();

  const value = await select.locator('option').nth(1).getAttribute('value');
  await select.selectOption(value ?? '');
  await page.getByRole('button', { name: 'Vedi i comuni della provincia' }).click();
  await expect(page).toHaveURL(/\/comprocasa\/case\/[a-z0-9-]+\/comuni$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Case in vendita in provincia di/);
});

test('the FAQ accordion opens an answer', async ({ page }) => {
  await page.goto('/faq/vendocasa');
  const question = page.getByText('Come funziona la valutazione gratuita?');
  const answer = page.getByText(/la confrontiamo con gli annunci simili nella stessa zona/);
  await expect(answer).toBeHidden();
  await question.click();
  await expect(answer).toBeVisible();
  await question.click();
  await expect(answer).toBeHidden();
});

test('the contact form shows validation errors, then sends the message', async ({ page }) => {
  await page.goto('/contatti');
  const form = page.getByRole('main');
  await form.getByRole('button', { name: 'Invia il messaggio' }).click();
  await expect(form.getByRole('alert')).toContainText('Controlla i campi evidenziati');
  await expect(form.getByText('Inserisci il tuo nome.')).toBeVisible();
  await expect(form.getByText("Per inviare il messaggio devi accettare l'informativa privacy.")).toBeVisible();
  await expect(form.getByLabel(/Nome e cognome/)).toBeFocused();
  await expectAccessible(page);

  await form.getByLabel(/Nome e cognome/).fill('Giulia Bianchi');
  await form.getByLabel(/^Email/).fill('giulia.bianchi@example.it');
  await form.getByLabel(/Argomento/).selectOption('sell');
  await form.getByLabel(/Messaggio/).fill('Vorrei sapere come si pubblica un annuncio di vendita.');
  await form.getByRole('checkbox').check();
  await expect(form.getByText('Inserisci il tuo nome.')).toHaveCount(0);
  await form.getByRole('button', { name: 'Invia il messaggio' }).click();

  await expect(form.getByRole('heading', { name: 'Messaggio inviato' })).toBeVisible();
  await expect(form.getByText(/giulia\.bianchi@example\.it/)).toBeVisible();
});
