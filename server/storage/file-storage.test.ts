import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidStorageKeyError, LocalFileStorage } from './file-storage';

describe('LocalFileStorage', () => {
  let root: string;
  let storage: LocalFileStorage;

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'rexer-storage-'));
    storage = new LocalFileStorage(path.join(root, 'files'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('stores a file and reads it back with its content type', async () => {
    const data = Buffer.from('%PDF-1.7 demo');
    await storage.put('documents/guida.pdf', data, 'application/pdf');
    expect(await storage.exists('documents/guida.pdf')).toBe(true);
    expect(await storage.get('documents/guida.pdf')).toEqual({ data, contentType: 'application/pdf' });
  });

  it('overwrites a key and keeps the latest content type', async () => {
    await storage.put('media/a.bin', Buffer.from([1]), 'application/octet-stream');
    await storage.put('media/a.bin', Buffer.from([2, 3]), 'image/webp');
    expect(await storage.get('media/a.bin')).toEqual({ data: Buffer.from([2, 3]), contentType: 'image/webp' });
  });

  it('answers null and false for a missing key, and deleting it is harmless', async () => {
    expect(await storage.get('media/missing.jpg')).toBeNull();
    expect(await storage.exists('media/missing.jpg')).toBe(false);
    await expect(storage.delete('media/missing.jpg')).resolves.toBeUndefined();
  });

  it('deletes a file', async () => {
    await storage.put('media/gone.jpg', Buffer.from('x'), 'image/jpeg');
    await storage.delete('media/gone.jpg');
    expect(await storage.exists('media/gone.jpg')).toBe(false);
  });

  it('guesses the content type from the extension of a file copied in by hand', async () => {
    await mkdir(path.join(root, 'files', 'manual'), { recursive: true });
    await writeFile(path.join(root, 'files', 'manual', 'foto.jpg'), 'jpeg bytes');
    expect((await storage.get('manual/foto.jpg'))?.contentType).toBe('image/jpeg');
  });

  it.each([
    '../escape.txt',
    'media/../../escape.txt',
    '/etc/passwd',
    'media//double',
    'media/./x',
    'media\\x',
    '',
    'media/a b.jpg',
    'media/x.jpg.meta.json',
  ])('refuses the key %j', async (key) => {
    await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.get(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.exists(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.delete(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
  });
});
