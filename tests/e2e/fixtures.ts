import { test as base } from '@playwright/test';

export { expect, type BrowserContext, type Page } from '@playwright/test';

/**
 * The pages arrive rendered by the server, before their script has hydrated them: a click in
 * that moment has no handler yet. `page.goto` and `page.reload` here wait until the app has
 * hydrated the document (it marks `<html data-hydrated>`), as a person waits for a page to
 * respond; with JavaScript off they return with the server's page.
 */
export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    const hydrated = async <T>(navigation: Promise<T>): Promise<T> => {
      const response = await navigation;
      // Only the app's pages carry the boot element; other documents (the API docs) return at once.
      if (javaScriptEnabled !== false)
        await page.waitForFunction(
          () => !document.getElementById('rexer-boot') || document.documentElement.hasAttribute('data-hydrated'),
        );
      return response;
    };
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = (url, options) => hydrated(goto(url, options));
    page.reload = (options) => hydrated(reload(options));
    await use(page);
  },
});
