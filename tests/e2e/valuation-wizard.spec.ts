import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './fixtures';

// The free valuation as people meet it on a phone (390 px): a visitor without an account types
// the address, answers the wizard, leaves name and e-mail, gets the estimate on screen, by mail
// and on /valutocasa/{id}; a reload loses nothing; leaving midway asks first and the landing
// offers to resume; a signed-in seller starts from a town's page and finds the valuation in
// MyRexer. Every step is checked with axe (no serious or critical violation).

const PASSWORD = 'Rexer#Demo2025';

test.use({ viewport: { width: 390, height: 844 } });

function uniqueEmail(label: string): string {
  return `${label}.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@example.com`;
}

async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(blocking.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
    [],
  );
}

/** The step on screen: its h1, checked with axe. */
async function onStep(page: Page, title: string | RegExp) {
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expectAccessible(page);
}

const next = (page: Page, name: string | RegExp = 'Continua') =>
  page.getByRole('button', { name, exact: typeof name === 'string' }).click();

/** The landing's address: the town from the list, street and number; the pin places itself. */
async function typeAddress(page: Page, town: string | null) {
  if (town) {
    await page.getByLabel('Comune').fill(town.slice(0, 5));
    await page
      .getByRole('option', { name: new RegExp(`^${town}`) })
      .first()
      .click();
  }
  await page.getByLabel('Via o piazza').fill('Via Torino');
  await page.getByLabel('Numero civico').fill('40');
  // The typed address places the pin itself (the town's centre, or the street once known).
  await expect(page.getByText(/Il segnaposto è (al centro di|in Via Torino)/)).toBeVisible();
}

/** Steps 3 to 10 and 11, with a refused answer on the way; a reload at 8 keeps everything. */
async function answerTheHome(page: Page) {
  await onStep(page, 'Che tipo di immobile è?');
  await expect(page.getByText('Domanda 1 di', { exact: false })).toBeVisible();
  await next(page);
  await expect(page.getByText("Scegli la tipologia dell'immobile per continuare.")).toBeVisible();
  await page.getByRole('radio', { name: 'Appartamento' }).check();
  await next(page);

  await onStep(page, 'Ha terrazzi o balconi?');
  await page.getByLabel(/Metri quadri di terrazzi/).fill('8');
  await next(page);

  await onStep(page, 'Quanti metri quadri misura?');
  await page.getByLabel(/Superficie in metri quadri/).fill('80');
  await next(page);

  await onStep(page, 'Quanti locali e bagni ha?');
  for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Aggiungi: Locali' }).click();
  await page.getByRole('button', { name: 'Aggiungi: Bagni' }).click();
  await page.getByRole('button', { name: 'Aggiungi: Camera matrimoniale' }).click();
  await next(page);

  await onStep(page, 'A che piano si trova?');
  await page.getByLabel(/^Piano/).selectOption('2');
  await page.getByLabel(/Piani dell'edificio/).fill('1');
  await page.getByRole('group', { name: "C'è l'ascensore?" }).getByRole('radio', { name: 'Sì' }).check();
  await next(page);
  await expect(page.getByText("Il piano non può essere più alto dei piani dell'edificio (1).")).toBeVisible();
  await page.getByLabel(/Piani dell'edificio/).fill('5');
  await next(page);

  await onStep(page, 'In che stato è?');
  // A reload keeps the step and every answer (Back shows the floors as given).
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'In che stato è?' })).toBeVisible();
  await page.getByRole('button', { name: 'Indietro' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'A che piano si trova?' })).toBeVisible();
  await expect(page.getByLabel(/^Piano/)).toHaveValue('2');
  await expect(page.getByLabel(/Piani dell'edificio/)).toHaveValue('5');
  await next(page);
  await expect(page.getByRole('heading', { level: 1, name: 'In che stato è?' })).toBeFocused();
  await page.getByRole('radio', { name: /Buono o abitabile/ }).check();
  await page.getByLabel(/Anno di costruzione/).fill('1968');
  await next(page);

  await onStep(page, 'Qual è la classe energetica?');
  await page.getByRole('radio', { name: /^C/ }).check();
  await next(page);

  await onStep(page, 'Che riscaldamento ha?');
  await page.getByRole('radio', { name: 'Centralizzato', exact: true }).check();
  await next(page);

  await onStep(page, 'Quanto sono le spese condominiali?');
  await page.getByLabel(/Spese condominiali al mese/).fill('150');
  await next(page);

  await onStep(page, 'Ottimo, abbiamo tutte le caratteristiche');
  await expect(page.getByText('80 m²')).toBeVisible();
  await next(page);
}

/** From the search (14) to the estimate (38): the comparables (13) or why there are none (40). */
async function seeTheEstimate(page: Page, expectComparables: boolean) {
  const found = page.getByRole('heading', { level: 1, name: /Abbiamo trovato \d+ case simili/ });
  const none = page.getByRole('heading', { level: 1, name: 'Non abbiamo trovato abbastanza case simili' });
  await expect(found.or(none)).toBeVisible({ timeout: 20_000 });
  await expectAccessible(page);
  if (expectComparables) {
    await expect(found).toBeVisible();
    await expect(page.getByTestId('comparable').first()).toBeVisible();
    await next(page, 'Vedi la stima');
    await onStep(page, 'La stima della tua casa');
    await expect(page.getByTestId('estimate')).toContainText(/Tra [\d.]+\s€ e [\d.]+\s€/);
  } else {
    await next(page);
    await onStep(page, /La stima della tua casa|Non possiamo darti una stima/);
  }
}

test('a visitor without an account values a home and gets the estimate on screen, by mail and on its page', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('valuta');
  await page.goto('/valutocasa');
  await onStep(page, 'Quanto vale la tua casa?');
  await page.getByRole('button', { name: 'Inizia la valutazione' }).click();
  await expect(page.getByText("Scegli il comune dall'elenco.", { exact: true })).toBeVisible();
  await typeAddress(page, 'Milano');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Inizia la valutazione' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Che tipo di immobile è?' })).toBeFocused();

  await answerTheHome(page);

  await onStep(page, 'Chi riceve la valutazione?');
  await next(page);
  await expect(page.getByText('Per continuare devi accettare i termini e condizioni.')).toBeVisible();
  await page.getByLabel(/^Nome/).fill('Giulia');
  await page.getByLabel(/^Cognome/).fill('Bianchi');
  await page.getByLabel(/^Telefono/).fill('333 1234567');
  await page.getByRole('checkbox', { name: /termini e condizioni/ }).check();
  await page.getByRole('checkbox', { name: /informativa sulla privacy/ }).check();
  await next(page);

  await onStep(page, 'A quale e-mail ti mandiamo la stima?');
  await page.getByLabel(/E-mail/).fill('giulia@esempio');
  await next(page);
  await expect(page.getByText("Scrivi un'e-mail valida, per esempio nome@esempio.it.")).toBeVisible();
  await page.getByLabel(/E-mail/).fill(email);
  await next(page);

  await seeTheEstimate(page, true);
  await expect(page.getByText('Ti abbiamo mandato la stima anche per e-mail.')).toBeVisible();
  const range = (await page.getByTestId('estimate').textContent())!;
  // A reload on the estimate comes back to it.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'La stima della tua casa' })).toBeVisible();
  await next(page);

  await onStep(page, 'E adesso cosa vuoi fare?');
  await page.getByRole('radio', { name: /Per ora niente/ }).check();
  await next(page);
  await onStep(page, 'Grazie, la valutazione è pronta');
  await page.getByRole('link', { name: 'Vedi la valutazione' }).click();
  await expect(page).toHaveURL(/\/valutocasa\/\d+$/);
  const path = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('comparables')).toBeVisible();
  expect(range).toMatch(/Tra [\d.]+/);

  // The mail with the estimate, and its link to the same page.
  const mail = page.getByTestId('outbox-mail').filter({ hasText: 'Il valore stimato del tuo immobile' }).first();
  await expect(async () => {
    await page.goto(`/visualizzamail?to=${encodeURIComponent(email)}`);
    await expect(mail).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000, intervals: [2_000] });
  await expect(mail.locator(`a[href$="${path}"]`).first()).toBeVisible();
});

test('leaving midway asks first, and the landing offers to resume where the visitor was', async ({ page }) => {
  await page.goto('/valutocasa');
  await typeAddress(page, 'Milano');
  await page.getByRole('button', { name: 'Inizia la valutazione' }).click();
  await onStep(page, 'Che tipo di immobile è?');
  await page.getByRole('radio', { name: 'Villa', exact: true }).check();
  await next(page);
  await onStep(page, "Com'è fatta la casa fuori e dentro?");

  await page.getByRole('button', { name: 'Esci' }).click();
  const dialog = page.getByRole('dialog', { name: 'Vuoi uscire?' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Resta qui' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Esci' }).click();
  await dialog.getByRole('button', { name: 'Esci' }).click();
  await expect(page).not.toHaveURL(/\/valutocasa/);

  await page.goto('/valutocasa');
  await expect(page.getByRole('heading', { name: 'Hai una valutazione in corso' })).toBeVisible();
  await expect(page.getByText(/Via Torino 40, Milano/)).toBeVisible();
  await page.getByRole('button', { name: 'Riprendi la valutazione' }).click();
  await expect(page.getByRole('heading', { level: 1, name: "Com'è fatta la casa fuori e dentro?" })).toBeVisible();
  await page.getByRole('button', { name: 'Indietro' }).click();
  await expect(page.getByRole('radio', { name: 'Villa', exact: true })).toBeChecked();
});

test('a signed-in seller values a home from a town page and finds it in MyRexer', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/vendocasa');
  await page.getByTestId('login-button').click();
  const dialog = page.getByRole('dialog', { name: 'Accedi a Rexer' });
  await dialog.getByLabel('Email').fill('venditore@rexer.example');
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Accedi', exact: true }).click();
  await expect(page.getByTestId('account-menu-button')).toBeVisible();

  await page.goto('/valutocasa/citta/milano');
  await onStep(page, 'Quanto vale la tua casa a Milano?');
  await expect(page.getByLabel('Comune')).toHaveValue(/Milano/);
  await typeAddress(page, null);
  await page.getByRole('button', { name: 'Inizia la valutazione' }).click();

  await answerTheHome(page);
  // Signed in: no personal data, no e-mail; straight to the search.
  await seeTheEstimate(page, true);
  const range = (await page.getByTestId('estimate').textContent())!.match(/Tra ([\d.]+)\s€/)![1];
  await next(page);
  await onStep(page, 'E adesso cosa vuoi fare?');
  await page.getByRole('radio', { name: /Per ora niente/ }).check();
  await next(page);
  await onStep(page, 'Grazie, la valutazione è pronta');
  await page.getByRole('link', { name: 'Vedi la valutazione' }).click();
  await expect(page).toHaveURL(/\/valutocasa\/\d+$/);
  const id = new URL(page.url()).pathname.split('/').pop()!;

  await page.goto('/myrexer/valutazioni');
  const item = page.locator(`[data-testid="valuation-item"][data-valuation-id="${id}"]`);
  await expect(item).toBeVisible();
  await expect(item).toContainText('Via Torino 40, Milano');
  await expect(item).toContainText(range);
});
