import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './fixtures';

// Verified reviews of an agency: the demo buyer, who visited a home of two agencies, opens an
// agency's page, logs in from its reviews, writes a review (waiting for approval), a moderator
// approves it from MyRexer, and the page shows it with the agency's rating and count changed.
// At a phone's width on one agency and a desktop's on the other (a user reviews an agency once).

const DEMO_PASSWORD = 'Rexer#Demo2025';
const BUYER = 'acquirente@rexer.example';
const MODERATOR = 'moderatore@rexer.example';

async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(blocking.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
    [],
  );
}

async function logInHere(page: Page, email: string) {
  const dialog = page.getByRole('dialog', { name: 'Accedi a Rexer' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Accedi', exact: true }).click();
}

async function api<T>(baseURL: string, path: string, init: { body?: unknown; bearer?: string } = {}): Promise<T> {
  const response = await fetch(new URL(path, baseURL), {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: {
      portal: '5',
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.bearer ? { authorization: `Bearer ${init.bearer}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  expect(response.status, `${path}: ${text}`).toBeLessThan(300);
  return JSON.parse(text) as T;
}

/** The agencies the demo buyer may review (a visit that took place, no review yet), in id order. */
async function reviewableAgencies(baseURL: string): Promise<string[]> {
  const login = await api<{ UserToken: string }>(baseURL, '/api/Account/Login', {
    body: { username: BUYER, password: DEMO_PASSWORD },
  });
  const { Token } = await api<{ Token: string }>(baseURL, '/api/Account/Session', {
    body: { userToken: login.UserToken, portal: 5 },
  });
  const agencies = await api<{ Id: number; Slug: string }[]>(baseURL, '/api/Agency/List');
  const slugs: string[] = [];
  for (const agency of [...agencies].sort((a, b) => a.Id - b.Id)) {
    const mine = await api<{ Basis: string | null; Review: unknown }>(
      baseURL,
      `/api/Agency/${agency.Slug}/Reviews/Mine`,
      {
        bearer: Token,
      },
    );
    if (mine.Basis === 'visit') slugs.push(agency.Slug);
  }
  return slugs;
}

for (const [width, which] of [
  [390, 0],
  [1440, 1],
] as const) {
  test(`a buyer who visited a home reviews the agency at ${width} px; it shows once a moderator approves it`, async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    const slug = (await reviewableAgencies(baseURL!))[which];
    expect(slug, 'the demo buyer visited a home of two agencies').toBeDefined();
    const before = await api<{ Rating: number | null; Count: number }>(baseURL!, `/api/Agency/${slug}/Reviews`);
    const text = `Visita puntuale e agente preparato, tutto chiaro (${width} px, ${Date.now()}).`;

    await page.goto(`/agenzie/${slug}`);
    const reviews = page.getByTestId('agency-reviews');
    await reviews.scrollIntoViewIfNeeded();
    await expect(reviews.getByTestId('agency-review')).toHaveCount(Math.min(before.Count, 10));
    await reviews.getByRole('button', { name: 'Accedi per scrivere una recensione' }).click();
    await logInHere(page, BUYER);

    await reviews.getByRole('button', { name: 'Scrivi una recensione' }).click();
    const dialog = page.getByRole('dialog', { name: /^Recensisci / });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('radio', { name: '4 stelle: Buono' }).check();
    // The ads' rule is said before sending.
    await dialog.getByLabel('La tua esperienza').fill('Ottima agenzia, chiamatemi al 347 123 4567 per info');
    await dialog.getByRole('button', { name: 'Invia la recensione' }).click();
    await expect(dialog.getByText(/Togli il numero di telefono/)).toBeVisible();
    await dialog.getByLabel('La tua esperienza').fill(text);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Invia la recensione' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(reviews.getByText(/sarà pubblicata dopo l'approvazione di un moderatore/)).toBeVisible();
    await expect(reviews.getByTestId('my-review')).toContainText('In attesa di approvazione');
    // Not public yet.
    await expect(reviews.getByText(text)).toHaveCount(0);

    // The moderator approves it, in a browser of their own.
    const moderatorContext = await browser.newContext({ viewport: { width, height: 900 }, locale: 'it-IT' });
    const moderator = await moderatorContext.newPage();
    await moderator.goto('/myrexer/moderazione');
    await moderator.waitForFunction(
      () => !document.getElementById('rexer-boot') || document.documentElement.hasAttribute('data-hydrated'),
    );
    await logInHere(moderator, MODERATOR);
    const card = moderator.getByTestId('pending-agency-review').filter({ hasText: text });
    await expect(card).toBeVisible();
    await expectAccessible(moderator);
    await card.getByRole('button', { name: 'Approva' }).click();
    await expect(moderator.getByText(/Recensione approvata/)).toBeVisible();
    await expect(card).toHaveCount(0);
    await moderatorContext.close();

    // The page shows it, and the rating and count computed from the approved reviews.
    const after = await api<{ Rating: number | null; Count: number }>(baseURL!, `/api/Agency/${slug}/Reviews`);
    expect(after.Count).toBe(before.Count + 1);
    const expected = Math.round((((before.Rating ?? 0) * before.Count + 4) / after.Count) * 10) / 10;
    expect(after.Rating).toBe(expected);
    await page.reload();
    await reviews.scrollIntoViewIfNeeded();
    const summary = reviews.getByTestId('agency-reviews-summary');
    await expect(summary).toContainText(`${expected.toFixed(1).replace('.', ',')} su 5`);
    await expect(summary).toContainText(`${after.Count} recensioni verificate`);
    const mine = reviews.getByTestId('agency-review').filter({ hasText: text });
    await expect(mine).toBeVisible();
    await expect(mine.getByRole('heading', { name: 'Giulia B.' })).toBeVisible();
    await expect(reviews.getByTestId('my-review')).toContainText('Pubblicata.');
    await expectAccessible(page);
  });
}
