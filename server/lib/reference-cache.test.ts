import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import compress from '@fastify/compress';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createCachedAnswer, createReferenceCache, etagOf, matchesEtag, negotiateCoding } from './reference-cache';

const POLICY = 'public, max-age=300';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('createReferenceCache', () => {
  it('loads a key once, and concurrent first calls share the load', async () => {
    const cache = createReferenceCache({ cacheControl: POLICY });
    const gate = deferred<unknown>();
    const load = vi.fn(() => gate.promise);
    const first = cache.get('k', load);
    const second = cache.get('k', load);
    gate.resolve({ a: 1 });
    const [a, b] = await Promise.all([first, second]);
    expect(load).toHaveBeenCalledTimes(1);
    expect(a).toBe(b);
    expect(a.body.toString()).toBe('{"a":1}');
    expect(a.etag).toBe(etagOf(Buffer.from('{"a":1}')));
    expect(a.etag).toMatch(/^"[\w-]{43}"$/);
    // Loaded: the body itself, not even a promise.
    expect(cache.get('k', load)).toBe(a);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('does not keep a failed load: the callers waiting on it fail, the next one loads again', async () => {
    const cache = createReferenceCache({ cacheControl: POLICY });
    const gate = deferred<unknown>();
    const failing = vi.fn(() => gate.promise);
    const first = cache.get('k', failing);
    const second = cache.get('k', failing);
    gate.reject(new Error('database down'));
    await expect(first).rejects.toThrow('database down');
    await expect(second).rejects.toThrow('database down');
    expect(failing).toHaveBeenCalledTimes(1);
    expect(cache.size).toBe(0);
    const working = vi.fn(async () => [1, 2]);
    expect((await cache.get('k', working)).body.toString()).toBe('[1,2]');
    expect(working).toHaveBeenCalledTimes(1);
  });

  it('keeps keys apart and drops the oldest beyond maxEntries', async () => {
    const cache = createReferenceCache({ cacheControl: POLICY, maxEntries: 2 });
    await cache.get('a', async () => 'a');
    await cache.get('b', async () => 'b');
    await cache.get('c', async () => 'c');
    expect(cache.size).toBe(2);
    const reload = vi.fn(async () => 'a again');
    expect((await cache.get('a', reload)).body.toString()).toBe('"a again"');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('past its TTL answers the stale body while one reload runs, and keeps it when the reload fails', async () => {
    let now = 1_000;
    const cache = createReferenceCache({ cacheControl: POLICY, ttlMs: 60_000, now: () => now });
    const first = await cache.get('k', async () => 1);
    now += 30_000;
    const notCalled = vi.fn(async () => 2);
    expect(cache.get('k', notCalled)).toBe(first);
    expect(notCalled).not.toHaveBeenCalled();

    now += 31_000;
    const gate = deferred<unknown>();
    const reload = vi.fn(() => gate.promise);
    expect(cache.get('k', reload)).toBe(first);
    expect(cache.get('k', reload)).toBe(first);
    gate.reject(new Error('database down'));
    // The failed reload leaves the old body; the next call after it reloads again.
    const third = vi.fn(async () => 3);
    let answered: unknown;
    await vi.waitFor(() => {
      answered = cache.get('k', third);
      expect(third).toHaveBeenCalled();
    });
    expect(answered).toBe(first);
    expect(reload).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect((cache.get('k', notCalled) as { body: Buffer }).body.toString()).toBe('3'));
    expect(third).toHaveBeenCalledTimes(1);
    expect(notCalled).not.toHaveBeenCalled();
  });
});

describe('matchesEtag', () => {
  const tag = '"abc"';
  it.each([
    ['"abc"', true],
    ['W/"abc"', true],
    ['"x", "abc"', true],
    ['*', true],
    ['"abcd"', false],
    ['abc', false],
    ['', false],
  ])('If-None-Match %s → %s', (header, expected) => {
    expect(matchesEtag(header, tag)).toBe(expected);
  });
  it('is false without the header', () => {
    expect(matchesEtag(undefined, tag)).toBe(false);
  });
});

describe('send', () => {
  async function appWith(load: () => Promise<unknown>) {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const answer = createCachedAnswer(load, { cacheControl: POLICY });
    app.get('/thing', { schema: { response: { 200: z.object({ Name: z.string() }) } } }, (request, reply) =>
      answer.send(request, reply),
    );
    await app.ready();
    return app;
  }

  it('serialises with the route schema once, then answers the bytes with ETag and Cache-Control', async () => {
    const load = vi.fn(async () => ({ Name: 'Milano', Secret: 'stripped by the schema' }));
    const app = await appWith(load);
    const first = await app.inject('/thing');
    expect(first.statusCode).toBe(200);
    expect(first.body).toBe('{"Name":"Milano"}');
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.headers['cache-control']).toBe(POLICY);
    expect(first.headers.etag).toBe(etagOf(Buffer.from('{"Name":"Milano"}')));
    expect(Number(first.headers['content-length'])).toBe(first.rawPayload.length);
    const second = await app.inject('/thing');
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(load).toHaveBeenCalledTimes(1);
    await app.close();
  });

  it('answers 304 with an empty body to a matching If-None-Match, and HEAD without a body', async () => {
    const app = await appWith(async () => ({ Name: 'Roma' }));
    const { headers } = await app.inject('/thing');
    const notModified = await app.inject({ url: '/thing', headers: { 'if-none-match': String(headers.etag) } });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.rawPayload.length).toBe(0);
    expect(notModified.headers.etag).toBe(headers.etag);
    expect(notModified.headers['cache-control']).toBe(POLICY);
    const other = await app.inject({ url: '/thing', headers: { 'if-none-match': '"something-else"' } });
    expect(other.statusCode).toBe(200);
    const head = await app.inject({ method: 'HEAD', url: '/thing' });
    expect(head.statusCode).toBe(200);
    expect(head.headers.etag).toBe(headers.etag);
    expect(head.rawPayload.length).toBe(0);
    await app.close();
  });

  it('answers the whole body compressed, on the request that loads it and on the next one', async () => {
    // The app compresses answers over 1 KB: a load that settled before the compressed body
    // was out had Fastify end the first answer empty.
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(compress, { global: true, threshold: 1024, encodings: ['gzip'] });
    const name = 'Milano '.repeat(400);
    const answer = createCachedAnswer(async () => ({ Name: name }), { cacheControl: POLICY });
    app.get('/thing', { schema: { response: { 200: z.object({ Name: z.string() }) } } }, (request, reply) =>
      answer.send(request, reply),
    );
    await app.ready();
    for (const attempt of ['loads', 'cached']) {
      const res = await app.inject({ url: '/thing', headers: { 'accept-encoding': 'gzip' } });
      expect(res.statusCode, attempt).toBe(200);
      expect(res.headers['content-encoding'], attempt).toBe('gzip');
      expect(JSON.parse(gunzipSync(res.rawPayload).toString('utf8')), attempt).toEqual({ Name: name });
    }
    await app.close();
  });

  it('keeps a body over 1 KB compressed, and answers the coding the request accepts as the compression plugin would', async () => {
    const app = Fastify();
    await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
    const big = createCachedAnswer(async () => ({ Name: 'Roma '.repeat(400) }), { cacheControl: POLICY });
    const small = createCachedAnswer(async () => ({ Name: 'Roma' }), { cacheControl: POLICY });
    app.get('/big', (request, reply) => big.send(request, reply));
    app.get('/small', (request, reply) => small.send(request, reply));
    await app.ready();
    const plain = await app.inject('/big');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBeUndefined();
    const decoded = { br: brotliDecompressSync, gzip: gunzipSync };
    const cases: [string | undefined, 'br' | 'gzip' | undefined, Record<string, string>?][] = [
      ['gzip, deflate, br, zstd', 'br'],
      ['br;q=0.5, gzip', 'gzip'],
      ['gzip', 'gzip'],
      ['x-gzip', 'gzip'],
      ['*', 'gzip'],
      ['deflate', undefined],
      ['identity', undefined],
      ['br;q=0, gzip;q=0', undefined],
      [undefined, undefined],
      ['br, gzip', undefined, { 'x-no-compression': '1' }],
    ];
    for (const [accept, coding, extra] of cases) {
      for (const attempt of ['first', 'again']) {
        const res = await app.inject({
          url: '/big',
          headers: { ...(accept === undefined ? {} : { 'accept-encoding': accept }), ...extra },
        });
        const label = `${accept} (${attempt})`;
        expect(res.statusCode, label).toBe(200);
        expect(res.headers['content-encoding'], label).toBe(coding);
        expect(res.headers.etag, label).toBe(plain.headers.etag);
        expect(res.headers['cache-control'], label).toBe(POLICY);
        expect(res.headers['content-type'], label).toBe('application/json; charset=utf-8');
        if (coding) expect(res.headers.vary, label).toBe('accept-encoding');
        const body = coding ? decoded[coding](res.rawPayload) : res.rawPayload;
        expect(body.toString('utf8'), label).toBe(plain.body);
        expect(Number(res.headers['content-length']), label).toBe(res.rawPayload.length);
      }
    }
    // Under the threshold nothing is compressed, whatever the request accepts.
    const tiny = await app.inject({ url: '/small', headers: { 'accept-encoding': 'br, gzip' } });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body).toBe('{"Name":"Roma"}');
    await app.close();
  });

  it('passes a failed load to the error handler without caching headers, and loads again next time', async () => {
    let calls = 0;
    const app = await appWith(async () => {
      calls += 1;
      if (calls === 1) throw new Error('database down');
      return { Name: 'Napoli' };
    });
    const failed = await app.inject('/thing');
    expect(failed.statusCode).toBe(500);
    expect(failed.headers.etag).toBeUndefined();
    expect(failed.headers['cache-control']).toBeUndefined();
    const ok = await app.inject('/thing');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ Name: 'Napoli' });
    await app.close();
  });
});

describe('negotiateCoding', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['GZIP, BR', 'br'],
    ['gzip;q=1.0, br;q=0.9', 'gzip'],
    ['br;q=0.8, gzip;q=0.8', 'br'],
    ['deflate, identity', null],
    ['', null],
    ['br;q=0', null],
    ['br;q=nonsense, gzip', 'gzip'],
  ] as const)('Accept-Encoding %j → %s', (header, coding) => {
    expect(negotiateCoding(header)).toBe(coding);
  });
});
