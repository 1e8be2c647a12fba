import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyError } from '../plugins/errors';
import { InvalidStorageKeyError, StorageUnavailableError } from './file-storage';
import { S3FileStorage } from './s3-file-storage';
import { parseStorageUrl } from './storage-url';
import { startTestS3, TEST_S3_CREDENTIALS, type TestS3 } from './testing-s3';

// S3FileStorage against a local S3-compatible server (s3rver, started here on a free port): the
// same four calls as the disk's storage, a missing key as null, other failures thrown.

describe('S3FileStorage', () => {
  let s3: TestS3;
  let storage: S3FileStorage;

  beforeAll(async () => {
    s3 = await startTestS3({ bucket: 'rexer-unit', prefix: 'rexer/test' });
    storage = new S3FileStorage({ ...s3.location, credentials: TEST_S3_CREDENTIALS });
  });
  afterAll(async () => {
    storage?.close();
    await s3?.close();
  });

  it('stores an object and reads it back with its content type, under the prefix', async () => {
    const data = Buffer.from('%PDF-1.7 guida');
    await storage.put('documents/guida.pdf', data, 'application/pdf');
    expect(await storage.exists('documents/guida.pdf')).toBe(true);
    expect(await storage.get('documents/guida.pdf')).toEqual({ data, contentType: 'application/pdf' });
    // The object's key is the prefix and the key: a storage on the bare bucket finds it there.
    const bare = new S3FileStorage({ ...s3.location, prefix: '', credentials: TEST_S3_CREDENTIALS });
    try {
      expect((await bare.get('rexer/test/documents/guida.pdf'))?.data).toEqual(data);
      expect(await bare.exists('documents/guida.pdf')).toBe(false);
    } finally {
      bare.close();
    }
  });

  it('overwrites a key and keeps the latest content type', async () => {
    await storage.put('media/a.bin', Buffer.from([1]), 'application/octet-stream');
    await storage.put('media/a.bin', Buffer.from([2, 3]), 'image/webp');
    expect(await storage.get('media/a.bin')).toEqual({ data: Buffer.from([2, 3]), contentType: 'image/webp' });
  });

  it('reads what another server wrote to the same bucket', async () => {
    const other = new S3FileStorage({ ...s3.location, credentials: TEST_S3_CREDENTIALS });
    try {
      const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
      await other.put('media/listings/7/abc-BIG.jpg', jpeg, 'image/jpeg');
      expect(await storage.get('media/listings/7/abc-BIG.jpg')).toEqual({ data: jpeg, contentType: 'image/jpeg' });
    } finally {
      other.close();
    }
  });

  it('answers null and false for a missing key, and deleting twice is harmless', async () => {
    expect(await storage.get('media/nothing.jpg')).toBeNull();
    expect(await storage.exists('media/nothing.jpg')).toBe(false);
    await storage.put('media/gone.png', Buffer.from([9]), 'image/png');
    await storage.delete('media/gone.png');
    await storage.delete('media/gone.png');
    expect(await storage.get('media/gone.png')).toBeNull();
    expect(await storage.exists('media/gone.png')).toBe(false);
  });

  it('never answers "no such file" for a bucket that is not there: the store is unavailable', async () => {
    // The housekeeping deletes the rows of files found missing: a misnamed or deleted bucket must not look empty.
    const wrong = new S3FileStorage({ ...s3.location, bucket: 'rexer-nessuno', credentials: TEST_S3_CREDENTIALS });
    try {
      await expect(wrong.exists('media/listings/1/a-BIG.jpg')).rejects.toBeInstanceOf(StorageUnavailableError);
    } finally {
      wrong.close();
    }
  });

  it('refuses the keys the disk storage refuses', async () => {
    for (const key of ['../x', '/abs', 'a//b', 'a/../b', 'a\\b', '', 'media/x.jpg.meta.json']) {
      await expect(storage.get(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.put(key, Buffer.from([1]), 'image/png')).rejects.toBeInstanceOf(InvalidStorageKeyError);
    }
  });

  it('checks its bucket at start: a missing bucket and refused credentials say so', async () => {
    await expect(storage.check()).resolves.toBeUndefined();
    const missing = new S3FileStorage({ ...s3.location, bucket: 'no-such-bucket', credentials: TEST_S3_CREDENTIALS });
    // s3rver checks the access key of a V4 signature, not the signature itself: an unknown key is refused.
    const refused = new S3FileStorage({
      ...s3.location,
      credentials: { accessKeyId: 'NOBODY', secretAccessKey: 'S3RVER' },
    });
    try {
      await expect(missing.check()).rejects.toThrow(/"no-such-bucket" cannot be used: the bucket does not exist/);
      // A missing bucket is a misconfiguration, not a missing file.
      await expect(missing.get('media/a.jpg')).rejects.toMatchObject({ name: 'NoSuchBucket' });
      await expect(refused.check()).rejects.toThrow(/credentials .* are refused/);
      await expect(refused.get('media/a.jpg')).rejects.not.toBeInstanceOf(StorageUnavailableError);
    } finally {
      missing.close();
      refused.close();
    }
  });

  it('throws StorageUnavailableError, answered 503, when the store cannot be reached', async () => {
    const away = await startTestS3({ bucket: 'rexer-away' });
    const location = away.location;
    await away.close();
    const unreachable = new S3FileStorage({ ...location, credentials: TEST_S3_CREDENTIALS, maxAttempts: 1 });
    try {
      const error = await unreachable.get('media/a.jpg').catch((thrown: unknown) => thrown);
      expect(error).toBeInstanceOf(StorageUnavailableError);
      expect(classifyError(error)).toEqual({ name: 'ServiceUnavailable', status: 503 });
      await expect(unreachable.put('media/a.jpg', Buffer.from([1]), 'image/jpeg')).rejects.toBeInstanceOf(
        StorageUnavailableError,
      );
      await expect(unreachable.check()).rejects.toThrow(/STORAGE_URL: bucket "rexer-away" cannot be used/);
    } finally {
      unreachable.close();
    }
  });
});

describe('STORAGE_URL', () => {
  it('reads the bucket, the prefix and the endpoint, path-style for a named endpoint', () => {
    expect(parseStorageUrl('s3://rexer-files/prod/uploads?endpoint=http://127.0.0.1:4569/&region=eu-south-1')).toEqual({
      bucket: 'rexer-files',
      prefix: 'prod/uploads/',
      endpoint: 'http://127.0.0.1:4569',
      region: 'eu-south-1',
      forcePathStyle: true,
    });
    expect(parseStorageUrl('s3://rexer-files')).toEqual({
      bucket: 'rexer-files',
      prefix: '',
      endpoint: undefined,
      region: undefined,
      forcePathStyle: false,
    });
    expect(parseStorageUrl('s3://rexer-files/?endpoint=https://s3.example.org&forcePathStyle=false')).toMatchObject({
      prefix: '',
      forcePathStyle: false,
    });
  });

  it.each([
    ['http://rexer-files/x', /s3:\/\//],
    ['s3://key:secret@rexer-files', /AWS_ACCESS_KEY_ID/],
    ['s3://Rexer_Files', /bucket/],
    ['s3://rexer-files:9000', /port/],
    ['s3://rexer-files/caf%C3%A8', /prefix/],
    ['s3://rexer-files?endpont=http://x', /unknown parameter "endpont"/],
    ['s3://rexer-files?endpoint=ftp://x', /endpoint=/],
    ['s3://rexer-files?endpoint=http://AKIAEXAMPLE:secret@127.0.0.1:4599', /AWS_ACCESS_KEY_ID/],
    ['s3://rexer-files?endpoint=http://127.0.0.1:4599/%3FX-Amz-Credential%3Dx', /query or fragment/],
    ['s3://rexer-files?region=Milano Nord', /region=/],
    ['s3://rexer-files?forcePathStyle=yes', /forcePathStyle=/],
  ])('refuses %s, saying why', (value, why) => {
    expect(() => parseStorageUrl(value)).toThrow(why);
  });
});
