import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FolderInUseError, lockFolder, STALE_MS } from './folder-lock';

let root: string;
let folder: string;
let lockFile: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'rexer-lock-'));
  folder = path.join(root, 'pglite');
  lockFile = `${folder}.lock`;
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const me = `${os.hostname()} ${process.pid}`;
const lockText = () => readFile(lockFile, 'utf8').then((text) => text.trim());

describe('lockFolder', () => {
  it('holds the folder for this process, beside it, refuses a second opening, and lets it go', async () => {
    const release = await lockFolder(folder);
    expect(await lockText()).toBe(me);
    await expect(lockFolder(folder)).rejects.toBeInstanceOf(FolderInUseError);
    await release();
    const again = await lockFolder(folder);
    await again();
  });

  it('refuses a folder a live process of this host holds, and takes over one left by a process that is gone', async () => {
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    try {
      await writeFile(lockFile, `${os.hostname()} ${child.pid}\n`);
      const refused = await lockFolder(folder).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(FolderInUseError);
      expect((refused as Error).message).toContain(`pid ${child.pid} on ${os.hostname()}`);
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    }
    // The holder was killed (kill -9 leaves its lock): the next opening takes the folder.
    const release = await lockFolder(folder);
    expect(await lockText()).toBe(me);
    await release();
  });

  it('takes over a lock naming its own process id that it does not hold (a container restarted as the same pid)', async () => {
    await writeFile(lockFile, `${me}\n`);
    const release = await lockFolder(folder);
    await release();
  });

  it("holds another host's lock while it is touched, and takes it over once it is not", async () => {
    await writeFile(lockFile, 'un-altro-contenitore 1\n');
    await expect(lockFolder(folder)).rejects.toThrow(/pid 1 on un-altro-contenitore/);
    const old = new Date(Date.now() - STALE_MS - 1000);
    await utimes(lockFile, old, old);
    const release = await lockFolder(folder);
    expect(await lockText()).toBe(me);
    await release();
  });

  it('releases only its own lock', async () => {
    const release = await lockFolder(folder);
    // Another process took the folder over meanwhile (this one was thought gone): its lock stays.
    await writeFile(lockFile, 'altro 999999\n');
    await release();
    expect(await lockText()).toBe('altro 999999');
  });
});
