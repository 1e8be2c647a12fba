import { request as httpRequest } from 'node:http';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_FLAGS, PLAYWRIGHT_EXECUTABLE_PATH } from '../support/chromium';
import { PAGE_BOOT_ELEMENT_ID } from '@domain/page-rendering';

/** One JavaScript file the browser ran for the first screen. */
export interface ScriptFile {
  url: string;
  rawBytes: number;
  /** gzip -9 of the body, computed here: independent of how the server encoded it. */
  gzipBytes: number;
}

/** The server-rendered document as the browser got it, and what the hydration data weighs in it. */
export interface DocumentSize {
  /** Uncompressed bytes of the HTML. */
  rawBytes: number;
  /** Body bytes on the wire asking for `br` alone, and for `gzip` alone (null: not compressed, see `encodings`). */
  brBytes: number | null;
  gzipBytes: number | null;
  /** The Content-Encoding the server answered to each ask (`identity` when none). */
  encodings: { br: string; gzip: string };
  /** The translations and site origin: the whole `<script type="application/json" id="rexer-boot">` element. */
  bootJsonBytes: number;
  /** The router's inline scripts (its bootstrap, the dehydrated query cache and manifest, the stream's clean-up): every `<script>` without src that is not JSON. */
  inlineScriptBytes: number;
  inlineScripts: number;
  /** The largest inline script alone (the router's dehydration). */
  largestInlineScriptBytes: number;
  /** What the boot JSON and the inline scripts add to the brotli (quality 4, as the server) size of the page: the page with them minus the page without them. */
  bootJsonBrBytes: number;
  inlineScriptBrBytes: number;
}

export interface BundleResult {
  path: string;
  /** Same-origin JavaScript files (resourceType script) loaded until hydration and network idle. */
  files: ScriptFile[];
  scripts: number;
  rawBytes: number;
  gzipBytes: number;
  document: DocumentSize;
  /** Requests for scripts on another origin (none expected). */
  otherOriginScripts: string[];
  /** Same-origin scripts the page loaded that `excluded` named (the lazily loaded map): not in the figures above. */
  excludedFiles: ScriptFile[];
}

/** Script paths (`/assets/…`) left out of the first-screen figure, and why: code a page loads on its own after hydration. */
export interface Exclusion {
  reason: string;
  paths: Set<string>;
}

/** A page that could not be measured. */
export interface BundleFailure {
  path: string;
  error: string;
}

const HYDRATION_TIMEOUT_MS = 30_000;

/**
 * Opens each server-rendered page in headless Chromium (a fresh context: no cache, no
 * cookies), waits until the app has hydrated (`<html data-hydrated>`, set by the root route)
 * and the network is idle, and adds up every same-origin JavaScript file the browser loaded:
 * the entry, its modulepreloads and the route chunks the page needed to hydrate. Each body is
 * gzipped here at level 9, so the figure does not depend on the server's encoding. The
 * document itself is measured too: its raw size, its size on the wire in brotli and in
 * gzip as the server sends them, and the share of the hydration data (translations JSON and
 * the router's inline scripts).
 */
export async function measureFirstScreenJs(
  baseUrl: string,
  paths: string[],
  exclusion?: Exclusion,
): Promise<(BundleResult | BundleFailure)[]> {
  const origin = new URL(baseUrl).origin;
  const browser = await chromium.launch({
    executablePath: PLAYWRIGHT_EXECUTABLE_PATH,
    args: CHROMIUM_FLAGS,
  });
  const results: (BundleResult | BundleFailure)[] = [];
  try {
    for (const path of paths) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      try {
        const page = await context.newPage();
        const bodies = new Map<string, Promise<Buffer | null>>();
        const otherOrigin = new Set<string>();
        page.on('response', (response) => {
          const request = response.request();
          if (request.resourceType() !== 'script') return;
          const url = response.url();
          if (new URL(url).origin !== origin) {
            otherOrigin.add(url);
            return;
          }
          // Read at once: a body is gone once the page navigates or the context closes.
          if (!bodies.has(url))
            bodies.set(
              url,
              response.body().catch(() => null),
            );
        });
        const answer = await page.goto(baseUrl + path, { waitUntil: 'networkidle' });
        if (!answer) throw new Error(`${path}: no answer`);
        if (answer.status() !== 200) throw new Error(`${path} answered ${answer.status()}`);
        const html = (await answer.body()).toString('utf8');
        await page
          .waitForSelector('html[data-hydrated]', { state: 'attached', timeout: HYDRATION_TIMEOUT_MS })
          .catch(() => {
            throw new Error(
              `${path}: not hydrated after ${HYDRATION_TIMEOUT_MS / 1000} s (no data-hydrated on <html>)`,
            );
          });
        // Hydration may start more requests (a route chunk, data): wait for them too.
        await page.waitForLoadState('networkidle');

        const files: ScriptFile[] = [];
        const excludedFiles: ScriptFile[] = [];
        for (const [url, pending] of bodies) {
          const body = await pending;
          if (!body) throw new Error(`${path}: the body of ${url} could not be read`);
          const file = {
            url: url.slice(origin.length),
            rawBytes: body.length,
            gzipBytes: gzipSync(body, { level: 9 }).length,
          };
          (exclusion?.paths.has(new URL(url).pathname) ? excludedFiles : files).push(file);
        }
        files.sort((a, b) => b.gzipBytes - a.gzipBytes);
        results.push({
          path,
          files,
          scripts: files.length,
          rawBytes: files.reduce((sum, file) => sum + file.rawBytes, 0),
          gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0),
          document: await measureDocument(baseUrl + path, html),
          otherOriginScripts: [...otherOrigin],
          excludedFiles,
        });
      } catch (error) {
        // One page failing (not hydrating, an error status) does not hide the others' figures.
        results.push({ path, error: error instanceof Error ? error.message : String(error) });
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  return results;
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

/**
 * The files of the client build (Vite's manifest) that only a lazily loaded module brings:
 * the chunk of each dynamic entry whose key starts with one of `sources`, the chunks it
 * imports statically that no other entry or dynamic entry imports, and every manifest file of
 * a key containing one of `packages` (a library's worker or stylesheet emitted beside it).
 * Returned as URL paths (`/assets/…`).
 */
export function lazyOnlyFiles(
  manifest: Record<string, ManifestChunk>,
  sources: string[],
  packages: string[] = [],
): Set<string> {
  const closure = (keys: string[]) => {
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key) || !manifest[key]) return;
      seen.add(key);
      for (const next of manifest[key].imports ?? []) visit(next);
    };
    keys.forEach(visit);
    return seen;
  };
  const lazyRoots = Object.keys(manifest).filter(
    (key) => manifest[key].isDynamicEntry && sources.some((source) => key.startsWith(source)),
  );
  const otherRoots = Object.keys(manifest).filter(
    (key) => (manifest[key].isEntry || manifest[key].isDynamicEntry) && !lazyRoots.includes(key),
  );
  const shared = closure(otherRoots);
  const only = [...closure(lazyRoots)].filter((key) => !shared.has(key));
  const files = new Set(only.map((key) => `/${manifest[key].file}`));
  for (const [key, chunk] of Object.entries(manifest))
    if (packages.some((name) => key.includes(name))) files.add(`/${chunk.file}`);
  return files;
}

async function measureDocument(url: string, html: string): Promise<DocumentSize> {
  const [br, gzip] = [await wireSize(url, 'br'), await wireSize(url, 'gzip')];
  const bootPattern = new RegExp(`<script[^>]*\\bid="${PAGE_BOOT_ELEMENT_ID}"[^>]*>[\\s\\S]*?</script>`);
  const boot = html.match(bootPattern)?.[0] ?? '';
  // Inline scripts: no src, and not data (type="application/json").
  const inline = [
    ...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*\btype="application\/json")[^>]*>[\s\S]*?<\/script>/g),
  ].map((match) => match[0]);
  const withoutBoot = boot ? html.replace(boot, '') : html;
  const withoutInline = inline.reduce((text, script) => text.replace(script, ''), html);
  const brotli = (text: string) =>
    brotliCompressSync(Buffer.from(text), { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } }).length;
  const full = brotli(html);
  return {
    rawBytes: Buffer.byteLength(html),
    brBytes: br.encoding === 'br' ? br.bytes : null,
    gzipBytes: gzip.encoding === 'gzip' ? gzip.bytes : null,
    encodings: { br: br.encoding, gzip: gzip.encoding },
    bootJsonBytes: Buffer.byteLength(boot),
    inlineScriptBytes: inline.reduce((sum, script) => sum + Buffer.byteLength(script), 0),
    inlineScripts: inline.length,
    largestInlineScriptBytes: Math.max(0, ...inline.map((script) => Buffer.byteLength(script))),
    bootJsonBrBytes: full - brotli(withoutBoot),
    inlineScriptBrBytes: full - brotli(withoutInline),
  };
}

/** The body of a GET as sent, without decoding it: its byte count and Content-Encoding. */
function wireSize(url: string, acceptEncoding: string): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      { headers: { 'accept-encoding': acceptEncoding, accept: 'text/html' } },
      (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () => {
          if (response.statusCode !== 200)
            return reject(new Error(`${url} answered ${response.statusCode} to Accept-Encoding: ${acceptEncoding}`));
          resolve({ bytes, encoding: String(response.headers['content-encoding'] ?? 'identity') });
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end();
  });
}
