import { mkdir, readFile, rm, stat, writeFile, rename } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { someCause } from '../lib/error-cause';

/**
 * Where uploaded and generated files live. Keys are relative, slash-separated paths
 * (`media/seed/facade-01.jpg`); an S3-compatible store can implement the same four calls.
 */
export interface FileStorage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<{ data: Buffer; contentType: string } | null>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
}

export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key)}`);
    this.name = 'InvalidStorageKeyError';
  }
}

const KEY_SEGMENT = /^[A-Za-z0-9._-]+$/;

/** Throws unless `key` is a plain relative path of [A-Za-z0-9._-] segments: no `..`, no leading slash, no backslash. */
export function assertValidStorageKey(key: string): void {
  if (typeof key !== 'string' || key.length === 0 || key.length > 512) throw new InvalidStorageKeyError(key);
  // The sidecar holding a file's content type must not be addressable as a file of its own.
  if (key.endsWith('.meta.json')) throw new InvalidStorageKeyError(key);
  const segments = key.split('/');
  for (const segment of segments) {
    if (segment === '' || segment === '.' || segment === '..' || !KEY_SEGMENT.test(segment)) {
      throw new InvalidStorageKeyError(key);
    }
  }
}

const EXTENSION_TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
  '.pdf': 'application/pdf',
  '.txt': 'text/plain; charset=utf-8',
  '.json': 'application/json',
  '.doc': 'application/msword',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/** The content type a file's name suggests (for a file stored without one). */
export function contentTypeOfName(name: string): string {
  return EXTENSION_TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * Files in a folder on disk. The content type is kept in a `.meta.json` sidecar so a
 * file read back is served exactly as it was stored; files without one (copied in by
 * hand) fall back to their extension.
 */
export class LocalFileStorage implements FileStorage {
  readonly rootDir: string;

  constructor(rootDir: string) {
    this.rootDir = path.resolve(rootDir);
  }

  /** The absolute path of a key; throws on a key that would leave the root. */
  pathOf(key: string): string {
    assertValidStorageKey(key);
    const full = path.resolve(this.rootDir, ...key.split('/'));
    if (!full.startsWith(this.rootDir + path.sep)) throw new InvalidStorageKeyError(key);
    return full;
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    const full = this.pathOf(key);
    await mkdir(path.dirname(full), { recursive: true });
    // Written aside, its content type beside it, then renamed: a reader never sees half a file, and
    // a write that fails (a full disk) leaves nothing behind.
    const tmp = `${full}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await this.writeData(tmp, data);
      await this.writeData(`${full}.meta.json`, Buffer.from(JSON.stringify({ contentType })));
      await rename(tmp, full);
    } catch (error) {
      await rm(tmp, { force: true }).catch(() => undefined);
      if (!(await exists(full))) await rm(`${full}.meta.json`, { force: true }).catch(() => undefined);
      throw error;
    }
  }

  /** Writes a whole file (a test stands a full disk in here). */
  protected writeData(file: string, data: Buffer): Promise<void> {
    return writeFile(file, data);
  }

  async get(key: string): Promise<{ data: Buffer; contentType: string } | null> {
    const full = this.pathOf(key);
    let data: Buffer;
    try {
      data = await readFile(full);
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
    let contentType = contentTypeOfName(full);
    try {
      const meta = JSON.parse(await readFile(`${full}.meta.json`, 'utf8')) as { contentType?: unknown };
      if (typeof meta.contentType === 'string') contentType = meta.contentType;
    } catch (error) {
      if (!isNotFound(error) && !(error instanceof SyntaxError)) throw error;
    }
    return { data, contentType };
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(key))).isFile();
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const full = this.pathOf(key);
    await rm(full, { force: true });
    await rm(`${full}.meta.json`, { force: true });
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/**
 * The store that holds the files cannot be reached or failed on its side (an object store down, a
 * timeout, its 5xx): nothing is wrong with the request, so it answers 503 and may be tried again.
 */
export class StorageUnavailableError extends Error {
  readonly code = 'STORAGE_UNAVAILABLE';

  constructor(message: string, cause: unknown) {
    super(message, { cause });
    this.name = 'StorageUnavailableError';
  }
}

export function isStorageUnavailable(error: unknown): boolean {
  return error instanceof StorageUnavailableError;
}

/** A write refused for want of room: the disk (ENOSPC) or the user's quota (EDQUOT) is full. */
export function isStorageFull(error: unknown): boolean {
  return someCause(error, ({ code }) => code === 'ENOSPC' || code === 'EDQUOT');
}

function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === 'ENOENT';
}
