import AxeBuilder from '@axe-core/playwright';
import sharp from 'sharp';
import { expect, test, type Page } from './fixtures';

// The listing wizard (issue 12) on a phone, from the first question to the published listing:
// an anonymous seller registers silently at steps 0-1, answers every step, uploads photos,
// picks the basic plan, sets a password at 30 and finds the listing in search and on its page;
// a seller who closes the tab at step 9 resumes there in another browser; a landlord pays the
// flexible plan through the offline provider, refused once, then paid. Every step passes axe.

const DEMO_PASSWORD = 'Rexer#Demo2025';
const PASSWORD = 'Girasoli.Rossi#Molo58';
const PHONE = { width: 390, height: 844 };

test.use({ viewport: PHONE });

async function expectAccessible(page: Page, where: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    blocking.map((v) => `${where}: ${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

/** A photo the server accepts: a JPEG of 1600 × 1200. */
const photo = (name: string, red: number) =>
  sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: red, g: 140, b: 180 } } })
    .jpeg()
    .toBuffer()
    .then((buffer) => ({ name, mimeType: 'image/jpeg', buffer }));

interface Journey {
  email?: string;
  /** The title the seller writes over the generated one. */
  title?: string;
  plan: RegExp;
  /** Steps the walk stops at (before answering), by their heading. */
  until: RegExp;
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const next = (page: Page, name: string | RegExp = 'Continua') =>
  page.getByRole('button', { name, exact: typeof name === 'string' }).click();

/** The step numbers the URL shows, one per step answered (the URL follows the wizard). */
const stepOfUrl = (page: Page) => Number(/\/annuncio\/\w+\/\d+\/(\d+)/.exec(page.url())?.[1] ?? -1);
const listingOfUrl = (page: Page) => Number(/\/annuncio\/\w+\/(\d+)/.exec(page.url())?.[1] ?? -1);

/** Answers the step on screen; answers false when the heading is `journey.until`. */
async function answerStep(page: Page, journey: Journey): Promise<boolean> {
  const title = (await heading(page).first().textContent())?.trim() ?? '';
  // Every step opens at the top of the page, its question in view (a focused heading once left it
  // scrolled 59-124 px down, the header and the progress out of sight).
  await expect
    .poll(() => page.evaluate(() => window.scrollY), {
      message: `the page of «${title}» opens at its top`,
      timeout: 3_000,
    })
    .toBe(0);
  if (journey.until.test(title)) return false;
  switch (true) {
    case title === "Chi pubblica l'annuncio?":
      await page.getByRole('textbox', { name: 'Nome obbligatorio', exact: true }).fill('Giulia');
      await page.getByRole('textbox', { name: 'Cognome obbligatorio' }).fill('Bianchi');
      await page.getByRole('textbox', { name: /^Telefono/ }).fill('333 123 4567');
      await page.getByLabel(/Accetto i/).check();
      await page.getByLabel(/Ho letto/).check();
      await next(page);
      break;
    case title === 'Qual è la tua e-mail?':
      await page.getByRole('textbox', { name: /E-mail/ }).fill(journey.email!);
      await next(page);
      break;
    case title === "Dove si trova l'immobile?":
      await page.getByRole('combobox').fill('Milano');
      await page
        .getByRole('option', { name: /^Milano/ })
        .first()
        .click();
      await page.getByRole('textbox', { name: 'Via o piazza' }).fill('Via Paolo Sarpi');
      await page.getByRole('textbox', { name: 'Numero civico' }).fill('12');
      // The typed address places the pin itself (the town's centre, the street once known): no map to open.
      await expect(page.getByText(/Il segnaposto è (al centro di Milano|in Via Paolo Sarpi, a Milano)/)).toBeVisible();
      await next(page);
      break;
    case title === 'Che tipo di immobile è?':
      await page.getByLabel('Appartamento', { exact: true }).check();
      await next(page);
      break;
    case title === 'Quanti metri quadri misura?':
      await page.getByLabel(/Superficie in metri quadri/).fill('85');
      await next(page);
      break;
    case title === 'Quanti locali e bagni ha?':
      for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Aggiungi: Locali' }).click();
      await page.getByRole('button', { name: 'Aggiungi: Bagni' }).click();
      await next(page);
      break;
    case title === 'A che piano si trova?':
      await page.locator('select[name=floor]').selectOption({ label: '3° piano' });
      await page.getByLabel(/Piani dell'edificio/).fill('5');
      await page.getByRole('group', { name: "C'è l'ascensore?" }).getByLabel('Sì').check();
      await next(page);
      break;
    case title === 'In che stato è?':
      await page.getByLabel(/Buono o abitabile/).check();
      await next(page);
      break;
    case title === 'Qual è la classe energetica?':
      await page.getByLabel('D', { exact: true }).check();
      await next(page);
      break;
    case title === 'Che riscaldamento ha?':
      await page.getByLabel('Autonomo').check();
      await next(page);
      break;
    case title === 'Quanto sono le spese condominiali?':
      await page.getByLabel(/Spese condominiali al mese/).fill('120');
      await next(page);
      break;
    case title === "Cosa c'è in casa e nel palazzo?":
      await page.getByLabel('Ascensore').check();
      await page.getByLabel('Balcone').check();
      await next(page);
      break;
    case title === 'La casa oggi è libera?':
      await page.getByLabel('Libero').check();
      await next(page);
      break;
    case title === 'Come vuoi decidere il prezzo?':
      await page.getByLabel(/Mostrami prima il mercato/).check();
      await next(page);
      break;
    case title === 'Stiamo cercando le case simili alla tua':
      // The loader goes on by itself.
      await expect(heading(page).first()).not.toHaveText(title, { timeout: 15_000 });
      break;
    case /^Abbiamo trovato/.test(title):
      await next(page, 'Vedi la stima');
      break;
    case title === 'Da quando è disponibile?':
      await page.getByLabel('Da subito').check();
      await next(page);
      break;
    case title === 'La casa è arredata?':
      await page.getByLabel('Arredato', { exact: true }).check();
      await next(page);
      break;
    case title === 'Quanto chiedi di deposito cauzionale?':
      await page.getByLabel(/Deposito cauzionale/).fill('3600');
      await next(page);
      break;
    case title === 'A che prezzo vuoi vendere?':
      await expect(page.getByText(/La stima dal mercato: da [\d.]+ € a [\d.]+ €/)).toBeVisible();
      await page.getByLabel(/Prezzo di vendita/).fill('329000');
      await next(page);
      break;
    case title === 'Quanto chiedi di affitto al mese?':
      await page.getByLabel(/Canone mensile/).fill('1200');
      await next(page);
      break;
    case title === "Che titolo vuoi dare all'annuncio?":
      await expect(page.getByLabel(/Titolo dell'annuncio/)).toHaveValue(
        /^Casa in (vendita|affitto) in Via Paolo Sarpi, 12 a Milano$/,
      );
      if (journey.title) await page.getByLabel(/Titolo dell'annuncio/).fill(journey.title);
      await next(page);
      break;
    case title === 'Descrivi la tua casa':
      await page
        .getByLabel(/Descrizione/)
        .fill(
          'Trilocale luminoso al terzo piano con ascensore, a due passi dalla metropolitana: cucina abitabile, due camere e un balcone sul cortile.',
        );
      await expect(page.getByTestId('description-quality')).toContainText(/su 100/);
      await next(page);
      break;
    case title === "Aggiungi le foto dell'immobile":
      await page
        .getByTestId('file-input-photo')
        .setInputFiles([await photo('soggiorno.jpg', 30), await photo('cucina.jpg', 200)]);
      await expect(page.getByText('2 foto caricate')).toBeVisible({ timeout: 20_000 });
      await next(page);
      break;
    case title === 'Aggiungi la planimetria e i documenti':
      await next(page, 'Continua senza documenti');
      break;
    case title === "In quale categoria pubblichiamo l'annuncio?":
      await expect(page.getByLabel('Appartamento', { exact: true })).toBeChecked();
      await next(page);
      break;
    case title === 'Hai risposto a tutte le domande':
      await next(page, 'Vai al riepilogo');
      break;
    case title === 'Controlla il tuo annuncio':
      await next(page, 'Conferma e continua');
      break;
    case title === 'Come vuoi pubblicare il tuo annuncio?':
      await page.getByRole('radio', { name: journey.plan }).check({ force: true });
      await page.getByRole('button', { name: /^(Continua|Vai al pagamento)/ }).click();
      break;
    default: {
      // The steps that only show something (11, 38 ...) go on with their button.
      await page.getByRole('button', { name: /^(Continua|Vedi la stima)$/ }).click();
    }
  }
  return true;
}

/** Answers steps until the one named by `journey.until`, checking axe on each (once per heading). */
async function walk(page: Page, journey: Journey): Promise<string[]> {
  const seen: string[] = [];
  for (let guard = 0; guard < 60; guard++) {
    const title = (await heading(page).first().textContent())?.trim() ?? '';
    if (journey.until.test(title)) return seen;
    if (!seen.includes(title)) {
      seen.push(title);
      if (title !== 'Stiamo cercando le case simili alla tua') await expectAccessible(page, title);
    }
    if (!(await answerStep(page, journey))) return seen;
    await expect(heading(page).first()).not.toHaveText(title, { timeout: 15_000 });
  }
  throw new Error(`the walk did not reach ${journey.until}: ${seen.join(' → ')}`);
}

async function logIn(page: Page, email: string, password: string) {
  const dialog = page.getByRole('dialog', { name: 'Accedi a Rexer' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Accedi', exact: true }).click();
  await expect(dialog).toBeHidden();
}

test('an anonymous seller lists a home from the first question to search, with photos, the basic plan and a password', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const email = `venditrice.${Date.now()}@example.com`;
  const title = `Trilocale luminoso in Sarpi ${Date.now() % 100000}`;
  await page.goto('/annuncio/vendocasa');
  await expect(heading(page)).toHaveText("Chi pubblica l'annuncio?");
  await expect(page).toHaveURL(/\/annuncio\/vendocasa$/);

  // 0 → 27: the URL names the draft from the first save on, each step replacing the last.
  const seen = await walk(page, {
    email,
    title: 'Casa da correggere',
    plan: /^Base/,
    until: /^Controlla il tuo annuncio$/,
  });
  expect(seen).toContain('Qual è la tua e-mail?');
  expect(stepOfUrl(page)).toBe(27);
  const id = listingOfUrl(page);

  // «Modifica» from the summary: the title is corrected and the seller is back at 27.
  await expect(page.getByTestId('summary-title')).toContainText('Casa da correggere');
  await expect(page.getByTestId('summary-photos')).toContainText('2 foto');
  await page.getByRole('button', { name: 'Modifica: Titolo' }).click();
  await expect(heading(page)).toHaveText("Che titolo vuoi dare all'annuncio?");
  await expect(page.getByLabel(/Titolo dell'annuncio/)).toHaveValue('Casa da correggere');
  await page.getByLabel(/Titolo dell'annuncio/).fill(title);
  await next(page);
  await expect(heading(page)).toHaveText('Controlla il tuo annuncio');
  await expect(page.getByTestId('summary-title')).toContainText(title);

  // 27 → 28 (basic) → 30: the silent account chooses its password, and the listing is published.
  await walk(page, { plan: /^Base/, until: /^Scegli la tua password$/ });
  await expectAccessible(page, 'password');
  await page.locator('input[name="new-password"]').fill(PASSWORD);
  await page.locator('input[name="confirm-password"]').fill('Girasoli.Rossi#Molo59');
  await next(page, 'Salva la password e pubblica');
  await expect(page.getByText('Le due password non sono uguali.')).toBeVisible();
  await page.locator('input[name="confirm-password"]').fill(PASSWORD);
  await next(page, 'Salva la password e pubblica');
  await expect(heading(page)).toHaveText('Il tuo annuncio è online!', { timeout: 15_000 });
  await expect(page).toHaveURL(new RegExp(`/annuncio/vendocasa/${id}/22$`));
  await expectAccessible(page, 'publication success');
  await expect(page.getByRole('link', { name: "Vedi l'annuncio" })).toHaveAttribute('href', `/immobile/${id}`);
  // Published: no way back to the plans, and no exit to confirm.
  await expect(page.getByRole('button', { name: 'Indietro' })).toHaveCount(0);
  await next(page);
  await expect(heading(page)).toHaveText('E adesso?');
  await expectAccessible(page, 'next steps');
  await next(page, 'Vai a «I miei annunci»');
  await expect(page).toHaveURL(/\/myrexer\/annunci$/);
  await expect(page.locator(`[data-testid="my-listing"][data-listing-id="${id}"]`)).toContainText(title);

  // The listing is public: its page, and the newest of Milano's sale results.
  await page.goto(`/immobile/${id}`);
  await expect(heading(page)).toHaveText(title);
  await expect
    .poll(
      async () => {
        await page.goto('/ricerca?SearchType=town&Town=015146&Sort=newest');
        return page.locator(`[data-listing-id="${id}"]`).count();
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThan(0);
});

test("a tap on the first step while its code is still coming is not lost (the server's HTML stays under the finger)", async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: PHONE, locale: 'it-IT' });
  const page = await context.newPage();
  // A slow network: the first step's own code comes after the page has hydrated.
  await page.route(/\/assets\/personal-data-step-[^/]*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 600));
    await route.continue();
  });
  await page.goto('/annuncio/vendocasa');
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await page.getByRole('button', { name: 'Accedi' }).last().click();
  await expect(page.getByRole('dialog', { name: 'Accedi a Rexer' })).toBeVisible();
  await context.close();
});

test('a seller who closes the tab at step 9 resumes there in another browser', async ({ browser }) => {
  test.setTimeout(180_000);
  const first = await browser.newContext({ viewport: PHONE, locale: 'it-IT' });
  const page = await first.newPage();
  await page.goto('/annuncio/vendocasa');
  // The first step arrives rendered by the server: its «Accedi» answers once the page has hydrated.
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await page.getByRole('button', { name: 'Accedi' }).last().click();
  await logIn(page, 'venditore@rexer.example', DEMO_PASSWORD);
  // A logged-in seller starts at the locality.
  await expect(heading(page)).toHaveText("Dove si trova l'immobile?");
  await walk(page, { plan: /^Base/, until: /^Qual è la classe energetica\?$/ });
  expect(stepOfUrl(page)).toBe(9);
  const id = listingOfUrl(page);
  await first.close();

  const second = await browser.newContext({ viewport: PHONE, locale: 'it-IT' });
  const other = await second.newPage();
  await other.goto('/vendocasa');
  await other.goto('/myrexer/annunci');
  await logIn(other, 'venditore@rexer.example', DEMO_PASSWORD);
  const draft = other.locator(`[data-testid="my-listing"][data-listing-id="${id}"]`);
  await draft.getByRole('link', { name: /^Completa/ }).click();
  await expect(heading(other)).toHaveText('Qual è la classe energetica?');
  await expect(other).toHaveURL(new RegExp(`/annuncio/vendocasa/${id}/9$`));
  await expectAccessible(other, 'resumed');
  // The answers before it are there: Back shows the renovation as it was given.
  await other.getByRole('button', { name: 'Indietro' }).click();
  await expect(heading(other)).toHaveText('In che stato è?');
  await expect(other.getByLabel(/Buono o abitabile/)).toBeChecked();

  // Leaving midway asks first; staying keeps the step.
  await other.getByRole('button', { name: 'Esci' }).click();
  const dialog = other.getByRole('dialog', { name: 'Vuoi uscire?' });
  await expect(dialog).toContainText('Le risposte che hai già dato restano salvate');
  await expectAccessible(other, 'exit modal');
  await dialog.getByRole('button', { name: 'Resta qui' }).click();
  await expect(heading(other)).toHaveText('In che stato è?');
  // The browser's Back leaves the wizard (its URL is replaced on every step): it asks too.
  await other.goBack();
  await expect(other.getByRole('dialog', { name: 'Vuoi uscire?' })).toBeVisible();
  await other.getByRole('dialog', { name: 'Vuoi uscire?' }).getByRole('button', { name: 'Resta qui' }).click();
  await expect(heading(other)).toHaveText('In che stato è?');
  await expect(other).toHaveURL(new RegExp(`/annuncio/vendocasa/${id}/8$`));
  // A link away asks too (the router's blocker), and leaving goes there.
  await other.getByRole('contentinfo').getByRole('link', { name: 'Chi siamo' }).click();
  await expect(other.getByRole('dialog', { name: 'Vuoi uscire?' })).toBeVisible();
  await other.getByRole('dialog', { name: 'Vuoi uscire?' }).getByRole('button', { name: 'Esci' }).click();
  await expect(other).toHaveURL(/\/chisiamo$/);
  await second.close();
});

test('a landlord lists a rent with the flexible plan, refused once by the payment, then paid', async ({ page }) => {
  test.setTimeout(240_000);
  const email = `locatore.${Date.now()}@example.com`;
  await page.goto('/annuncio/affittocasa');
  const seen = await walk(page, { email, plan: /^Flessibile/, until: /^Pagamento$/ });
  // The rent's own questions, and no market detour.
  expect(seen).toEqual(
    expect.arrayContaining([
      'Da quando è disponibile?',
      'La casa è arredata?',
      'Quanto chiedi di deposito cauzionale?',
      'Quanto chiedi di affitto al mese?',
    ]),
  );
  expect(seen).not.toContain('Come vuoi decidere il prezzo?');
  await expect(page).toHaveURL(/\/pagamento\//);

  // Refused: back at the plans, told so, nothing paid.
  await page.getByRole('button', { name: 'Pagamento rifiutato' }).click();
  await expect(page).toHaveURL(/\/annuncio\/affittocasa\/\d+\/28\/\d+$/);
  await expect(heading(page)).toHaveText('Come vuoi pubblicare il tuo annuncio?');
  await expect(page.getByText('Il pagamento non è andato a buon fine')).toBeVisible();
  await expectAccessible(page, 'refused payment');
  const id = listingOfUrl(page);

  // Tried again and paid: 33, then the publication, 22 and 34.
  await page.getByRole('radio', { name: /^Flessibile/ }).check({ force: true });
  await page.getByRole('button', { name: /^Vai al pagamento/ }).click();
  await expect(page).toHaveURL(/\/pagamento\//);
  await page.getByRole('button', { name: 'Paga', exact: true }).click();
  await expect(heading(page)).toHaveText('Pagamento riuscito', { timeout: 15_000 });
  await expect(page).toHaveURL(new RegExp(`/annuncio/affittocasa/${id}/33/\\d+$`));
  await expectAccessible(page, 'payment success');
  await next(page);
  await expect(heading(page)).toHaveText('Il tuo annuncio è online!', { timeout: 15_000 });
  await next(page);
  await expect(heading(page)).toHaveText('E adesso?');
  await next(page, 'Vai a «I miei annunci»');
  await expect(page).toHaveURL(/\/myrexer\/annunci$/);

  // On its public page as a rent, on the flexible plan (a paid order), and the reload of the return charges nothing.
  await page.goto(`/immobile/${id}`);
  await expect(heading(page)).toHaveText('Casa in affitto in Via Paolo Sarpi, 12 a Milano');
  // Read as the app would: its session token (3 s on the e2e server) renewed from the cookie first.
  await expect(async () => {
    const renewed = await page.request.post('/api/Account/Session', {
      headers: { 'x-token-transport': 'cookie', origin: new URL(page.url()).origin },
      data: { portal: 5 },
    });
    expect(renewed.ok()).toBe(true);
    const mine = await (await page.request.get(`/api/User/GetMyPropertyById/${id}`)).json();
    expect(mine.PlanType).toBe(2);
  }).toPass({ timeout: 15_000 });
});
