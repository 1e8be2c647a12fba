import { link, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * PGlite allows one process per data folder and does not enforce it: a second process opens the
 * folder and both write over each other's files (its own `postmaster.pid` holds a fixed -42, no
 * process). So the process that opens it holds `rexer.lock` beside it, created exclusively, with
 * its process id; another process finds it and refuses, unless the process it names is gone (a
 * server killed with kill -9 leaves its lock behind: the next start takes it over).
 */
export class FolderInUseError extends Error {
  constructor(
    readonly folder: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${folder} is open in another process (pid ${pid}): PGlite allows one process per ` +
        'data folder. Stop that server first, or give this one another DATA_DIR (or DATABASE_URL for PostgreSQL, ' +
        'which any number of servers share).',
    );
    this.name = 'FolderInUseError';
  }
}

const LOCK_FILE = 'rexer.lock';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, owned by another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the folder for this process; answers the release (removes the lock if it is still ours). */
export async function lockFolder(folder: string): Promise<() => Promise<void>> {
  const file = path.join(folder, LOCK_FILE);
  // Written whole aside, then linked into place: link() fails if the lock exists, and a lock is
  // never seen without its process id.
  const mine = `${file}.${process.pid}`;
  await writeFile(mine, `${process.pid}\n`);
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        await link(mine, file);
        return async () => {
          const holder = await readFile(file, 'utf8').catch(() => '');
          if (Number.parseInt(holder, 10) === process.pid) await rm(file, { force: true });
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const holder = Number.parseInt(await readFile(file, 'utf8').catch(() => ''), 10);
      // Our own lock (the same process opening the folder twice) or a live process: refused.
      if (Number.isInteger(holder) && holder > 0 && (holder === process.pid || isAlive(holder)))
        throw new FolderInUseError(folder, holder);
      // Left by a process that is gone (a server killed with kill -9): taken over.
      await rm(file, { force: true });
    }
    throw new Error(`could not lock ${folder}: its ${LOCK_FILE} keeps coming back`);
  } finally {
    await rm(mine, { force: true });
  }
}
