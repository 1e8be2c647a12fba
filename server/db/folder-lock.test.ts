import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FolderInUseError, lockFolder } from './folder-lock';

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'rexer-lock-'));
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

/** A process that lives until killed: the holder of a lock in another process. */
function otherProcess() {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  return child;
}

describe('lockFolder', () => {
  it('holds the folder for this process, refuses a second opening, and lets it go', async () => {
    const release = await lockFolder(folder);
    expect((await readFile(path.join(folder, 'rexer.lock'), 'utf8')).trim()).toBe(String(process.pid));
    await expect(lockFolder(folder)).rejects.toBeInstanceOf(FolderInUseError);
    await release();
    const again = await lockFolder(folder);
    await again();
  });

  it('refuses a folder a live process holds, and takes over one left by a process that is gone', async () => {
    const child = otherProcess();
    try {
      await writeFile(path.join(folder, 'rexer.lock'), `${child.pid}\n`);
      const refused = await lockFolder(folder).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(FolderInUseError);
      expect((refused as Error).message).toContain(`pid ${child.pid}`);
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    }
    // The holder was killed (kill -9 leaves its lock): the next opening takes the folder.
    const release = await lockFolder(folder);
    expect((await readFile(path.join(folder, 'rexer.lock'), 'utf8')).trim()).toBe(String(process.pid));
    await release();
  });

  it('releases only its own lock', async () => {
    const release = await lockFolder(folder);
    // Another process took the folder over meanwhile (this one was thought gone): its lock stays.
    await writeFile(path.join(folder, 'rexer.lock'), '999999\n');
    await release();
    expect((await readFile(path.join(folder, 'rexer.lock'), 'utf8')).trim()).toBe('999999');
  });
});
