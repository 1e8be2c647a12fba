import { createHash } from 'node:crypto';
import { expect, test, type Page } from './fixtures';
import { createChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { verify } from 'altcha-lib/frameworks/shared';

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
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  return async () => [
    ...fromConsole,
    ...(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)),
  ];
}

const sha256Source = (script: string) => `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;

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

  test('a page from the cache runs without a violation: its scripts are allowed by their hashes', async ({ page }) => {
    const violations = await watchViolations(page);
    // The first visit writes the home-type cookie (a page for this visitor only); the next one
    // carries it: a page kept in the cache (put there now, MISS, or found there, HIT: the same bytes).
    await page.goto('/faq');
    const answer = await page.goto('/faq');
    expect(answer?.headers()['x-cache']).toMatch(/^(HIT|MISS)$/);
    expect(answer?.headers()['content-security-policy']).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
    expect(answer?.headers()['content-security-policy']).not.toContain("'nonce-");
    await expect(page.locator('h1').first()).toBeVisible();
    expect(await violations()).toEqual([]);
  });

  test('the API documentation at /api/docs runs without a violation', async ({ page }) => {
    const violations = await watchViolations(page);
    await page.goto('/api/docs');
    await expect(page.locator('.swagger-ui .info .title')).toContainText('Rexer API');
    await expect(page.locator('.swagger-ui .opblock').first()).toBeVisible();
    expect(await violations()).toEqual([]);
  });

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

  test('the ALTCHA widget styles itself from a stylesheet file and solves its challenge without a violation', async ({
    page,
  }) => {
    // The e2e server runs with CAPTCHA=off: the page is told the captcha is ALTCHA, and its
    // challenges come from here, signed with a key the test knows (the server's own parameters).
    const hmacKey = 'e2e-altcha-key';
    // The config reaches the page inside the server's render (the hydrated query cache), and
    // through /api/config when the browser asks again.
    // An anonymous page allows its inline scripts by their hashes (the page cache): a script
    // rewritten here gets its new hash in the answer's CSP, as the server would have given it.
    await page.route('**/registrazione', async (route) => {
      const answer = await route.fetch();
      const original = await answer.text();
      let csp = answer.headers()['content-security-policy'];
      const body = original.replace(
        /(<script[^>]*>)([\s\S]*?)(<\/script>)/g,
        (_whole, open: string, text: string, close: string) => {
          const changed = text.replace(/CaptchaProvider:"off"/g, 'CaptchaProvider:"altcha"');
          if (changed !== text) csp = csp.replace(sha256Source(text), sha256Source(changed));
          return open + changed + close;
        },
      );
      expect(body).toContain('CaptchaProvider:"altcha"');
      await route.fulfill({ response: answer, body, headers: { ...answer.headers(), 'content-security-policy': csp } });
    });
    await page.route('**/api/config', async (route) => {
      const answer = await route.fetch();
      await route.fulfill({ response: answer, json: { ...(await answer.json()), CaptchaProvider: 'altcha' } });
    });
    await page.route('**/api/Account/Captcha', async (route) => {
      const expiresAt = Math.floor(Date.now() / 1000) + 600;
      const challenge = await createChallenge({
        deriveKey,
        hmacSignatureSecret: hmacKey,
        algorithm: 'PBKDF2/SHA-256',
        cost: 2_000,
        keyPrefix: '00',
        expiresAt,
      });
      await route.fulfill({ json: challenge, headers: { 'cache-control': 'no-store' } });
    });
    const violations = await watchViolations(page);
    await page.goto('/registrazione');
    const captcha = page.getByTestId('captcha');
    await expect(captcha).toHaveAttribute('data-state', 'verified', { timeout: 20_000 });
    // Styled by altcha.css, loaded as a file: without it the widget's box would be a plain block.
    await expect(captcha.locator('.altcha-main')).toHaveCSS('display', 'flex');
    // The answer the form sends is one the server's check accepts.
    const payload = await captcha.locator('input[name="altcha"]').inputValue();
    const result = await verify(payload, deriveKey, hmacKey);
    expect(result.error).toBeNull();
    expect(result.verification?.verified).toBe(true);
    expect(await violations()).toEqual([]);
  });
});
