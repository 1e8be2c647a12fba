import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestDatabase } from '../../server/db/testing';
import { drainAndClose } from '../../server/lib/graceful-shutdown';
import { createPageRenderer } from '../../src/app/entry-server';
import { BACKENDS, buildTestApp, expectError, openTestDatabase } from './helpers';

describe.each(BACKENDS)('the HTTP platform on $name', (backend) => {
  let testDb: TestDatabase;
  let app: FastifyInstance | undefined;

  beforeAll(async () => {
    testDb = await openTestDatabase(backend);
  });
  afterAll(async () => {
    await testDb?.cleanup();
  });
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  describe('security headers', () => {
    it('sends HSTS, nosniff and a CSP that forbids plugins and framing on API answers and errors', async () => {
      app = await buildTestApp(testDb);
      for (const url of ['/api/config', '/api/does-not-exist']) {
        const res = await app.inject({ url });
        expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        const csp = String(res.headers['content-security-policy']);
        expect(csp).toContain("object-src 'none'");
        expect(csp).toContain("frame-ancestors 'none'");
        expect(csp).toContain("script-src 'self'");
        // No inline <style> elements; style attributes alone keep 'unsafe-inline'.
        expect(csp.split(/;\s*/)).toContain("style-src 'self'");
        expect(csp).toContain("style-src-attr 'unsafe-inline'");
        expect(res.headers['x-request-id']).toBeTruthy();
      }
    });

    it('sends every security header and a request id on every kind of answer', async () => {
      // The security headers are built once per process and the cached answers' own headers
      // once per body: none may go missing on any path an answer can take.
      app = await buildTestApp(testDb, { env: { RATE_LIMIT_MAX: '20' }, createPageRenderer });
      const SECURITY_HEADERS = [
        'content-security-policy',
        'cross-origin-opener-policy',
        'cross-origin-resource-policy',
        'origin-agent-cluster',
        'referrer-policy',
        'strict-transport-security',
        'x-content-type-options',
        'x-dns-prefetch-control',
        'x-download-options',
        'x-frame-options',
        'x-permitted-cross-domain-policies',
        'x-xss-protection',
      ];
      const cities = await app.inject({ url: '/api/Home/Cities', headers: { portal: '5' } });
      expect(cities.statusCode).toBe(200);
      const expected = Object.fromEntries(SECURITY_HEADERS.map((name) => [name, cities.headers[name]]));
      for (const [name, value] of Object.entries(expected)) expect(value, name).toBeTruthy();
      let limited;
      for (let i = 0; i < 21; i++) limited = await app.inject({ url: '/api/config', remoteAddress: '10.9.9.9' });
      const answers = {
        'cached API answer, again': await app.inject({ url: '/api/Home/Cities', headers: { portal: '5' } }),
        'cached API answer, compressed once': await app.inject({
          url: '/api/Home/Cities',
          headers: { 'accept-encoding': 'br, gzip' },
        }),
        'not modified': await app.inject({
          url: '/api/Home/Cities',
          headers: { 'if-none-match': String(cities.headers.etag) },
        }),
        'API answer read from the database': await app.inject({ url: '/api/Home/Listings' }),
        'unknown API path': await app.inject({ url: '/api/Nothing/Here' }),
        'wrong method': await app.inject({ method: 'POST', url: '/api/config' }),
        'refused by a request hook (Portal)': await app.inject({ url: '/api/config', headers: { portal: '4' } }),
        'refused by the same-origin rule': await app.inject({
          method: 'POST',
          url: '/api/Contact/Send',
          headers: { origin: 'https://elsewhere.example' },
          payload: {},
        }),
        'invalid query': await app.inject({ url: '/api/Home/Cities?Limit=nope' }),
        'over the rate limit': limited!,
        'translation file': await app.inject({ url: '/locales/it/common.json' }),
      };
      expect(answers['not modified'].statusCode).toBe(304);
      expect(answers['cached API answer, compressed once'].headers['content-encoding']).toBe('br');
      expect(answers['over the rate limit'].statusCode).toBe(429);
      for (const [kind, res] of Object.entries(answers)) {
        for (const [name, value] of Object.entries(expected))
          expect(res.headers[name], `${name} on ${kind}`).toBe(value);
        expect(res.headers['x-request-id'], `x-request-id on ${kind}`).toBeTruthy();
      }
      // A page carries its own CSP (with the nonce of its scripts) and every other header.
      const page = await app.inject({ url: '/faq' });
      expect(page.statusCode).toBe(200);
      for (const name of SECURITY_HEADERS) {
        if (name !== 'content-security-policy') expect(page.headers[name], `${name} on a page`).toBe(expected[name]);
      }
      const pageCsp = String(page.headers['content-security-policy']);
      expect(pageCsp).toContain("object-src 'none'");
      expect(pageCsp).toContain("frame-ancestors 'none'");
      expect(page.headers['x-request-id']).toBeTruthy();
    });

    it('lets the map tiles and the telemetry endpoint through the CSP when configured', async () => {
      app = await buildTestApp(testDb, {
        env: {
          TILE_URL: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png',
          TELEMETRY_URL: 'https://t.example.org/v2/track',
        },
      });
      const csp = String((await app.inject({ url: '/api/config' })).headers['content-security-policy']);
      expect(csp).toMatch(/img-src [^;]*https:\/\/\*\.tiles\.example\.org/);
      expect(csp).toMatch(/connect-src [^;]*https:\/\/t\.example\.org/);
    });

    it('keeps a valid request id given by a proxy', async () => {
      app = await buildTestApp(testDb);
      const res = await app.inject({ url: '/api/config', headers: { 'x-request-id': 'abc-123-def-456' } });
      expect(res.headers['x-request-id']).toBe('abc-123-def-456');
      const bad = await app.inject({ url: '/api/config', headers: { 'x-request-id': 'x\ny' } });
      expect(bad.headers['x-request-id']).not.toBe('x\ny');
    });
  });

  describe('errors', () => {
    it('answers an unknown API route with the 404 error body', async () => {
      app = await buildTestApp(testDb);
      expectError(await app.inject({ url: '/api/Nothing/Here' }), 'NotFound');
      expectError(await app.inject({ method: 'DELETE', url: '/api/Nothing/Here' }), 'NotFound');
      expectError(await app.inject({ url: '/healthcheck/deep' }), 'NotFound');
    });

    it('answers a known path with the wrong method with 405', async () => {
      app = await buildTestApp(testDb);
      const res = await app.inject({ method: 'POST', url: '/api/config' });
      expectError(res, 'MethodNotAllowed');
      expect(res.headers.allow).toBe('GET');
      expectError(await app.inject({ method: 'GET', url: '/api/Contact/Send' }), 'MethodNotAllowed');
    });

    it('answers malformed JSON, a wrong content type and a body over the limit with error bodies', async () => {
      app = await buildTestApp(testDb);
      const headers = { 'content-type': 'application/json' };
      expectError(
        await app.inject({ method: 'POST', url: '/api/Contact/Send', headers, payload: '{"Name": ' }),
        'MalformedRequest',
      );
      expectError(
        await app.inject({ method: 'POST', url: '/api/Contact/Send', headers, payload: '' }),
        'MalformedRequest',
      );
      expectError(
        await app.inject({
          method: 'POST',
          url: '/api/Contact/Send',
          headers: { 'content-type': 'text/xml' },
          payload: '<a/>',
        }),
        'UnsupportedMediaType',
      );
      expectError(
        await app.inject({
          method: 'POST',
          url: '/api/Contact/Send',
          headers,
          payload: JSON.stringify({ Message: 'x'.repeat(40_000) }),
        }),
        'PayloadTooLarge',
      );
      expectError(
        await app.inject({ method: 'POST', url: '/api/Contact/Send', headers, payload: '{"__proto__": {"x": 1}}' }),
        'MalformedRequest',
      );
    });

    it('hides the details of an unexpected failure', async () => {
      app = await buildTestApp(testDb);
      app.get('/api/Test/Boom', async () => {
        throw new Error('secret table users_password_hash missing');
      });
      const res = await app.inject({ url: '/api/Test/Boom' });
      expectError(res, 'InternalError');
      expect(res.body).not.toContain('secret');
      expect(res.body).not.toContain('at ');
    });

    it('hides a response that does not match its schema', async () => {
      app = await buildTestApp(testDb);
      const { z } = await import('zod');
      app.get(
        '/api/Test/Shape',
        { schema: { response: { 200: z.object({ Id: z.number() }) } } },
        async () => ({ Id: 'not a number' }) as never,
      );
      expectError(await app.inject({ url: '/api/Test/Shape' }), 'InternalError');
    });
  });

  describe('the Portal header', () => {
    it('serves requests with Portal 5 or without it, and refuses another portal', async () => {
      app = await buildTestApp(testDb);
      expect((await app.inject({ url: '/api/config', headers: { portal: '5' } })).statusCode).toBe(200);
      expect((await app.inject({ url: '/api/config' })).statusCode).toBe(200);
      expectError(await app.inject({ url: '/api/config', headers: { portal: '4' } }), 'InvalidPortal');
      expectError(await app.inject({ url: '/api/config', headers: { portal: 'five' } }), 'InvalidPortal');
    });
  });

  describe('rate limits', () => {
    it('answers 429 with the error body and Retry-After past the global limit', async () => {
      app = await buildTestApp(testDb, { env: { RATE_LIMIT_MAX: '3' } });
      for (let i = 0; i < 3; i++) expect((await app.inject({ url: '/api/config' })).statusCode).toBe(200);
      const res = await app.inject({ url: '/api/config' });
      expectError(res, 'TooManyRequests');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      // Another client is not affected.
      expect((await app.inject({ url: '/api/config', remoteAddress: '10.1.2.3' })).statusCode).toBe(200);
    });

    it('limits requests that end in the not-found handler', async () => {
      app = await buildTestApp(testDb, { notFoundRateLimit: 2 });
      expectError(await app.inject({ url: '/api/probe/1' }), 'NotFound');
      expectError(await app.inject({ url: '/api/probe/2' }), 'NotFound');
      const limited = await app.inject({ method: 'POST', url: '/api/probe/3' });
      expectError(limited, 'TooManyRequests');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('uses the forwarded client address only behind a trusted proxy', async () => {
      app = await buildTestApp(testDb, { env: { RATE_LIMIT_MAX: '1', TRUST_PROXY: '127.0.0.1' } });
      const from = (ip: string) => app!.inject({ url: '/api/config', headers: { 'x-forwarded-for': ip } });
      expect((await from('198.51.100.1')).statusCode).toBe(200);
      expect((await from('198.51.100.2')).statusCode).toBe(200);
      expectError(await from('198.51.100.1'), 'TooManyRequests');
    });
  });

  describe('health', () => {
    it('reports ready when the database answers, and alive', async () => {
      app = await buildTestApp(testDb);
      const ready = await app.inject({ url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ Status: 'Ready', Database: 'Up', Version: expect.any(String) });
      expect(ready.headers['cache-control']).toBe('no-store');
      const alive = await app.inject({ url: '/healthcheck' });
      expect(alive.statusCode).toBe(200);
      expect(alive.json()).toEqual({ Status: 'Healthy', Version: expect.any(String) });
    });

    it('is not ready (503 with the error body) while the database is down, and still alive', async () => {
      const database = { ...testDb.database, ping: () => Promise.reject(new Error('connection refused')) };
      app = await buildTestApp(testDb, { database });
      expectError(await app.inject({ url: '/readyz' }), 'ServiceUnavailable');
      expect((await app.inject({ url: '/healthcheck' })).statusCode).toBe(200);
    });

    it('is not ready while it shuts down, finishing what it has', async () => {
      const closing = await buildTestApp(testDb);
      await closing.listen({ port: 0, host: '127.0.0.1' });
      const done = drainAndClose(closing, { graceMs: 2000 });
      expectError(await closing.inject({ url: '/readyz' }), 'ServiceUnavailable');
      await done;
      expect(closing.server.listening).toBe(false);
    });

    it('answers a call whose database is unreachable with 503, the error body and when to try again', async () => {
      const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
      app = await buildTestApp(testDb);
      app.get('/api/Test/DatabaseAway', async () => {
        throw Object.assign(new Error('Failed query: select 1'), { cause: refused });
      });
      const res = await app.inject({ url: '/api/Test/DatabaseAway' });
      expectError(res, 'ServiceUnavailable');
      expect(res.headers['retry-after']).toBe('5');
      expect(res.body).not.toContain('ECONNREFUSED');
    });
  });

  describe('translations', () => {
    it('serves a namespace with the client cache lifetime', async () => {
      app = await buildTestApp(testDb);
      const res = await app.inject({ url: '/locales/it/contact.json' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=225');
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(typeof res.json()).toBe('object');
    });

    it.each([
      '/locales/en/contact.json',
      '/locales/it/missing-namespace.json',
      '/locales/it/contact.txt',
      '/locales/it/..%2F..%2Fpackage.json',
      '/locales/it/.json',
    ])('answers %s with the 404 error body', async (url) => {
      app = await buildTestApp(testDb);
      expectError(await app.inject({ url }), 'NotFound');
    });
  });

  describe('media', () => {
    it('serves a stored image with cache headers and revalidation', async () => {
      app = await buildTestApp(testDb);
      const agencies = (await app.inject({ url: '/api/Agency/List' })).json() as { LogoUrl: string | null }[];
      const logo = agencies.find((a) => a.LogoUrl)?.LogoUrl;
      expect(logo).toMatch(/^\/media\/media\//);
      const res = await app.inject({ url: logo! });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\//);
      expect(res.headers['cache-control']).toMatch(/public, max-age=\d+/);
      expect(res.rawPayload.length).toBe(Number(res.headers['content-length']));
      const again = await app.inject({ url: logo!, headers: { 'if-none-match': String(res.headers.etag) } });
      expect(again.statusCode).toBe(304);
    });

    it('refuses missing files, private storage areas and path traversal', async () => {
      app = await buildTestApp(testDb);
      await testDb.storage.put('careers/2025/01/private.pdf', Buffer.from('%PDF-1.4'), 'application/pdf');
      for (const url of [
        '/media/media/nope.jpg',
        '/media/careers/2025/01/private.pdf',
        '/media/media/../careers/2025/01/private.pdf',
        '/media/media/%2e%2e/careers/2025/01/private.pdf',
        '/media/media//x.jpg',
        '/media/',
      ]) {
        expectError(await app.inject({ url }), 'NotFound');
      }
    });
  });

  describe('API documentation', () => {
    it('publishes the OpenAPI document generated from the route schemas', async () => {
      app = await buildTestApp(testDb);
      const res = await app.inject({ url: '/api/openapi.json' });
      expect(res.statusCode).toBe(200);
      const doc = res.json() as {
        info: { title: string };
        paths: Record<string, unknown>;
        components: { schemas: Record<string, unknown> };
      };
      expect(doc.info.title).toBe('Rexer API');
      expect(Object.keys(doc.paths)).toEqual(
        expect.arrayContaining([
          '/api/config',
          '/api/Home/Cities',
          '/api/Contact/Send',
          '/api/Careers/Apply',
          '/healthcheck',
          '/readyz',
        ]),
      );
      expect(doc.components.schemas.ErrorBody).toBeDefined();
    });

    it('serves Swagger UI and its assets from this server, under the same CSP', async () => {
      app = await buildTestApp(testDb);
      const page = await app.inject({ url: '/api/docs/' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.body).not.toMatch(/https?:\/\/(cdn|unpkg)/);
      const csp = String(page.headers['content-security-policy']).split(/;\s*/);
      expect(csp).toContain("object-src 'none'");
      // Its page too takes stylesheets from files only (the top bar's <style> is left out).
      expect(csp.find((directive) => directive.startsWith('style-src '))).toBe("style-src 'self'");
      const initializer = await app.inject({ url: '/api/docs/static/swagger-initializer.js' });
      expect(initializer.body).toMatch(/"layout":\s*"BaseLayout"/);
      const script = await app.inject({ url: '/api/docs/static/swagger-ui-bundle.js' });
      expect(script.statusCode).toBe(200);
      expect(script.headers['content-type']).toMatch(/javascript/);
    });
  });

  describe('the pages and the client build', () => {
    let dist: string;
    beforeAll(async () => {
      // A build as `npm run build` lays it out: the client's files and manifest, and a server
      // entry whose renderer echoes what the server handed it.
      dist = await mkdtemp(path.join(os.tmpdir(), 'rexer-dist-'));
      await mkdir(path.join(dist, 'client', 'assets'), { recursive: true });
      await mkdir(path.join(dist, 'client', '.vite'));
      await mkdir(path.join(dist, 'server'));
      await writeFile(
        path.join(dist, 'client', '.vite', 'manifest.json'),
        JSON.stringify({
          'src/app/entry-client.tsx': {
            file: 'assets/entry-client-abc123.js',
            isEntry: true,
            imports: ['_framework.js'],
          },
          '_framework.js': { file: 'assets/framework-def456.js' },
          'style.css': { file: 'assets/style-789.css' },
        }),
      );
      await writeFile(path.join(dist, 'client', 'assets', 'entry-client-abc123.js'), 'console.log(1)');
      await writeFile(
        path.join(dist, 'client', 'assets', 'entry-client-abc123.js.br'),
        brotliCompressSync('console.log(1)'),
      );
      await writeFile(path.join(dist, 'client', 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
      await writeFile(
        path.join(dist, 'server', 'entry-server.js'),
        `export function createPageRenderer(setup) {
          return async ({ request, nonce }) => {
            const url = new URL(request.url);
            if (url.pathname === '/lenta') return new Promise((_, reject) => request.signal.addEventListener('abort', () => reject(request.signal.reason)));
            if (url.pathname === '/rotta') throw new Error('a broken page');
            const status = url.pathname.includes('non-esiste') ? 404 : 200;
            return new Response('<!doctype html><div id="root">' + JSON.stringify({ path: url.pathname, assets: setup.assets, nonce, origin: setup.siteOrigin }) + '</div>', { status, headers: { 'content-type': 'text/html; charset=utf-8' } });
          };
        }`,
      );
    });
    afterAll(async () => {
      await rm(dist, { recursive: true, force: true });
    });

    it("renders every page path through the build's renderer, with the build's assets, private to the visitor", async () => {
      app = await buildTestApp(testDb, { distDir: dist, env: { PUBLIC_URL: 'https://www.rexer.test' } });
      for (const [url, status] of [
        ['/', 200],
        ['/comprocasa', 200],
        ['/vendita/case/milano/milano/015146', 200],
        ['/pagina-che-non-esiste?x=1', 404],
      ] as const) {
        const res = await app.inject({ url });
        expect(res.statusCode).toBe(status);
        expect(res.headers['content-type']).toMatch(/text\/html/);
        expect(res.headers['cache-control']).toBe('no-cache, private');
        expect(res.headers.vary).toMatch(/Cookie/);
        const rendered = JSON.parse(/<div id="root">(.*)<\/div>/.exec(res.body)![1]) as {
          path: string;
          assets: unknown;
          nonce: string;
          origin: string;
        };
        expect(rendered.path).toBe(url.split('?')[0]);
        expect(rendered.assets).toEqual({
          entry: '/assets/entry-client-abc123.js',
          preloads: ['/assets/framework-def456.js'],
          stylesheets: ['/assets/style-789.css'],
        });
        expect(rendered.origin).toBe('https://www.rexer.test');
        // The page's inline scripts run with this answer's nonce, and only this answer's.
        expect(res.headers['content-security-policy']).toContain(`'nonce-${rendered.nonce}'`);
      }
    });

    it('caches hashed assets for a year and other files not at all', async () => {
      app = await buildTestApp(testDb, { distDir: dist });
      const asset = await app.inject({ url: '/assets/entry-client-abc123.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const icon = await app.inject({ url: '/favicon.svg' });
      expect(icon.statusCode).toBe(200);
      expect(icon.headers['cache-control']).toBe('no-cache');
      // The brotli copy made at build time goes as it is to a browser that takes brotli.
      const compressed = await app.inject({
        url: '/assets/entry-client-abc123.js',
        headers: { 'accept-encoding': 'br, gzip' },
      });
      expect(compressed.headers['content-encoding']).toBe('br');
      expect(compressed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe('console.log(1)');
      // The build's own files (its module map) are not published.
      expectError(await app.inject({ url: '/.vite/manifest.json' }), 'NotFound');
    });

    it('answers missing assets and reserved prefixes with the 404 error body, never index.html', async () => {
      app = await buildTestApp(testDb, { distDir: dist });
      for (const url of ['/assets/missing.js', '/api/unknown', '/media/unknown', '/locales/unknown', '/API/Unknown']) {
        expectError(await app.inject({ url }), 'NotFound');
      }
      // Dot segments never reach outside dist/: at worst they are one more page path.
      for (const url of ['/../../etc/passwd', '/%2e%2e/%2e%2e/etc/passwd', '/assets/..%2f..%2f..%2fetc%2fpasswd']) {
        const res = await app.inject({ url });
        expect(res.body).not.toContain('root:');
        expect([200, 404]).toContain(res.statusCode);
      }
    });

    it('logs a page whose visitor left mid-render as information, and a broken page as an error', async () => {
      const lines: { level: number; msg: string }[] = [];
      app = await buildTestApp(testDb, {
        distDir: dist,
        logger: {
          level: 'info',
          stream: { write: (line: string) => void lines.push(JSON.parse(line) as { level: number; msg: string }) },
        },
      });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      const left = http.get({ host: '127.0.0.1', port, path: '/lenta' });
      left.on('error', () => undefined);
      await new Promise((resolve) => setTimeout(resolve, 200));
      left.destroy();
      await vi.waitFor(() =>
        expect(lines.map((line) => line.msg)).toContain('page rendering stopped: the visitor left'),
      );
      expect(lines.filter((line) => line.level >= 50)).toEqual([]);
      const broken = await app.inject({ url: '/rotta' });
      expect(broken.statusCode).toBe(500);
      expect(lines.filter((line) => line.level >= 50).map((line) => line.msg)).toEqual(['page rendering failed']);
    });

    it('answers page paths with 404 when there is no build (the API alone)', async () => {
      app = await buildTestApp(testDb, { distDir: path.join(dist, 'missing') });
      expectError(await app.inject({ url: '/comprocasa' }), 'NotFound');
    });
  });
});
