import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createCachedAnswer, createReferenceCache, etagOf, matchesEtag } from './reference-cache';

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
    app.get('/thing', { schema: { response: { 200: z.object({ Name: z.string() }) } } }, (request, reply) => answer.send(request, reply));
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
