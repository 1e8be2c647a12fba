import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

export interface BundleResult {
  path: string;
  scripts: number;
  rawBytes: number;
  gzipBytes: number;
}

const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Loads each page in Chromium and adds up the JavaScript it fetched before the
 * network went idle: the first screen's cost, gzipped as a server would send it.
 */
export async function measureFirstScreenJs(baseUrl: string, paths: string[]): Promise<BundleResult[]> {
  const browser = await chromium.launch({
    executablePath: process.env.PLAYWRIGHT_CHROMIUM === 'bundled' ? undefined : (process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'),
    args: chromiumArgs,
  });
  const results: BundleResult[] = [];
  try {
    for (const path of paths) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      const bodies = new Map<string, Buffer>();
      page.on('response', async (response) => {
        const type = response.headers()['content-type'] ?? '';
        if (!type.includes('javascript')) return;
        try {
          bodies.set(response.url(), await response.body());
        } catch {
          // a response cancelled by navigation carries no body
        }
      });
      await page.goto(baseUrl + path, { waitUntil: 'networkidle' });
      await page.waitForTimeout(300);
      let rawBytes = 0;
      let gzipBytes = 0;
      for (const body of bodies.values()) {
        rawBytes += body.length;
        gzipBytes += gzipSync(body, { level: 9 }).length;
      }
      results.push({ path, scripts: bodies.size, rawBytes, gzipBytes });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return results;
}
