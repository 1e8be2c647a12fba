import { deflateSync } from 'node:zlib';
import type { FastifyInstance, FastifyServerOptions, LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { buildApp, type AppOptions } from '../../server/app';
import { loadConfig, type AppConfig } from '../../server/config';
import type { Db } from '../../server/db/database';
import { users } from '../../server/db/schema';
import { createTestDatabase, hasTestPostgres, type TestDatabase } from '../../server/db/testing';
import { ERROR_CATALOGUE, type ErrorName } from '../../server/errors/catalogue';

/** A database the API suites run on. */
export interface Backend {
  name: 'pglite' | 'postgres';
  postgres: boolean;
}

/** The databases the API suites run on: PGlite always, PostgreSQL when a server is configured. */
export const BACKENDS: Backend[] = [
  { name: 'pglite', postgres: false },
  ...(hasTestPostgres() ? [{ name: 'postgres' as const, postgres: true }] : []),
];

export function testConfig(env: Record<string, string> = {}): AppConfig {
  // No job queue unless a test asks for it (JOB_QUEUE: 'true'): most tests need no background work.
  // No search answer cache nor page cache (a test reads its own writes at once) unless it asks
  // for one (SEARCH_CACHE_SECONDS, PAGE_CACHE_TTL_S).
  return loadConfig({
    LOG_LEVEL: 'silent',
    JOB_QUEUE: 'false',
    SEARCH_CACHE_SECONDS: '0',
    SEARCH_MEMORY_MARKERS: 'false',
    PAGE_CACHE_TTL_S: '0',
    ...env,
  });
}

export function openTestDatabase(backend: { postgres: boolean }): Promise<TestDatabase> {
  return createTestDatabase({ postgres: backend.postgres });
}

export interface TestAppOptions extends Partial<Omit<AppOptions, 'config'>> {
  env?: Record<string, string>;
  /** Logger options (a capture stream ...); the default is no logging. */
  logger?: FastifyServerOptions['logger'];
}

/** The whole app over a test database, without logging; close it after the test. */
export async function buildTestApp(testDb: TestDatabase, options: TestAppOptions = {}): Promise<FastifyInstance> {
  const { env, logger = false, ...rest } = options;
  return buildApp({
    config: testConfig(env),
    database: testDb.database,
    storage: testDb.storage,
    logger,
    ...rest,
  });
}

/** What a suite of describeOnBackends reads once its database and app are open (in its hooks and tests). */
export interface BackendSuite {
  readonly backend: Backend;
  readonly testDb: TestDatabase;
  readonly app: FastifyInstance;
  /** The test database's Drizzle handle. */
  readonly db: Db;
}

/**
 * One describe per backend (`<title> (pglite)`, `<title> (postgres)`), each with a test database and the
 * app over it, opened before its tests and closed after them (after the suite's own afterAll hooks).
 * The body's own beforeAll hooks run once the app is built. Options given as a function are read when
 * the app is built, after the file's own beforeAll hooks (a server the app talks to, started there,
 * has its address by then).
 */
export function describeOnBackends(
  title: string,
  options: TestAppOptions | (() => TestAppOptions),
  body: (suite: BackendSuite) => void,
): void {
  for (const backend of BACKENDS) {
    describe(`${title} (${backend.name})`, () => {
      let testDb: TestDatabase | undefined;
      let app: FastifyInstance | undefined;
      beforeAll(async () => {
        testDb = await openTestDatabase(backend);
        app = await buildTestApp(testDb, typeof options === 'function' ? options() : options);
      }, 180_000);
      afterAll(async () => {
        await app?.close();
        await testDb?.cleanup();
      });
      const opened = <T>(value: T | undefined): T => {
        if (value === undefined)
          throw new Error(`${title} (${backend.name}): the database and the app open in beforeAll`);
        return value;
      };
      body({
        backend,
        get testDb() {
          return opened(testDb);
        },
        get app() {
          return opened(app);
        },
        get db() {
          return opened(testDb).database.db;
        },
      });
    });
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface SignedInUserOptions {
  email: string;
  password?: string;
  name?: string;
  surname?: string;
  /** A mobile number given at the registration (none unless given). */
  phone?: string;
  /** The client's address for the registration and the login (the per-address limits are not under test). */
  remoteAddress?: string;
  /** The bearer of the anonymous session the login comes from (what it holds moves to the account). */
  anonymousBearer?: string;
}

export interface SignedInUser {
  id: number;
  email: string;
  password: string;
  /** The session's bearer. */
  bearer: string;
  /** A call with the user's bearer (and any other headers). */
  call(
    method: HttpMethod,
    url: string,
    payload?: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
}

/** The password signedInUser gives an account unless told another. */
export const SIGNED_IN_PASSWORD = 'Ortensie.Blu#Lago71';

export interface ConfirmedAccount {
  id: number;
  email: string;
  password: string;
}

/** A registered account, confirmed as its confirmation link would confirm it (registration confirmed, no longer silent). */
export async function confirmedAccount(
  app: FastifyInstance,
  db: Db,
  options: Omit<SignedInUserOptions, 'anonymousBearer'>,
): Promise<ConfirmedAccount> {
  const { email, password = SIGNED_IN_PASSWORD, name = 'Pia', surname = 'Sala', phone, remoteAddress } = options;
  const registered = await app.inject({
    method: 'POST',
    url: '/api/Account/Register',
    ...(remoteAddress === undefined ? {} : { remoteAddress }),
    payload: {
      name,
      surname,
      email,
      ...(phone === undefined ? {} : { phone }),
      TermsAndConditions: true,
      InfoPrivacy: true,
      password,
    },
  });
  expect(registered.statusCode, registered.body).toBe(200);
  await db.update(users).set({ registrationConfirmed: true, isSilent: false }).where(eq(users.email, email));
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return { id: row!.id, email, password };
}

/** A session's bearer for an account's password login (from a client holding an anonymous bearer, if given). */
export async function loginBearer(
  app: FastifyInstance,
  account: { email: string; password: string; remoteAddress?: string; anonymousBearer?: string },
): Promise<string> {
  const { email, password, remoteAddress, anonymousBearer } = account;
  const login = await app.inject({
    method: 'POST',
    url: '/api/Account/Login',
    ...(remoteAddress === undefined ? {} : { remoteAddress }),
    payload: { username: email, password },
    headers: anonymousBearer === undefined ? {} : { authorization: `Bearer ${anonymousBearer}` },
  });
  expect(login.statusCode, login.body).toBe(200);
  const session = await app.inject({
    method: 'POST',
    url: '/api/Account/Session',
    payload: { userToken: login.json().UserToken, portal: 5 },
  });
  expect(session.statusCode, session.body).toBe(200);
  return session.json().Token as string;
}

/** A call with a bearer (and any other headers). */
export function callerOf(app: FastifyInstance, bearer: string): SignedInUser['call'] {
  return (method, url, payload, headers = {}) =>
    app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as never }),
      headers: { authorization: `Bearer ${bearer}`, ...headers },
    });
}

/**
 * A registered account, confirmed (see confirmedAccount) and logged in: its id, address, password, the
 * session's bearer and calls with it.
 */
export async function signedInUser(app: FastifyInstance, db: Db, options: SignedInUserOptions): Promise<SignedInUser> {
  const account = await confirmedAccount(app, db, options);
  const bearer = await loginBearer(app, {
    ...account,
    remoteAddress: options.remoteAddress,
    anonymousBearer: options.anonymousBearer,
  });
  return { ...account, bearer, call: callerOf(app, bearer) };
}

/** Asserts the answer is the catalogue's error body, with the catalogue's status. */
export function expectError(res: LightMyRequestResponse, name: ErrorName): void {
  const entry = ERROR_CATALOGUE[name];
  expect({ status: res.statusCode, body: res.json() }).toEqual({
    status: entry.status,
    body: { ExceptionType: entry.type, ExceptionTypeString: name },
  });
  expect(res.headers['content-type']).toMatch(/^application\/json/);
}

/** True when the body is exactly an error body of the catalogue (any type). */
export function isErrorBody(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const { ExceptionType, ExceptionTypeString, ...rest } = body as Record<string, unknown>;
  const entry = ERROR_CATALOGUE[ExceptionTypeString as ErrorName];
  return entry !== undefined && entry.type === ExceptionType && Object.keys(rest).every((k) => k === 'Token');
}

export interface MultipartFile {
  field: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

/** A multipart/form-data body, as a browser would send it. */
export function multipart(
  fields: Record<string, string>,
  files: MultipartFile[] = [],
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----rexer-test-${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A small but real PDF. */
export function pdfBytes(size = 400): Buffer {
  const head = Buffer.from('%PDF-1.4\n% rexer test cv\n');
  const tail = Buffer.from('\n%%EOF\n');
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length - tail.length), 0x20), tail]);
}

/** A browser's cookies, by name. */
export type CookieJar = Record<string, string>;

/** The cookies an answer sets, with their attributes. */
export function setCookies(res: LightMyRequestResponse) {
  return res.cookies as {
    name: string;
    value: string;
    httpOnly?: boolean;
    secure?: boolean;
    sameSite?: string;
    maxAge?: number;
    path?: string;
    domain?: string;
  }[];
}

/** A tiny browser cookie jar: applies an answer's Set-Cookie headers (a cleared cookie goes). */
export function applyCookies(jar: CookieJar, res: LightMyRequestResponse): CookieJar {
  for (const cookie of setCookies(res)) {
    if (cookie.value === '' || cookie.maxAge === 0) delete jar[cookie.name];
    else jar[cookie.name] = cookie.value;
  }
  return jar;
}

/**
 * A black PNG of any size, cheap to make (a decompression bomb when large): one bit per pixel, every row zero, deflated (16,000
 * × 16,000 pixels take 31 KB). headerOnly keeps only the first bytes of the pixels.
 */
export function blankPng(width: number, height: number, { headerOnly = false } = {}): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(1, 8); // bit depth
  ihdr.writeUInt8(0, 9); // greyscale
  // Each row: its filter byte (none), then width bits.
  const pixels = headerOnly ? Buffer.alloc(64) : Buffer.alloc((1 + Math.ceil(width / 8)) * height);
  const idat = deflateSync(pixels, { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}
