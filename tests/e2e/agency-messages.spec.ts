import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './fixtures';

// «Contatta l'agenzia» (a message thread with an agency's account): from a listing of the demo
// partner agency to the agency's page and its listings, a message written by a visitor who
// logs in on the way, then the conversation in MyRexer's messages, and the agency's account
// finding it in its own threads. At a phone's and a desktop's width.

const DEMO_PASSWORD = 'Rexer#Demo2025';
const BUYER = 'acquirente@rexer.example';
const AGENCY_ACCOUNT = 'agenzia@rexer.example';
const AGENCY_SLUG = 'navigli-case-immobiliare-milano';

async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(blocking.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
    [],
  );
}

/** The API as a script calls it: a bearer, no cookies. */
async function api(baseURL: string, path: string, init: { body?: unknown; bearer?: string } = {}) {
  const response = await fetch(new URL(path, baseURL), {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.bearer ? { authorization: `Bearer ${init.bearer}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  expect(response.status, `${path}: ${text}`).toBeLessThan(300);
  return JSON.parse(text);
}

/** A session of the demo account `email` (the e2e server's session tokens are short: one per call). */
async function sessionOf(baseURL: string, email: string): Promise<string> {
  const login = await api(baseURL, '/api/Account/Login', { body: { username: email, password: DEMO_PASSWORD } });
  const session = await api(baseURL, '/api/Account/Session', { body: { userToken: login.UserToken, portal: 5 } });
  return session.Token as string;
}

for (const width of [390, 1440]) {
  test(`«Contatta l'agenzia» at ${width} px: from a listing to the agency, its listings and a message`, async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const agency = await api(baseURL!, `/api/Agency/${AGENCY_SLUG}`);
    expect(agency.AcceptsMessages).toBe(true);
    const listings = await api(baseURL!, `/api/Search/Listings?SearchType=agency&Agency=${agency.Id}`);
    const listing = (listings.Items as { Id: number }[])[0]!;

    // A listing of the agency leads to the agency's page.
    await page.goto(`/immobile/${listing.Id}`);
    await page.getByTestId('advertiser').getByRole('link', { name: "Vedi l'agenzia e i suoi annunci" }).click();
    await expect(page).toHaveURL(new RegExp(`/agenzie/${AGENCY_SLUG}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Navigli Case Immobiliare');
    await expect(page.getByTestId('agency-listings-sale').getByRole('listitem').first()).toBeVisible();
    await expectAccessible(page);

    // A visitor writes, is asked to log in, and the message goes once logged in.
    const text = `Buongiorno, cercate bilocali in vendita in zona Navigli? (${width} px, ${Date.now()})`;
    await page.getByRole('button', { name: "Contatta l'agenzia" }).click();
    const dialog = page.getByRole('dialog', { name: "Contatta l'agenzia" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Scrivi a Navigli Case Immobiliare');
    await dialog.getByLabel('Il tuo messaggio').fill(text);
    await expectAccessible(page);
    await dialog.getByTestId('write-to-agency-submit').click();
    const login = page.getByRole('dialog', { name: 'Accedi a Rexer' });
    await expect(login).toBeVisible();
    await login.getByLabel('Email').fill(BUYER);
    await login.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await login.getByRole('button', { name: 'Accedi', exact: true }).click();

    // The conversation opens in MyRexer's messages, with the agency's name on top.
    await expect(page).toHaveURL(/\/myrexer\/messaggi\?thread=\d+/);
    const threadId = Number(new URL(page.url()).searchParams.get('thread'));
    const view = page.getByTestId('message-thread-view');
    await expect(view.getByRole('heading', { name: 'Navigli Case Immobiliare' })).toBeVisible();
    await expect(view.getByTestId('message').filter({ hasText: text })).toHaveCount(1);
    await expect(view.getByRole('link', { name: "Vedi la pagina dell'agenzia" })).toHaveAttribute(
      'href',
      `/agenzie/${AGENCY_SLUG}`,
    );
    if (width >= 1024) {
      // The list beside the open thread names the agency.
      await expect(
        page.getByTestId('message-thread').filter({ hasText: 'Navigli Case Immobiliare' }).first(),
      ).toBeVisible();
    }
    await expectAccessible(page);

    // The agency's account finds the thread, and the message, among its own.
    const bearer = await sessionOf(baseURL!, AGENCY_ACCOUNT);
    const threads = await api(baseURL!, '/api/Message/Threads', { bearer });
    expect(threads.Items).toContainEqual(
      expect.objectContaining({ Id: threadId, Role: 'owner', Agency: expect.objectContaining({ Slug: AGENCY_SLUG }) }),
    );
    const thread = await api(baseURL!, `/api/Message/Threads/${threadId}`, {
      bearer: await sessionOf(baseURL!, AGENCY_ACCOUNT),
    });
    expect((thread.Items as { Text: string }[]).map((m) => m.Text)).toContain(text);
  });
}
