import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../server/db/testing';
import { startServerProcess, stopServerProcess, type ServerProcess } from './server-process';

// PGlite allows one process per data folder and does not check it: two servers on one DATA_DIR
// would write over each other's files. A second server is refused with one clear line; a folder
// left by a server killed with kill -9 is taken over by the next start.

describe('one server per embedded database folder', () => {
  let dataDir = '';
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    const testDb = await createTestDatabase({ pgliteOnDisk: true, seed: 'reference' });
    await testDb.database.close();
    dataDir = testDb.dataDir;
  }, 240_000);

  afterAll(async () => {
    for (const server of servers) await stopServerProcess(server, 'SIGKILL');
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('refuses a second server on a folder in use, and starts on one a killed server left', async () => {
    const env = { DATA_DIR: dataDir, DEMO_DATA: 'false' };
    const first = await startServerProcess(env);
    servers.push(first);

    const second = await startServerProcess(env, { mayExit: true });
    servers.push(second);
    expect(second.url).toBe('');
    expect((await second.exited).code).toBe(1);
    expect(second.output()).toContain(`Rexer cannot start. The embedded database in`);
    expect(second.output()).toContain(`is open in another process (pid ${first.child.pid} on `);
    expect(second.output()).not.toMatch(/\n\s+at /); // no stack trace
    // The first one is untouched.
    expect((await fetch(`${first.url}/readyz`)).status).toBe(200);

    await stopServerProcess(first, 'SIGKILL');
    const third = await startServerProcess(env);
    servers.push(third);
    expect((await fetch(`${third.url}/readyz`)).status).toBe(200);
  });
});
