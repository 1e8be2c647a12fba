import AxeBuilder from '@axe-core/playwright';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import type { Response as PlaywrightResponse } from '@playwright/test';
import { expect, test, type Page } from './fixtures';

// The journey of a buyer, at a phone's width and a desktop's: from a landing to a town's
// results, a filter, a listing saved as favourite without an account, the login (the
// favourite is kept in the account), the search saved with instant alerts; then a matching
// listing is published, the alert arrives in the mail outbox, and its delete link ends the
// search without a login.
//
// Publishing a listing: the listing wizard does not exist yet, no API publishes one, and the
// server gets no test-only route. So this spec runs its own server (the build the shared
// e2e server made, its own PORT and DATA_DIR on PGlite) and publishes the way an operator's
// script would: the server is stopped, a copy of the favourited listing (so it matches the
// saved search by construction) is inserted into its database as published now, and the
// server is started again. PGlite allows one process per data folder, hence the stop.
// Nothing else is stubbed: the alert is the real job on the queue (instant searches are
// looked at every minute), and the mail is read from the outbox page like a person would.

const PORT = Number(process.env.E2E_PORT ?? 3100) + 7;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const DATA_DIR = path.resolve(`.tmp/e2e-alerts-${PORT}`);
const DEMO_PASSWORD = 'Rexer#Demo2025';

let server: ChildProcess | undefined;
let serverLog = '';

async function startServer(): Promise<void> {
  const child = spawn('npx', ['tsx', 'server/server.ts'], {
    // Its own process group, so stopping it stops tsx's node child too.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR,
      PUBLIC_URL: ORIGIN,
      CAPTCHA: 'off',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      RATE_LIMIT_MAX: '0',
      PAGE_RATE_LIMIT_MAX: '0',
      LOGIN_RATE_LIMIT_MAX: '1000',
    },
  });
  const keep = (chunk: Buffer) => (serverLog = (serverLog + chunk.toString()).slice(-4000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  server = child;
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The alerts server stopped at start:\n${serverLog}`);
    const healthy = await fetch(`${ORIGIN}/healthcheck`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`The alerts server did not answer in time:\n${serverLog}`);
}

async function stopServer(): Promise<void> {
  const child = server;
  server = undefined;
  if (!child?.pid || child.exitCode !== null) return;
  const pid = child.pid;
  const exited = once(child, 'exit');
  process.kill(-pid, 'SIGTERM');
  const timer = setTimeout(() => groupAlive(pid) && process.kill(-pid, 'SIGKILL'), 20_000);
  await exited;
  // npx may end before the server it started: the database folder is free once the whole group is gone.
  while (groupAlive(pid)) await new Promise((resolve) => setTimeout(resolve, 100));
  clearTimeout(timer);
}

/** Whether a process of the group is still running. */
function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Publishes a copy of a listing now, with another title, into the stopped server's database;
 * answers the new listing's id. Generated columns (location point, full text) fill themselves.
 */
async function publishCopyOf(listingId: number, title: string): Promise<number> {
  const db = new PGlite(path.join(DATA_DIR, 'pglite'), { extensions: { cube, earthdistance } });
  try {
    const { rows } = await db.query<{ column_name: string }>(
      `select column_name from information_schema.columns
        where table_schema = 'public' and table_name = 'properties' and is_generated = 'NEVER' and is_identity = 'NO'
        order by ordinal_position`,
    );
    const overrides: Record<string, string> = {
      title: '$2',
      published_at: 'now()',
      created_at: 'now()',
      updated_at: 'now()',
      previous_price: 'null',
      price_changed_at: 'null',
      highlighted_until: 'null',
    };
    const columns = rows.map((row) => row.column_name);
    const values = columns.map((column) => overrides[column] ?? `"${column}"`);
    const inserted = await db.query<{ id: number }>(
      `insert into properties (${columns.map((column) => `"${column}"`).join(', ')})
       select ${values.join(', ')} from properties where id = $1 returning id`,
      [listingId, title],
    );
    const id = inserted.rows[0]?.id;
    if (!id) throw new Error(`No listing ${listingId} to copy`);
    return id;
  } finally {
    await db.close();
  }
}

async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(blocking.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
    [],
  );
}

/** Waits for the alert mail (the instant job runs every minute) and answers its delete link. */
async function deleteLinkFromOutbox(page: Page, to: string, listingTitle: string): Promise<string> {
  const mail = page.getByTestId('outbox-mail').filter({ hasText: listingTitle }).first();
  try {
    await expect(async () => {
      await page.goto(`/visualizzamail?to=${encodeURIComponent(to)}`);
      await expect(mail).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 150_000, intervals: [5_000] });
  } catch (error) {
    // What the alerts server said while the mail was awaited: the job queue's errors, if any.
    throw new Error(
      `${error instanceof Error ? error.message : String(error)}\n\nThe alerts server's log:\n${serverLog}`,
      { cause: error },
    );
  }
  await expect(mail).toContainText('Un nuovo annuncio per la tua ricerca');
  const href = await mail.locator('a[href*="/eliminaricerca/"]').first().getAttribute('href');
  const url = new URL(href!);
  return url.pathname + url.search;
}

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: ORIGIN });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  await rm(DATA_DIR, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  await startServer();
});

test.afterAll(async () => {
  await stopServer();
  await rm(DATA_DIR, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
});

const JOURNEYS = [
  { device: 'phone', viewport: { width: 390, height: 844 }, email: 'venditore@rexer.example' },
  { device: 'desktop', viewport: { width: 1440, height: 900 }, email: 'agenzia@rexer.example' },
] as const;

for (const journey of JOURNEYS) {
  test(`${journey.device}: favourite without an account, kept at login; saved search alerted by mail and deleted from the mail's link`, async ({
    page,
  }) => {
    test.setTimeout(300_000);
    await page.setViewportSize(journey.viewport);

    // A landing: the city, then the town among the province's municipalities.
    await page.goto('/comprocasa');
    const documents: string[] = [];
    const countDocuments = (request: { resourceType(): string; url(): string }) => {
      if (request.resourceType() === 'document') documents.push(request.url());
    };
    page.on('request', countDocuments);
    await page.getByLabel('Città in cui cerchi').selectOption({ label: 'Torino (TO)' });
    await page.getByRole('button', { name: 'Vedi i comuni della provincia' }).click();
    await page.getByRole('link', { name: 'Torino', exact: true }).first().click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('in vendita a Torino');
    // The app follows the municipality's link itself: no page is loaded again (a reloaded page ignores clicks until it hydrates).
    expect(documents).toEqual([]);
    page.off('request', countDocuments);

    // A filter: at least three rooms.
    await page.getByRole('button', { name: /^Filtri/ }).click();
    const panel = page.getByRole('dialog', { name: 'Filtri' });
    await panel.getByRole('group', { name: 'Locali' }).getByLabel('Minimo').selectOption('3');
    await panel.getByRole('button', { name: /^Mostra/ }).click();
    await expect(page).toHaveURL(/RoomsMin=3/);
    const resultsUrl = page.url();

    // A listing, saved as favourite by a visitor without an account.
    const card = page.locator('[data-listing-id]').first();
    const listingId = Number(await card.getAttribute('data-listing-id'));
    await card.getByRole('link').first().click();
    await expect(page).toHaveURL(new RegExp(`/immobile/${listingId}$`));
    const heart = page.getByRole('button', { name: 'Salva nei preferiti' }).first();
    // The heart turns at once; the call (after the anonymous session opens) must land before leaving the page.
    const favouriteSaved = page.waitForResponse(
      (r) => r.url().includes(`/api/User/Favorites/${listingId}`) && r.request().method() === 'PUT',
    );
    // Opening the anonymous session refuses nothing on the way (no 401 in the visitor's console).
    const accountCalls: { url: string; status: number }[] = [];
    const onAccountCall = (r: PlaywrightResponse) => {
      if (r.url().includes('/api/Account/')) accountCalls.push({ url: new URL(r.url()).pathname, status: r.status() });
    };
    page.on('response', onAccountCall);
    await heart.click();
    await expect(page.getByRole('button', { name: 'Rimuovi dai preferiti' }).first()).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect((await favouriteSaved).ok()).toBe(true);
    page.off('response', onAccountCall);
    expect(accountCalls).toEqual([
      { url: '/api/Account/AnonymousLogin', status: 200 },
      { url: '/api/Account/Session', status: 200 },
    ]);

    // The favourites page says it is kept on this browser only, until a login.
    await page.goto('/myrexer/preferiti');
    await expect(page.locator(`[data-testid="favorite"][data-property-id="${listingId}"]`)).toBeVisible();
    await expect(page.getByText('Accedi per ritrovarli su tutti i tuoi dispositivi.')).toBeVisible();
    await expectAccessible(page);

    // The login moves it into the account.
    await page.getByTestId('favorites-login').click();
    const dialog = page.getByRole('dialog', { name: 'Accedi a Rexer' });
    await dialog.getByLabel('Email').fill(journey.email);
    await dialog.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await dialog.getByRole('button', { name: 'Accedi', exact: true }).click();
    await expect(page.getByText('Accedi per ritrovarli su tutti i tuoi dispositivi.')).toBeHidden();
    await page.reload();
    await expect(page.locator(`[data-testid="favorite"][data-property-id="${listingId}"]`)).toBeVisible();

    // The search, saved with instant alerts.
    await page.goto(resultsUrl);
    await page.getByTestId('save-search').click();
    const save = page.getByRole('dialog', { name: 'Salva questa ricerca' });
    const name = save.getByLabel('Nome della ricerca');
    // Suggested from the search: the type of the URL, the town and the filter.
    await expect(name).toHaveValue(/a Torino, almeno 3 locali$/);
    const searchName = `Torino, 3 locali (${journey.device})`;
    await name.fill(searchName);
    await save.getByLabel(/Subito/).check();
    await expectAccessible(page);
    await save.getByRole('button', { name: 'Salva ricerca' }).click();
    await expect(save.getByText(`Ricerca «${searchName}» salvata.`, { exact: false })).toBeVisible();
    await save.getByRole('link', { name: 'Vedi le tue ricerche salvate' }).click();
    const saved = page.getByTestId('saved-search').filter({ hasText: searchName });
    await expect(saved).toContainText('Avvisi: subito');
    await expect(saved).toContainText('almeno 3 locali');
    await expectAccessible(page);

    // A matching listing is published (see the top of the file), and the alert goes out.
    const newTitle = `Trilocale appena pubblicato a Torino (${journey.device} ${Date.now()})`;
    await stopServer();
    await publishCopyOf(listingId, newTitle);
    await startServer();
    const deletePath = await deleteLinkFromOutbox(page, journey.email, newTitle);

    // The mail's link deletes the search without a login (another browser), on confirmation only.
    const stranger = await page
      .context()
      .browser()!
      .newContext({ baseURL: ORIGIN, viewport: journey.viewport, locale: 'it-IT' });
    const mailReader = await stranger.newPage();
    await mailReader.goto(deletePath);
    await expect(
      mailReader.getByText('Vuoi eliminare la ricerca salvata e smettere di ricevere avvisi?'),
    ).toBeVisible();
    await expectAccessible(mailReader);
    await mailReader.getByRole('button', { name: 'Sì, elimina la ricerca' }).click();
    await expect(mailReader.getByText(`Ricerca «${searchName}» eliminata. Non riceverai più avvisi.`)).toBeVisible();
    // The same link again: spent, answered like any link that is no longer valid (ids are not revealed).
    await mailReader.reload();
    await mailReader.getByRole('button', { name: 'Sì, elimina la ricerca' }).click();
    await expect(mailReader.getByTestId('delete-search-problem')).toHaveAttribute('data-kind', 'invalid');
    await expect(mailReader.getByTestId('delete-search-problem')).toContainText('potrebbe essere già stata eliminata');
    await stranger.close();

    await page.goto('/myrexer/ricerche');
    await expect(page.getByTestId('saved-searches-empty')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Non hai ancora ricerche salvate' })).toBeVisible();
  });
}
