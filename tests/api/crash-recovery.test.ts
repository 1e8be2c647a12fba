import { randomUUID } from 'node:crypto';
import { readdir, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANSWERS } from '../../machines/testing/wizard-fixtures';
import { MEDIA_TYPE, PLAN_TYPE, SELL_TYPE } from '../../server/db/reference-ids';
import { createTestDatabase, type TestDatabase } from '../../server/db/testing';
import { FAILPOINTS, type FailpointName } from '../../server/lib/failpoint';
import { createOfflineProvider } from '../../server/payments/offline';
import { BACKENDS } from './helpers';
import { queryDatabase, startServerProcess, stopServerProcess, type ServerProcess } from './server-process';

// A server killed with kill -9 at the worst moments (server/lib/failpoint.ts: the process sends
// itself SIGKILL at a named point), restarted on the same database and storage each time:
//
//   A  SMTP down; a registration's mail fails once; a photo upload is killed with its files
//      written and its row not committed.
//   B  SMTP back; on start the housekeeping job deletes the files the upload left (their
//      pending keys aged an hour while the server was down) and the mail goes out once; a new
//      upload works; a wizard step's save is killed inside its transaction.
//   C  The draft is the previous step's, whole; an order's paid outcome is killed after the
//      order was marked paid and its effect applied, before the commit.
//   D  The order is still pending, nothing applied; the provider's retry applies it; the server
//      is killed as the receipt is claimed, before it reaches the SMTP server.
//   E  The receipt goes out once; the server is killed after the SMTP server accepted it, before
//      its row is marked sent (the window no sender can close).
//   F  The receipt goes out again with the same Message-ID; the outcome sent again changes nothing.

const PASSWORD = 'Ortensie.Blu#Lago71';
const OFFLINE_KEY = 'crash-recovery-offline-payment-key';

interface Received {
  to: string[];
  raw: string;
}

/** An SMTP server that can go down and come back on the same port. */
function smtpStandIn() {
  const received: Received[] = [];
  let server: SMTPServer | undefined;
  let port = 0;
  return {
    received,
    get port() {
      return port;
    },
    async up() {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS', 'AUTH'],
        logger: false,
        onData(stream, session, callback) {
          let raw = '';
          stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
          stream.on('end', () => {
            received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
            callback();
          });
        },
      });
      await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
      port = (server.server.address() as AddressInfo).port;
    },
    async down() {
      const current = server;
      server = undefined;
      if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
    },
  };
}

async function until<T>(check: () => Promise<T | undefined> | T | undefined, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A request that gets no answer: the server kills itself at `point` while handling it. */
async function killedBy(server: ServerProcess, point: FailpointName, request?: Promise<unknown>): Promise<void> {
  if (request) await expect(request).rejects.toThrow();
  const { signal } = await server.exited;
  expect(signal, server.output()).toBe('SIGKILL');
  expect(server.output()).toContain(`failpoint ${point}: SIGKILL`);
}

/** A JPEG photo of one colour, large enough for the gallery. */
function photo(red: number): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: { r: red, g: 120, b: 60 } } })
    .jpeg()
    .toBuffer();
}

/** The files stored under a listing's prefix (their content-type sidecars left out). */
async function listingFiles(dataDir: string, propertyId: number): Promise<string[]> {
  const dir = path.join(dataDir, 'storage', 'media', 'listings', String(propertyId));
  const names = await readdir(dir).catch(() => [] as string[]);
  return names.filter((name) => !name.endsWith('.meta.json')).sort();
}

const messageIdOf = (raw: string) => /^Message-ID: (<[^>]+>)/im.exec(raw)?.[1];

const smtp = smtpStandIn();
beforeAll(async () => {
  // Its port is kept: the SMTP server goes down and comes back on it.
  await smtp.up();
  await smtp.down();
});
afterAll(() => smtp.down());

// Its own loop, not describeOnBackends: the app runs in server processes it kills and restarts on one database.
for (const backend of BACKENDS) {
  describe(`A server killed with kill -9 (${backend.name})`, () => {
    let testDb: TestDatabase | undefined;
    let dataDir = '';
    let url: string | undefined;
    let server: ServerProcess | undefined;
    const email = `crash.${backend.name}.${randomUUID().slice(0, 8)}@example.com`;
    const offline = createOfflineProvider({ key: OFFLINE_KEY });

    const where = () => ({ dataDir, url });
    const sql = <T>(text: string, params: unknown[] = []) => queryDatabase<T>(where(), text, params);
    const start = async (failpoints: FailpointName[], options: { mayExit?: boolean } = {}) => {
      // A stage that failed may have left its server running: never two on one database.
      await stopServerProcess(server, 'SIGKILL');
      server = await startServerProcess(
        {
          DATA_DIR: dataDir,
          DATABASE_URL: url ?? '',
          DEMO_DATA: 'false',
          SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
          PAYMENT_PROVIDER: 'offline',
          OFFLINE_PAYMENT_KEY: OFFLINE_KEY,
          REXER_FAILPOINTS: failpoints.join(','),
        },
        options,
      );
      return server;
    };
    let bearer = '';
    const call = (method: string, route: string, body?: unknown, headers: Record<string, string> = {}) =>
      fetch(`${server!.url}${route}`, {
        method,
        headers: {
          ...(body === undefined || body instanceof FormData ? {} : { 'content-type': 'application/json' }),
          ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
          ...headers,
        },
        body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
      });
    const json = async (response: Promise<Response>, status = 200) => {
      const res = await response;
      const text = await res.text();
      expect(res.status, text).toBe(status);
      return JSON.parse(text) as Record<string, unknown>;
    };
    const upload = async (propertyId: number, red: number) => {
      const form = new FormData();
      form.append('MediaType', String(MEDIA_TYPE.property_image));
      form.append('Files', new Blob([new Uint8Array(await photo(red))], { type: 'image/jpeg' }), 'foto.jpg');
      return call('POST', `/api/Property/${propertyId}/Media`, form);
    };
    const mailsTo = () => smtp.received.filter((mail) => mail.to.includes(email));

    beforeAll(async () => {
      // Down for stage A (the other backend's stages left it up).
      await smtp.down();
      // A copy of the migrated template (PGlite: written to its folder), closed: the servers open it.
      testDb = await createTestDatabase({ postgres: backend.postgres, pgliteOnDisk: true, seed: 'reference' });
      await testDb.database.close();
      url = testDb.url;
      dataDir = testDb.dataDir;
    }, 240_000);

    afterAll(async () => {
      await stopServerProcess(server, 'SIGKILL');
      if (backend.postgres) await testDb?.cleanup();
      else await rm(dataDir, { recursive: true, force: true });
    });

    let propertyId = 0;
    let draftBefore: Record<string, unknown> = {};
    let order: { OrderId: number; AmountCents: number; PaymentUrl: string } | undefined;
    const paidOutcome = () =>
      offline.outcomeFields(order!.PaymentUrl.replace('/pagamento/', ''), 'paid', order!.AmountCents, 'EUR');

    it('A: a photo killed between its files and its row leaves files only; a mail with the SMTP server down waits', async () => {
      await start([FAILPOINTS.mediaFilesStored]);
      const registered = await json(
        call('POST', '/api/Account/Register', {
          name: 'Pia',
          surname: 'Sala',
          email,
          TermsAndConditions: true,
          InfoPrivacy: true,
          password: PASSWORD,
        }),
      );
      bearer = (await json(call('POST', '/api/Account/Session', { userToken: registered.Token, portal: 5 })))
        .Token as string;
      // The confirmation mail is tried and refused (nobody listens on the SMTP port).
      await until(async () => {
        const metrics = await (await call('GET', '/metrics')).text();
        return /^rexer_mails_failed_total [1-9]/m.test(metrics) ? true : undefined;
      });
      propertyId = (await json(call('POST', '/api/Property/Draft', { SellType: SELL_TYPE.sale }), 201)).Id as number;
      await json(call('PUT', `/api/Property/${propertyId}/Draft/Step/2`, { Answer: ANSWERS.locality }));
      await killedBy(server!, FAILPOINTS.mediaFilesStored, upload(propertyId, 10));

      // Killed: the renditions are in storage, no row lists them, their keys are pending.
      const files = await listingFiles(dataDir, propertyId);
      expect(files).toHaveLength(9);
      expect(await sql('select id from media where property_id = $1', [propertyId])).toEqual([]);
      const pending = await sql<{ storage_key: string }>('select storage_key from pending_files order by 1');
      expect(pending.map((row) => row.storage_key)).toEqual(
        files.map((name) => `media/listings/${propertyId}/${name}`),
      );
      const [mail] = await sql<{ sent_at: Date | null; attempts: number }>(
        'select sent_at, attempts from mail_outbox where to_address = $1',
        [email],
      );
      expect(mail).toMatchObject({ sent_at: null, attempts: 1 });
      expect(mailsTo()).toHaveLength(0);

      // While the server is down an hour passes for the pending keys and the mail's retry; the address is confirmed
      // (the receipt of an order goes to confirmed addresses only) and the SMTP server comes back.
      await sql("update pending_files set created_at = now() - interval '2 hours'");
      await sql('update mail_outbox set next_attempt_at = now() where to_address = $1', [email]);
      await sql('update users set registration_confirmed = true where email = $1', [email]);
      await smtp.up();
    }, 120_000);

    it('B: housekeeping deletes the files left without a row, the waiting mail goes out once; a step save is killed in its transaction', async () => {
      await start([FAILPOINTS.wizardSaveBeforeCommit]);
      // The housekeeping job runs when a server starts.
      await until(async () => ((await listingFiles(dataDir, propertyId)).length === 0 ? true : undefined));
      await until(() => (mailsTo().length > 0 ? true : undefined));
      // A new upload goes through whole.
      const uploaded = await json(upload(propertyId, 200));
      expect(uploaded).toMatchObject({ Uploaded: 1, Refused: 0 });
      expect(await listingFiles(dataDir, propertyId)).toHaveLength(9);

      draftBefore = await json(call('GET', `/api/Property/${propertyId}/Draft`));
      await killedBy(
        server!,
        FAILPOINTS.wizardSaveBeforeCommit,
        call('PUT', `/api/Property/${propertyId}/Draft/Step/3`, { Answer: ANSWERS.propertyType }),
      );
      expect(await sql('select storage_key from pending_files')).toEqual([]);
      expect(await sql('select id from media where property_id = $1', [propertyId])).toHaveLength(1);
    }, 120_000);

    it('C: the draft is the previous step, whole; a paid outcome is killed before its commit', async () => {
      await start([FAILPOINTS.paymentAppliedBeforeCommit]);
      expect(await json(call('GET', `/api/Property/${propertyId}/Draft`))).toEqual(draftBefore);
      // The step saves again, whole.
      const saved = await json(
        call('PUT', `/api/Property/${propertyId}/Draft/Step/3`, { Answer: ANSWERS.propertyType }),
      );
      expect(saved.Answers).toMatchObject({ locality: ANSWERS.locality, propertyType: ANSWERS.propertyType });

      order = (await json(
        call(
          'POST',
          '/api/Order',
          { PropertyId: propertyId, PlanType: PLAN_TYPE.flexible },
          { 'idempotency-key': randomUUID() },
        ),
        201,
      )) as unknown as typeof order;
      expect(order!.AmountCents).toBeGreaterThan(0);
      await killedBy(
        server!,
        FAILPOINTS.paymentAppliedBeforeCommit,
        call('POST', '/api/Payment/Outcome/offline', paidOutcome()),
      );
      const [row] = await sql<{ status: string }>('select status from orders where id = $1', [order!.OrderId]);
      expect(row!.status).toBe('pending');
      expect(await sql("select id from mail_outbox where template = 'order-receipt'")).toEqual([]);
      const [listing] = await sql<{ plan_type_id: number | null }>(
        'select plan_type_id from properties where id = $1',
        [propertyId],
      );
      expect(listing!.plan_type_id).not.toBe(PLAN_TYPE.flexible);
    }, 120_000);

    it('D: the retried outcome applies the order once; the receipt is killed before it reaches the SMTP server', async () => {
      const received = smtp.received.length;
      await start([FAILPOINTS.mailBeforeSend]);
      const applied = await json(call('POST', '/api/Payment/Outcome/offline', paidOutcome()));
      expect(applied).toMatchObject({ Applied: true, Status: 'paid' });
      // The receipt is claimed and the server killed before the SMTP server hears of it.
      await killedBy(server!, FAILPOINTS.mailBeforeSend);
      expect(smtp.received).toHaveLength(received);
      const receipts = await sql<{ sent_at: Date | null; attempts: number }>(
        "select sent_at, attempts from mail_outbox where template = 'order-receipt' and to_address = $1",
        [email],
      );
      expect(receipts).toEqual([{ sent_at: null, attempts: 0 }]);
    }, 120_000);

    it('E: the receipt goes out once, and the server is killed after the SMTP server accepted it', async () => {
      const received = mailsTo().length;
      // The sender runs as the server starts: it may be killed before it says it is ready.
      await start([FAILPOINTS.mailAcceptedBeforeMark], { mayExit: true });
      await killedBy(server!, FAILPOINTS.mailAcceptedBeforeMark);
      expect(mailsTo()).toHaveLength(received + 1);
      const receipts = await sql<{ sent_at: Date | null }>(
        "select sent_at from mail_outbox where template = 'order-receipt' and to_address = $1",
        [email],
      );
      expect(receipts).toEqual([{ sent_at: null }]);
    }, 120_000);

    it('F: the window left: the accepted receipt goes out again, with the same Message-ID; the outcome sent again changes nothing', async () => {
      await start([]);
      await until(() => (mailsTo().length === 3 ? true : undefined));
      const again = await json(call('POST', '/api/Payment/Outcome/offline', paidOutcome()));
      expect(again).toMatchObject({ Applied: false, Status: 'paid' });
      // Killed too: what is committed stays, whatever way the server ends.
      await stopServerProcess(server, 'SIGKILL');

      const [paid] = await sql<{ status: string }>('select status from orders where id = $1', [order!.OrderId]);
      expect(paid!.status).toBe('paid');
      const [listing] = await sql<{ plan_type_id: number }>('select plan_type_id from properties where id = $1', [
        propertyId,
      ]);
      expect(listing!.plan_type_id).toBe(PLAN_TYPE.flexible);
      const mails = await sql<{ id: number; template: string; sent_at: Date | null }>(
        'select id, template, sent_at from mail_outbox where to_address = $1 order by id',
        [email],
      );
      expect(mails.map((mail) => [mail.template, mail.sent_at !== null])).toEqual([
        ['confirm-email', true],
        ['order-receipt', true],
      ]);
      // The confirmation arrived once; the receipt once after the kill before sending, and a second time, the
      // same mail by its Message-ID, after the kill between the SMTP server's acceptance and the row's commit.
      const [confirmation, receipt] = mails.map((mail) => new RegExp(`^<outbox-${mail.id}\\.\\d+@`));
      expect(mailsTo().map((mail) => messageIdOf(mail.raw))).toEqual([
        expect.stringMatching(confirmation!),
        expect.stringMatching(receipt!),
        messageIdOf(mailsTo()[1]!.raw),
      ]);
      expect(await sql('select storage_key from pending_files')).toEqual([]);
    }, 120_000);
  });
}
