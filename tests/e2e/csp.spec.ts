import { expect, test, type Page } from '@playwright/test';

// The Content Security Policy allows stylesheets from this origin only (no <style> element)
// and no inline script: every page must work under it without a single violation.

async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const fromConsole: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) fromConsole.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  return async () => [...fromConsole, ...(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations))];
}

test.describe('Content Security Policy', () => {
  for (const path of ['/', '/comprocasa', '/vendocasa', '/faq', '/registrazione', '/contatti']) {
    test(`${path} runs without a violation`, async ({ page }) => {
      const violations = await watchViolations(page);
      const answer = await page.goto(path);
      expect(answer?.headers()['content-security-policy']).toMatch(/style-src 'self';/);
      await expect(page.locator('h1').first()).toBeVisible();
      expect(await violations()).toEqual([]);
    });
  }

  test('the login modal and the profile of a logged-in user run without a violation', async ({ page }) => {
    const violations = await watchViolations(page);
    await page.goto('/comprocasa');
    await page.getByTestId('login-button').click();
    const dialog = page.getByRole('dialog', { name: 'Accedi a Rexer' });
    await dialog.getByLabel('Email').fill('acquirente@rexer.example');
    await dialog.getByLabel('Password', { exact: true }).fill('Rexer#Demo2025');
    await dialog.getByRole('button', { name: 'Accedi', exact: true }).click();
    await expect(page.getByTestId('account-menu-button')).toBeVisible();
    await page.goto('/myrexer/profilo');
    await expect(page.locator('h1').first()).toBeVisible();
    expect(await violations()).toEqual([]);
  });
});
