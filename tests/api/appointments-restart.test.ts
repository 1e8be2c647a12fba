import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPOINTMENT_STATUS } from '@domain/appointment';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../server/db/seed/demo-accounts';
import { createTestDatabase, type TestDatabase } from '../../server/db/testing';
import { APPOINTMENT_EXPIRY_JOB } from '../../server/jobs/appointment-jobs';
import { BACKENDS } from './helpers';
import { queryDatabase, startServerProcess, stopServerProcess, type ServerProcess } from './server-process';

// A visit request's expiry survives a server killed with SIGKILL: the request is made on a
// real server process, the process is killed (no shutdown hook runs), the clock is moved on in
// the database (the request's deadline and its queued job are set to now: waiting for a real
// slot would take a day), and a new process on the same database expires it once, with the
// mails to both parties. Nothing of the expiry lived in the killed process's memory.

type Server = ServerProcess;

async function call(server: Server, url: string, init: { method?: string; body?: unknown; token?: string } = {}) {
  const response = await fetch(`${server.url}${url}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
}

async function login(server: Server, email: string): Promise<string> {
  const res = await call(server, '/api/Account/Login', { body: { username: email, password: DEMO_PASSWORD } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const session = await call(server, '/api/Account/Session', { body: { userToken: res.body.UserToken, portal: 5 } });
  expect(session.status).toBe(200);
  return session.body.Token as string;
}

/** Runs SQL on the stopped server's database (PGlite allows one process per data folder). */
function query<T>(
  backend: { postgres: boolean },
  where: { dataDir: string; url?: string },
  text: string,
  params: unknown[] = [],
): Promise<T[]> {
  return queryDatabase<T>({ dataDir: where.dataDir, url: backend.postgres ? where.url : undefined }, text, params);
}

// Its own loop, not describeOnBackends: the app runs in server processes it kills and restarts on one database.
for (const backend of BACKENDS) {
  describe(`A visit request's expiry across a killed server (${backend.name})`, () => {
    let testDb: TestDatabase | undefined;
    let dataDir: string;
    let url: string | undefined;
    let server: Server | undefined;

    beforeAll(async () => {
      if (backend.postgres) {
        testDb = await createTestDatabase({ postgres: true });
        await testDb.database.close();
        url = testDb.url;
        dataDir = testDb.dataDir;
      } else {
        dataDir = await mkdtemp(path.join(os.tmpdir(), 'rexer-restart-'));
      }
    }, 240_000);

    afterAll(async () => {
      await stopServerProcess(server, 'SIGKILL');
      if (testDb) await testDb.cleanup();
      else await rm(dataDir, { recursive: true, force: true });
    });

    it('expires the request once, with both mails, after a SIGKILL and a restart', async () => {
      // PGlite: the first start migrates and seeds the demo data (the demo owner's windows).
      const env = { DATA_DIR: dataDir, DATABASE_URL: url ?? '', DEMO_DATA: backend.postgres ? 'false' : 'true' };
      server = await startServerProcess(env, { timeoutMs: 240_000 });
      const buyer = await login(server, DEMO_ACCOUNTS.buyer.email);
      const owner = await login(server, DEMO_ACCOUNTS.seller.email);

      // One of the demo owner's published listings with free slots that the buyer has not asked yet.
      const mine = await call(server, '/api/User/MyProperties?Status=2&Limit=50', { token: owner });
      expect(mine.status).toBe(200);
      let id: number | undefined;
      let propertyId: number | undefined;
      for (const item of mine.body.Items as { Id: number }[]) {
        await call(server, `/api/User/MyProperties/${item.Id}/Availability`, {
          method: 'PUT',
          token: owner,
          body: { Windows: [1, 2, 3, 4, 5, 6, 7].map((Weekday) => ({ Weekday, From: '09:00', To: '19:00' })) },
        });
        const slots = (await call(server, `/api/Property/${item.Id}/VisitSlots`)).body.Slots as string[] | undefined;
        if (!slots?.length) continue;
        const created = await call(server, '/api/Appointment', {
          token: buyer,
          body: { PropertyId: item.Id, Slots: slots.slice(0, 2), Message: 'Posso venire con mia sorella?' },
        });
        if (created.status !== 201) continue;
        id = created.body.Id as number;
        propertyId = item.Id;
        break;
      }
      expect(id, "a visit request on one of the demo owner's listings").toBeDefined();
      expect(propertyId).toBeDefined();

      // Killed: no shutdown hook, nothing flushed by the process on its way out.
      await stopServerProcess(server, 'SIGKILL');
      server = undefined;

      // The expiry was queued durably, for the request's earliest slot.
      const where = { dataDir, url };
      const queued = await query<{ state: string }>(
        backend,
        where,
        `select state from pgboss.job where name = $1 and data->>'id' = $2`,
        [APPOINTMENT_EXPIRY_JOB, String(id)],
      );
      expect(queued.map((job) => job.state)).toEqual(['created']);
      // The clock moves past the deadline.
      await query(backend, where, `update appointments set expires_at = now() - interval '1 minute' where id = $1`, [
        id,
      ]);
      await query(backend, where, `update pgboss.job set start_after = now() where name = $1 and data->>'id' = $2`, [
        APPOINTMENT_EXPIRY_JOB,
        String(id),
      ]);

      server = await startServerProcess({ ...env, DEMO_DATA: 'false' }, { timeoutMs: 240_000 });
      const deadline = Date.now() + 60_000;
      let status: unknown;
      for (;;) {
        const read = await call(server, `/api/Appointment/${id}`, { token: buyer });
        expect(read.status).toBe(200);
        status = read.body.Status;
        if (status === APPOINTMENT_STATUS.expired || Date.now() > deadline) break;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(status).toBe(APPOINTMENT_STATUS.expired);
      await stopServerProcess(server, 'SIGTERM');
      server = undefined;

      const events = await query<{ status_id: number; actor: string }>(
        backend,
        where,
        'select status_id, actor from appointment_events where appointment_id = $1 order by id',
        [id],
      );
      expect(events).toEqual([
        { status_id: APPOINTMENT_STATUS.pending, actor: 'buyer' },
        { status_id: APPOINTMENT_STATUS.expired, actor: 'none' },
      ]);
      const mails = await query<{ to_address: string }>(
        backend,
        where,
        `select to_address from mail_outbox where subject like 'Richiesta di visita scaduta%' order by to_address`,
      );
      expect(mails.map((mail) => mail.to_address)).toEqual(
        [DEMO_ACCOUNTS.buyer.email, DEMO_ACCOUNTS.seller.email].sort(),
      );
    }, 600_000);
  });
}
