import { expect, test, type Page } from './fixtures';

// The header as a person sees it at a phone's, a small laptop's and a desktop's width:
// one row whatever the home type and whether someone is logged in, the menu button at the
// right edge of a phone's bar, and the page dimmed behind the open menu.

const WIDTHS = [390, 1024, 1440];
const HOMES = ['/comprocasa', '/trovocasa', '/vendocasa', '/affittocasa', '/'];

/** Every visible entry of the header sits on one line, and no label wraps inside itself. */
async function expectOneRow(page: Page) {
  const header = page.getByTestId('site-header');
  await expect(header).toBeVisible();
  const box = (await header.boundingBox())!;
  // The bar is the 64 px of --header-height (plus its border), not two lines of labels.
  expect(box.height).toBeLessThanOrEqual(70);
  const entries = header.locator('a:visible, button:visible');
  const count = await entries.count();
  expect(count).toBeGreaterThan(1);
  for (let index = 0; index < count; index++) {
    const entry = entries.nth(index);
    const entryBox = (await entry.boundingBox())!;
    expect(entryBox.y, await entry.innerText()).toBeGreaterThanOrEqual(box.y - 1);
    expect(entryBox.y + entryBox.height, await entry.innerText()).toBeLessThanOrEqual(box.y + box.height + 1);
    // A label broken over two lines is taller than one line of text.
    const lines = await entry.evaluate((element) => {
      // The lines its text runs over: the tops of the text's boxes, a line apart.
      const lineHeight = parseFloat(getComputedStyle(element).fontSize) * 1.2;
      const tops: number[] = [];
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const rect of range.getClientRects()) if (rect.width > 0) tops.push(rect.top);
      }
      const lines: number[] = [];
      for (const top of tops.sort((a, b) => a - b))
        if (lines.length === 0 || top - lines[lines.length - 1] > lineHeight / 2) lines.push(top);
      return lines.length;
    });
    expect(lines, `"${await entry.innerText()}" wraps`).toBeLessThanOrEqual(1);
  }
}

async function logIn(page: Page) {
  await page.getByTestId('login-button').click();
  const dialog = page.getByRole('dialog', { name: 'Accedi a Rexer' });
  await dialog.getByLabel('Email').fill('acquirente@rexer.example');
  await dialog.getByLabel('Password', { exact: true }).fill('Rexer#Demo2025');
  await dialog.getByRole('button', { name: 'Accedi', exact: true }).click();
  await expect(page.getByTestId('account-menu-button')).toBeVisible();
}

for (const width of WIDTHS) {
  test.describe(`header at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('stays on one row on every home page', async ({ page }) => {
      for (const path of HOMES) {
        await page.goto(path);
        await expectOneRow(page);
      }
    });

    test('stays on one row when someone is logged in, naming them by the first name', async ({ page }) => {
      await page.goto('/vendocasa');
      await logIn(page);
      await expect(page.getByTestId('account-first-name')).toHaveText('Giulia');
      await expect(page.getByTestId('account-menu-button')).not.toContainText('acquirente@rexer.example');
      // The address is in the open account menu, where it has room.
      await page.getByTestId('account-menu-button').click();
      await expect(page.getByTestId('account-email')).toContainText('acquirente@rexer.example');
      await page.keyboard.press('Escape');
      for (const path of ['/vendocasa', '/comprocasa']) {
        await page.goto(path);
        await expect(page.getByTestId('account-menu-button')).toBeVisible();
        await expectOneRow(page);
      }
    });
  });
}

test.describe('header on a phone', () => {
  test.use({ viewport: { width: 390, height: 800 } });

  test('puts the menu button at the right edge and dims the page behind the open menu', async ({ page }) => {
    await page.goto('/vendocasa');
    const burger = page.getByTestId('menu-button');
    const burgerBox = (await burger.boundingBox())!;
    // The right edge of the bar, inside its 20 px padding.
    expect(390 - (burgerBox.x + burgerBox.width)).toBeLessThanOrEqual(24);
    await expect(page.getByTestId('menu-backdrop')).toHaveCount(0);
    await burger.click();
    const backdrop = page.getByTestId('menu-backdrop');
    await expect(backdrop).toBeVisible();
    expect(await backdrop.evaluate((element) => getComputedStyle(element).backgroundColor)).not.toBe(
      'rgba(0, 0, 0, 0)',
    );
    await backdrop.click({ position: { x: 20, y: 600 } });
    await expect(burger).toHaveAttribute('aria-expanded', 'false');
    await expect(backdrop).toHaveCount(0);
  });

  test("shows the seller's publishing as the filled button of the menu, on a desktop too", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/vendocasa');
    const header = page.getByTestId('site-header');
    const publish = header.locator('[data-menu-item="create-listing"]');
    const valuation = header.locator('[data-menu-item="free-valuation"]');
    const filled = (locator: typeof publish) =>
      locator.evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(await filled(publish)).not.toBe('rgba(0, 0, 0, 0)');
    expect(await filled(valuation)).toBe('rgba(0, 0, 0, 0)');
  });
});

test.describe('mode sub-navigation of the content pages', () => {
  for (const [path, label] of [
    ['/comefunziona/comprocasa', 'Chi compra'],
    ['/faq/affittocasa', 'Affitto casa'],
  ] as const) {
    test(`marks one tab, the page's own, on ${path}`, async ({ page }) => {
      await page.goto(path);
      const nav = page.locator('main nav').first();
      await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
      await expect(nav.locator('[aria-current="page"]')).toHaveText(label);
      // Nothing else looks selected either (the router's own active marker).
      await expect(nav.locator('[data-status="active"]')).toHaveCount(1);
    });
  }
});

test('once a mode is chosen, the footer leads to the other modes and back to the chooser', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('home-choice-sell').click();
  await expect(page).toHaveURL(/\/vendocasa$/);
  const modes = page.getByTestId('footer-modes');
  await expect(modes.getByRole('link')).toHaveText([
    'Compro casa',
    'Affitto casa',
    'Trovo casa in affitto',
    'Tutte le scelte',
  ]);
  await modes.getByRole('link', { name: 'Compro casa' }).click();
  await expect(page).toHaveURL(/\/comprocasa$/);
  await expect(page.getByTestId('site-header')).toHaveAttribute('data-menu-type', 'BUYER');
  await page.getByTestId('footer-modes').getByRole('link', { name: 'Tutte le scelte' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('home-choice-buy')).toBeVisible();
});
