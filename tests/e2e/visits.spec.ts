import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext } from '@playwright/test';
import { expect, test, type Page } from './fixtures';

// A visit from both sides, in two browsers at once (issue 23): a buyer who is not logged in
// picks two times on a listing's page and logs in on the way (the choice is kept); the owner,
// whose visits page is open, sees the request arrive without a reload and confirms one time;
// the buyer's page shows it as planned without a reload, and the confirmation mail carries the
// invitation (.ics); the owner cancels with a reason, which the buyer reads; then they write
// to each other, and the owner's unread count moves as the messages arrive and are read.
// The demo seller's listings are picked at run time (a published one the demo buyer has no
// open request for), so the phone and the desktop runs, in series, use different ones.

const DEMO_PASSWORD = 'Rexer#Demo2025';
const BUYER = 'acquirente@rexer.example';
const OWNER = 'venditore@rexer.example';

async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(blocking.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
    [],
  );
}

/** The API as a script calls it: a bearer, no cookies (Node's fetch keeps none). */
async function api(baseURL: string, path: string, init: { method?: string; body?: unknown; bearer?: string } = {}) {
  const response = await fetch(new URL(path, baseURL), {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
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

/**
 * A person's calls: the user token of one login, traded for a session token before each call
 * (the e2e server's session tokens last 3 seconds, to exercise their renewal).
 */
async function userOf(baseURL: string, email: string) {
  const login = await api(baseURL, '/api/Account/Login', { body: { username: email, password: DEMO_PASSWORD } });
  return async (path: string) => {
    const session = await api(baseURL, '/api/Account/Session', { body: { userToken: login.UserToken, portal: 5 } });
    return api(baseURL, path, { bearer: session.Token as string });
  };
}

/** A published listing of the demo seller with free times, that the demo buyer has not asked to visit lately. */
async function pickListing(
  baseURL: string,
  used: Set<number>,
): Promise<{ id: number; title: string; owner: (path: string) => Promise<{ Count: number }> }> {
  const owner = await userOf(baseURL, OWNER);
  const buyer = await userOf(baseURL, BUYER);
  // Not one with an open request, nor one asked about in the last day (a buyer may ask about one listing 3 times a day).
  const taken = new Set<number>();
  for (const tab of [0, 1, 2]) {
    const list = await buyer(`/api/Appointment/List?Role=buyer&Tab=${tab}&Limit=50`);
    for (const item of list.Items as { Property: { Id: number }; CreatedAt: string }[]) {
      if (tab !== 2 || Date.now() - Date.parse(item.CreatedAt) < 86_400_000) taken.add(item.Property.Id);
    }
  }
  const mine = await owner('/api/User/MyProperties?Status=2&Limit=50');
  for (const item of mine.Items as { Id: number }[]) {
    if (taken.has(item.Id) || used.has(item.Id)) continue;
    const slots = (await api(baseURL, `/api/Property/${item.Id}/VisitSlots`)).Slots as string[];
    if (slots.length < 2) continue;
    used.add(item.Id);
    return { id: item.Id, title: (await api(baseURL, `/api/Property/${item.Id}`)).Title as string, owner };
  }
  throw new Error('No listing of the demo seller is free for a visit');
}

async function logIn(page: Page, email: string) {
  const dialog = page.getByRole('dialog', { name: 'Accedi a Rexer' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Accedi', exact: true }).click();
  await expect(dialog).toBeHidden();
}

async function newPerson(
  browser: Browser,
  viewport: { width: number; height: number },
  baseURL: string | undefined,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, locale: 'it-IT', baseURL });
  const raw = await context.newPage();
  // The calls the app was refused, for the report of a failure (a page that lands on /genericerror says why),
  // and any logout: nobody logs out in this story, so the app must never do it on its own.
  const refused: string[] = [];
  const logouts: string[] = [];
  context.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (response.status() === 401 && path.startsWith('/api/'))
      refused.push(`${new Date().toISOString()} ${response.request().method()} ${path}`);
  });
  context.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/Account/Logout')
      logouts.push(`${new Date().toISOString()} from ${request.frame().url()}`);
  });
  Object.assign(raw, { refused, logouts });
  // The fixture's hydration wait, for pages of contexts the test makes itself.
  const goto = raw.goto.bind(raw);
  raw.goto = async (url, options) => {
    const response = await goto(url, options);
    await raw.waitForFunction(
      () => !document.getElementById('rexer-boot') || document.documentElement.hasAttribute('data-hydrated'),
    );
    return response;
  };
  return { context, page: raw };
}

const RUNS = [
  { device: 'phone', viewport: { width: 390, height: 844 } },
  { device: 'desktop', viewport: { width: 1440, height: 900 } },
] as const;

test.describe.configure({ mode: 'serial' });
const used = new Set<number>();

for (const run of RUNS) {
  test(`${run.device}: a visit requested, confirmed live, cancelled with a reason, and messages both ways`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const listing = await pickListing(baseURL!, used);
    const owner = await newPerson(browser, run.viewport, baseURL);
    const buyer = await newPerson(browser, run.viewport, baseURL);
    try {
      // The owner logs in and keeps the requests received open.
      await owner.page.goto('/myrexer/appuntamenti/0?ruolo=proprietario');
      await logIn(owner.page, OWNER);
      await expect(owner.page.getByRole('heading', { level: 1, name: 'Appuntamenti' })).toBeVisible();
      const ownerCard = owner.page.getByTestId('appointment').filter({ hasText: listing.title });
      await expect(ownerCard).toHaveCount(0);
      await expectAccessible(owner.page);

      // The buyer, not logged in, picks two times and a message on the listing's page.
      await buyer.page.goto(`/immobile/${listing.id}`);
      await buyer.page.getByRole('button', { name: 'Prenota una visita' }).first().click();
      const booking = buyer.page.getByRole('dialog', { name: 'Prenota una visita' });
      await expect(booking).toBeVisible();
      const times = booking.getByRole('checkbox');
      await times.nth(0).check();
      await times.nth(1).check();
      await booking
        .getByLabel('Messaggio per il proprietario (facoltativo)')
        .fill('Buongiorno, vorrei vedere la casa con mio marito.');
      await expect(booking.getByTestId('book-visit-summary')).toBeVisible();
      await expectAccessible(buyer.page);
      await booking.getByTestId('book-visit-submit').click();
      // The login comes in between; the two times are kept and the request goes after it.
      await logIn(buyer.page, BUYER);
      await expect(buyer.page.getByTestId('book-visit-sent')).toBeVisible({ timeout: 15_000 });
      await buyer.page.keyboard.press('Escape');

      // The owner's page shows it without a reload, and the owner confirms one of the two times.
      await expect(ownerCard).toHaveCount(1, { timeout: 15_000 });
      await expect(ownerCard).toContainText('Giulia');
      await ownerCard.getByTestId('action-confirm').click();
      const confirm = owner.page.getByRole('dialog', { name: 'Conferma la visita' });
      await expect(confirm).toBeVisible();
      await expectAccessible(owner.page);
      await confirm.getByRole('radio').first().check();
      await confirm.getByTestId('confirm-slot').click();
      await expect(confirm).toBeHidden();

      // The buyer's planned visits show it without a reload.
      await buyer.page.goto('/myrexer/appuntamenti/1');
      const buyerCard = buyer.page.getByTestId('appointment').filter({ hasText: listing.title });
      await expect(buyerCard).toHaveCount(1, { timeout: 15_000 });
      await expect(buyerCard.getByTestId('calendar-link')).toBeVisible();
      await expectAccessible(buyer.page);

      // The confirmation mail carries the invitation.
      const mailPage = await buyer.context.newPage();
      await mailPage.goto(`/visualizzamail?to=${encodeURIComponent(BUYER)}`);
      const mail = mailPage
        .getByTestId('outbox-mail')
        .filter({ hasText: `Visita confermata: «${listing.title}` })
        .first();
      await expect(mail).toBeVisible();
      await expect(mail.getByTestId('outbox-attachment')).toHaveText('Allegato: visita.ics');
      await mail.getByText('Mostra il contenuto').click();
      await expect(mail).toContainText('BEGIN:VCALENDAR');
      await mailPage.close();

      // The owner cancels after the confirmation, with a reason.
      await owner.page.goto('/myrexer/appuntamenti/1?ruolo=proprietario');
      const planned = owner.page.getByTestId('appointment').filter({ hasText: listing.title });
      await planned.getByTestId('action-cancel').click();
      const cancel = owner.page.getByRole('dialog');
      await expect(cancel).toBeVisible();
      await expect(cancel.getByRole('radio', { name: "Ho trovato un'altra casa" })).toHaveCount(0);
      await cancel.getByRole('radio', { name: 'Ho avuto un imprevisto' }).check();
      await expectAccessible(owner.page);
      await cancel.getByTestId('cancel-submit').click();
      await expect(cancel).toBeHidden();

      // The buyer's planned visit leaves by itself; the cancelled tab gives the reason.
      await expect(buyerCard).toHaveCount(0, { timeout: 15_000 });
      await buyer.page.goto('/myrexer/appuntamenti/2');
      const cancelled = buyer.page.getByTestId('appointment').filter({ hasText: listing.title }).first();
      await expect(cancelled.getByTestId('appointment-reason')).toContainText('un imprevisto');
      await expectAccessible(buyer.page);

      // Messages: the owner's unread count moves while the buyer writes.
      await owner.page.goto('/myrexer/appuntamenti/0?ruolo=proprietario');
      const badge = owner.page.getByTestId('unread-badge');
      const unreadBefore = (await listing.owner('/api/Message/Unread')).Count;
      if (unreadBefore > 0) await expect(badge).toHaveText(String(unreadBefore));
      else await expect(badge).toHaveCount(0);
      await buyer.page.goto(`/immobile/${listing.id}`);
      await buyer.page.getByRole('button', { name: 'Scrivi al proprietario' }).first().click();
      const write = buyer.page.getByRole('dialog', { name: 'Scrivi al proprietario' });
      await write
        .getByLabel('Il tuo messaggio')
        .fill("Mi dispiace per la visita: possiamo fissarne un'altra la prossima settimana?");
      await write.getByTestId('write-to-owner-submit').click();
      await expect(buyer.page).toHaveURL(/\/myrexer\/messaggi\?thread=\d+/);
      await expect(buyer.page.getByTestId('message').last()).toContainText("possiamo fissarne un'altra");
      await expectAccessible(buyer.page);
      await expect(badge).toHaveText(String(unreadBefore + 1), { timeout: 15_000 });

      // The owner reads the thread (the count goes down) and answers; the buyer reads it live.
      await owner.page.goto('/myrexer/messaggi');
      await owner.page.getByTestId('message-thread').filter({ hasText: listing.title }).click();
      const ownerThread = owner.page.getByTestId('message-thread-view');
      await expect(ownerThread).toContainText("possiamo fissarne un'altra");
      if (unreadBefore === 0) await expect(badge).toHaveCount(0, { timeout: 15_000 });
      else await expect(badge).toHaveText(String(unreadBefore), { timeout: 15_000 });
      await expectAccessible(owner.page);
      await ownerThread.getByLabel('Scrivi un messaggio').fill('Certo, martedì alle 18 va bene?');
      await ownerThread.getByTestId('composer-send').click();
      await expect(buyer.page.getByTestId('message').last()).toContainText('martedì alle 18', { timeout: 15_000 });
      for (const person of [owner, buyer]) expect((person.page as Page & { logouts: string[] }).logouts).toEqual([]);
    } catch (error) {
      // Both people's screens at the moment it failed, for whoever reads the report.
      for (const [name, person] of [
        ['owner', owner],
        ['buyer', buyer],
      ] as const) {
        await test
          .info()
          .attach(`${name}.png`, { body: await person.page.screenshot({ fullPage: true }), contentType: 'image/png' })
          .catch(() => undefined);
        await test
          .info()
          .attach(`${name}.url`, { body: person.page.url(), contentType: 'text/plain' })
          .catch(() => undefined);
        const { refused, logouts } = person.page as Page & { refused: string[]; logouts: string[] };
        await test
          .info()
          .attach(`${name}.refused`, {
            body: [...refused, ...logouts.map((l) => `LOGOUT ${l}`)].join('\n') || 'none',
            contentType: 'text/plain',
          })
          .catch(() => undefined);
      }
      throw error;
    } finally {
      await owner.context.close();
      await buyer.context.close();
    }
  });
}
