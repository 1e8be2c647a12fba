import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import sharp from 'sharp';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../server/db/seed/demo-accounts';
import { createTestDatabase, hasTestPostgres, type TestDatabase } from '../../server/db/testing';
import { startTestS3, TEST_S3_CREDENTIALS, type TestS3 } from '../../server/storage/testing-s3';

// Two real servers (two processes, nothing shared but the database and the files' bucket) on one
// PostgreSQL database, as behind a load balancer: whatever must hold across requests holds whichever
// server answers. No key is configured: the servers agree through server_secrets. Each has a DATA_DIR
// of its own; their files are objects of one STORAGE_URL bucket (s3rver, started here).

interface Server {
  url: string;
  child: ChildProcess;
  output(): string;
}

async function startServer(env: Record<string, string>): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
    env: { ...process.env, TEST_POSTGRES_URL: '', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 120_000;
  for (;;) {
    const ready = /Rexer è pronto su (http:\/\/[^\s]+)/.exec(output);
    if (ready) return { url: ready[1], child, output: () => output };
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${output}`);
    if (Date.now() > deadline) throw new Error(`server did not start: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function call(server: Server, path: string, init: { method?: string; body?: unknown; token?: string } = {}) {
  const response = await fetch(`${server.url}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      portal: '5',
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/** A solved ALTCHA challenge of `server`, as the widget posts it. */
async function captchaOf(server: Server): Promise<string> {
  const { body: challenge } = await call(server, '/api/Account/Captcha');
  const solution = await solveChallenge({ challenge: challenge as never, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

const login = async (server: Server, username: string, password: string, captcha?: string) =>
  call(server, '/api/Account/Login', {
    body: { username, password, RecaptchaToken: captcha ?? (await captchaOf(server)) },
  });

describe.runIf(hasTestPostgres())('two servers on one PostgreSQL database', () => {
  let testDb: TestDatabase;
  let a: Server;
  let b: Server;
  let smtp: SMTPServer;
  let s3: TestS3;
  const dataDirs: string[] = [];
  const received: string[] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        stream.resume();
        stream.on('end', () => {
          received.push(...session.envelope.rcptTo.map((rcpt) => rcpt.address));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const smtpPort = (smtp.server.address() as AddressInfo).port;
    testDb = await createTestDatabase({ postgres: true });
    s3 = await startTestS3({ bucket: 'rexer-shared', prefix: 'two-servers' });
    for (let i = 0; i < 2; i++) dataDirs.push(await mkdtemp(path.join(tmpdir(), 'rexer-server-')));
    const env = {
      DATABASE_URL: testDb.url ?? '',
      STORAGE_URL: s3.storageUrl,
      AWS_ACCESS_KEY_ID: TEST_S3_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: TEST_S3_CREDENTIALS.secretAccessKey,
      DEMO_DATA: 'false',
      CAPTCHA: 'altcha',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      PUBLIC_URL: 'https://www.rexer.example',
      JOB_POLL_SECONDS: '0.5',
      MAIL_OUTBOX_VIEW: 'false',
    };
    [a, b] = await Promise.all([
      startServer({ ...env, DATA_DIR: dataDirs[0] }),
      startServer({ ...env, DATA_DIR: dataDirs[1] }),
    ]);
  }, 180_000);

  afterAll(async () => {
    for (const server of [a, b]) {
      if (!server) continue;
      server.child.kill('SIGTERM');
      await new Promise((resolve) => server.child.once('exit', resolve));
    }
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
    await testDb?.cleanup();
    await s3?.close();
    for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
  });

  it('takes a login made on one server on the other', async () => {
    const loggedIn = await login(a, DEMO_ACCOUNTS.buyer.email, DEMO_PASSWORD);
    expect(loggedIn.status).toBe(200);
    const userToken = loggedIn.body.UserToken as string;
    const session = await call(b, '/api/Account/Session', { body: { userToken, portal: 5 } });
    expect(session.status).toBe(200);
    const me = await call(b, '/api/Account/Me', { token: session.body.Token as string });
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(DEMO_ACCOUNTS.buyer.email);
    // And the session made on the second server works on the first.
    expect((await call(a, '/api/Account/Me', { token: session.body.Token as string })).body.email).toBe(
      DEMO_ACCOUNTS.buyer.email,
    );
  });

  it('refuses a captcha solved on one server when it is replayed on the other', async () => {
    const captcha = await captchaOf(a);
    expect((await login(a, DEMO_ACCOUNTS.seller.email, DEMO_PASSWORD, captcha)).status).toBe(200);
    const replay = await login(b, DEMO_ACCOUNTS.seller.email, DEMO_PASSWORD, captcha);
    expect(replay.status).toBe(400);
    expect(replay.body.ExceptionTypeString).toBe('CaptchaFailed');
    // A challenge issued by one server is good on the other (the signing key is shared).
    expect((await login(b, DEMO_ACCOUNTS.seller.email, DEMO_PASSWORD, await captchaOf(a))).status).toBe(200);
  });

  it('locks an account on both servers after ten wrong passwords spread over them', async () => {
    const email = DEMO_ACCOUNTS.agency.email;
    for (let attempt = 0; attempt < 10; attempt++) {
      const server = attempt % 2 === 0 ? a : b;
      const wrong = await login(server, email, `Sbagliata#${attempt}x`);
      expect(wrong.status).toBeGreaterThanOrEqual(400);
    }
    for (const server of [a, b]) {
      const right = await login(server, email, DEMO_PASSWORD);
      expect(right.body.ExceptionTypeString).toBe('PasswordAttemptsExceeded');
    }
  });

  it('serves a picture uploaded through one server, and its resized variants, from the other', async () => {
    const loggedIn = await login(a, DEMO_ACCOUNTS.buyer.email, DEMO_PASSWORD);
    const session = await call(a, '/api/Account/Session', { body: { userToken: loggedIn.body.UserToken, portal: 5 } });
    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('Avatar', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'foto.png');
    const uploaded = await fetch(`${a.url}/api/user/Avatar`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session.body.Token as string}`, portal: '5' },
      body: form,
    });
    expect(uploaded.status).toBe(200);
    const template = ((await uploaded.json()) as { Avatar: string }).Avatar;
    for (const dim of ['PING', 'BIG']) {
      const url = template.replace('{dim}', dim).replace('{ext}', 'jpg');
      const [fromA, fromB] = await Promise.all([fetch(`${a.url}${url}`), fetch(`${b.url}${url}`)]);
      expect([fromA.status, fromB.status]).toEqual([200, 200]);
      const [bytesA, bytesB] = await Promise.all([fromA.arrayBuffer(), fromB.arrayBuffer()]);
      expect(Buffer.from(bytesB).equals(Buffer.from(bytesA))).toBe(true);
      for (const header of ['content-type', 'cache-control', 'etag', 'content-length'])
        expect(fromB.headers.get(header), header).toBe(fromA.headers.get(header));
      expect(fromB.headers.get('cache-control')).toBe('public, max-age=604800');
      // A resized variant, not the upload: the small one is 160 pixels wide.
      if (dim === 'PING') expect((await sharp(Buffer.from(bytesB)).metadata()).width).toBe(160);
    }
  });

  it('delivers a confirmation mail queued while both run exactly once', async () => {
    const email = 'due.server@example.com';
    const registered = await call(a, '/api/Account/Register', {
      body: {
        name: 'Marta',
        surname: 'Ricci',
        email,
        phone: '3471234567',
        TermsAndConditions: true,
        InfoPrivacy: true,
        PartnerConsent: false,
        commercialPartnerConsent: false,
        RecaptchaToken: await captchaOf(b),
        password: 'Nuova#Casa2025',
      },
    });
    expect(registered.status).toBe(200);
    const deadline = Date.now() + 30_000;
    while (!received.includes(email) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(received).toContain(email);
    // Both servers poll the queue and sweep the outbox: give them time to send it twice.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(received.filter((to) => to === email)).toHaveLength(1);
  });
});
