import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
const js = new Set();
page.on('request', (r) => { const u = new URL(r.url()); if (u.pathname.endsWith('.js')) js.add(u.pathname); });
await page.goto('http://127.0.0.1:3531' + (process.env.P ?? '/annuncio/vendocasa'));
await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));
await page.getByRole('heading', { level: 1 }).waitFor();
await page.waitForTimeout(2000);
let total = 0;
for (const p of [...js].sort()) { const size = gzipSync(readFileSync('dist/client' + p), { level: 9 }).length; total += size; console.log((size / 1024).toFixed(1).padStart(7), p); }
console.log('total KB gz', (total / 1024).toFixed(1));
await browser.close();
