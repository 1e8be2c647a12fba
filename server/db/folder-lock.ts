import { link, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * PGlite allows one process per data folder and does not enforce it: a second process opens the
 * folder and both write over each other's files (its own `postmaster.pid` holds a fixed -42, no
 * process). So the process that opens it holds a lock file beside it (`<folder>.lock`, outside the
 * folder, so a dump of the folder never carries it), naming its host and process id, and touches
 * it every HEARTBEAT_MS. Another process refuses the folder while the lock is held:
 *
 * - on the same host, while the process it names is alive (a server killed with kill -9 leaves its
 *   lock behind: the next start takes it over at once);
 * - from another host or container (whose processes it cannot see), while the lock was touched in
 *   the last STALE_MS.
 *
 * A process that finds its own process id in a lock it does not hold (a container restarted as
 * pid 1) takes it over. Taking a lock over moves the old one aside first (one rename, which only
 * one of two racing processes can do) and checks it moved the lock it judged.
 */
export class FolderInUseError extends Error {
  constructor(
    readonly folder: string,
    readonly holder: string,
  ) {
    super(
      `The embedded database in ${folder} is open in another process (${holder}): PGlite allows one process per ` +
        'data folder. Stop that server first, or give this one another DATA_DIR (or DATABASE_URL for PostgreSQL, ' +
        'which any number of servers share).',
    );
    this.name = 'FolderInUseError';
  }
}

/** How often a holder touches its lock, and how long an untouched lock of another host is held. */
export const HEARTBEAT_MS = 5_000;
export const STALE_MS = 30_000;

/** The folders this process holds (a second opening in the same process is refused too). */
const held = new Set<string>();

interface Holder {
  host: string;
  pid: number;
}

function parseHolder(text: string): Holder | null {
  const [host, pid] = text.trim().split(' ');
  const id = Number.parseInt(pid ?? '', 10);
  return host && Number.isInteger(id) && id > 0 ? { host, pid: id } : null;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, owned by another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether the lock in `text`, last touched at `touchedAt`, still holds the folder for someone else. */
function stillHeld(holder: Holder | null, touchedAt: number, now: number): boolean {
  if (holder === null) return now - touchedAt < STALE_MS; // being written, or unreadable: give it time
  if (holder.host !== os.hostname()) return now - touchedAt < STALE_MS;
  // Our own id in a lock this process does not hold: a restarted container reusing it.
  if (holder.pid === process.pid) return false;
  return isAlive(holder.pid);
}

/** Takes the folder for this process; answers the release (removes the lock if it is still ours). */
export async function lockFolder(folder: string): Promise<() => Promise<void>> {
  const resolved = path.resolve(folder);
  const file = `${resolved}.lock`;
  const me = `${os.hostname()} ${process.pid}`;
  // Reserved for this process at once (two openings in one process are refused too): a lock that
  // names this process's id is then always a previous process's.
  if (held.has(resolved)) throw new FolderInUseError(resolved, `this process, pid ${process.pid}`);
  held.add(resolved);
  try {
    return await takeLock(resolved, file, me);
  } catch (error) {
    held.delete(resolved);
    throw error;
  }
}

async function takeLock(resolved: string, file: string, me: string): Promise<() => Promise<void>> {
  // Written whole aside, then linked into place: link() fails if the lock exists, and a lock is
  // never seen without its holder.
  const mine = `${file}.${process.pid}.${Date.now()}`;
  await writeFile(mine, `${me}\n`);
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        await link(mine, file);
        return holdLock(resolved, file, me);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const seen = await readLock(file);
      if (!seen) continue; // gone meanwhile: try again
      if (stillHeld(parseHolder(seen.text), seen.touchedAt, Date.now()))
        throw new FolderInUseError(resolved, describe(seen.text));
      // Stale: moved aside (of two racing processes one only moves it), then checked to be the one judged.
      const aside = `${file}.stale.${process.pid}.${Date.now()}`;
      try {
        await rename(file, aside);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw error;
      }
      const moved = await readFile(aside, 'utf8').catch(() => '');
      if (moved !== seen.text) {
        // Another process took the folder in between: its lock goes back, and it holds the folder.
        await link(aside, file).catch(() => undefined);
        await rm(aside, { force: true });
        throw new FolderInUseError(resolved, describe(moved));
      }
      await rm(aside, { force: true });
    }
    throw new Error(`could not lock ${resolved}: its lock keeps changing hands`);
  } finally {
    await rm(mine, { force: true });
  }
}

async function readLock(file: string): Promise<{ text: string; touchedAt: number } | null> {
  try {
    const [text, info] = await Promise.all([readFile(file, 'utf8'), stat(file)]);
    return { text, touchedAt: info.mtimeMs };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

function describe(text: string): string {
  const holder = parseHolder(text);
  return holder ? `pid ${holder.pid} on ${holder.host}` : 'a process starting';
}

function holdLock(folder: string, file: string, me: string): () => Promise<void> {
  // Touched while held: another host or container sees a live lock by its age.
  const heartbeat = setInterval(() => {
    const now = new Date();
    utimes(file, now, now).catch(() => undefined);
  }, HEARTBEAT_MS);
  heartbeat.unref();
  return async () => {
    clearInterval(heartbeat);
    held.delete(folder);
    const holder = await readFile(file, 'utf8').catch(() => '');
    if (holder.trim() === me) await rm(file, { force: true });
  };
}
