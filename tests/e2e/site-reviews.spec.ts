import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './fixtures';

// Reviews of Rexer: a visitor of /diconodinoi is asked to log in to write one, writes it in
// MyRexer (waiting for approval), a moderator approves it from /myrexer/moderazione/rexer and it
// shows on /diconodinoi. At a phone's and a desktop's width (a different demo account each, as
// the two run side by side and a user has one review).

const DEMO_PASSWORD = 'Rexer#Demo2025';
const MODERATOR = 'moderatore@rexer.example';

async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(blocking.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
    [],
  );
}

/** Fills the login dialog MyRexer's gate opened. */
async function logInHere(page: Page, email: string) {
  const dialog = page.getByRole('dialog', { name: 'Accedi a Rexer' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Accedi', exact: true }).click();
}

/** Waits until a page of the app has hydrated (the fixture does it for `page` only). */
async function hydrated(page: Page) {
  await page.waitForFunction(
    () => !document.getElementById('rexer-boot') || document.documentElement.hasAttribute('data-hydrated'),
  );
}

for (const [width, author] of [
  [390, 'acquirente@rexer.example'],
  [1440, 'venditore@rexer.example'],
] as const) {
  test(`a review of Rexer at ${width} px: written, approved by a moderator, shown on /diconodinoi`, async ({
    page,
    browser,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const title = `Tutto semplice, anche da ${width} px (${Date.now()})`;

    // The public page: the demo data's examples, marked, with the average; the way to write one.
    await page.goto('/diconodinoi');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dicono di noi');
    const list = page.getByRole('list', { name: 'Recensioni di Rexer' });
    await expect(list.getByRole('article').first()).toBeVisible();
    await expect(list.getByText('Esempio').first()).toBeVisible();
    await expect(page.getByRole('img', { name: /^Valutazione media: \d,\d su 5$/ })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Scrivi una recensione' }).click();

    // MyRexer asks for the login, then opens the form.
    await logInHere(page, author);
    await expect(page).toHaveURL(/\/myrexer\/recensione$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('La tua recensione di Rexer');
    const form = page.getByRole('form', { name: /la tua recensione/ });
    await expect(form).toBeVisible();
    await form.getByRole('radio', { name: '5 stelle: Eccellente' }).check();
    await form.getByLabel('Titolo').fill(title);
    await form
      .getByLabel('La tua esperienza')
      .fill('Ho trovato quello che cercavo e le visite si prenotavano dal calendario, senza telefonate.');
    await form.getByLabel('Con Rexer hai…').selectOption('buyer');
    await expect(form.getByLabel('Nome da pubblicare')).not.toHaveValue('');
    await form.getByLabel('Comune da pubblicare').fill('Milano');
    await form.getByRole('checkbox', { name: /Acconsento/ }).check();
    await expectAccessible(page);
    await form.getByRole('button', { name: /^Invia/ }).click();
    await expect(page.getByText('In attesa di approvazione', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Modifica la tua recensione' })).toBeVisible();

    // The moderator, in a browser of their own, approves it.
    const moderatorContext = await browser.newContext({ viewport: { width, height: 900 }, locale: 'it-IT' });
    const moderator = await moderatorContext.newPage();
    await moderator.goto('/myrexer/moderazione/rexer');
    await hydrated(moderator);
    await logInHere(moderator, MODERATOR);
    await expect(moderator).toHaveURL(/\/myrexer\/moderazione\/rexer$/);
    const card = moderator
      .getByTestId('pending-site-review')
      .filter({ has: moderator.getByRole('heading', { name: title }) });
    await expect(card).toBeVisible();
    await expectAccessible(moderator);
    await card.getByRole('button', { name: 'Approva' }).click();
    await expect(moderator.getByText('Recensione approvata: ora è in «Dicono di noi».')).toBeVisible();
    await expect(moderator.getByRole('heading', { name: title })).toHaveCount(0);
    await moderatorContext.close();

    // The author sees it published, and so does everybody on /diconodinoi.
    await page.reload();
    await expect(page.getByText('Pubblicata', { exact: true })).toBeVisible();
    await page.goto('/diconodinoi');
    const mine = page.getByTestId('site-review').filter({ has: page.getByRole('heading', { name: title }) });
    await expect(mine).toBeVisible();
    await expect(mine.getByText('Esempio')).toHaveCount(0);
    await expect(mine).toContainText('Milano');
    await expectAccessible(page);
  });
}
