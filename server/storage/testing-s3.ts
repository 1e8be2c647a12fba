import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Location } from './storage-url';

/** The credentials s3rver checks signatures with. */
export const TEST_S3_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export interface TestS3 {
  /** The STORAGE_URL of the bucket (path-style, on the local endpoint). */
  storageUrl: string;
  location: S3Location;
  endpoint: string;
  /** Stops the server and removes its files. */
  close(): Promise<void>;
}

/**
 * A local S3-compatible server (s3rver, in this process, on a free loopback port, its objects in a
 * temporary folder) with one empty bucket: the tests of STORAGE_URL need no network and no service.
 */
export async function startTestS3(opts: { bucket?: string; prefix?: string } = {}): Promise<TestS3> {
  const bucket = opts.bucket ?? 'rexer-test';
  const prefix = opts.prefix ?? '';
  const directory = await mkdtemp(path.join(tmpdir(), 'rexer-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  const location: S3Location = {
    bucket,
    prefix: prefix ? `${prefix.replace(/\/+$/, '')}/` : '',
    endpoint,
    region: 'eu-south-1',
    forcePathStyle: true,
  };
  return {
    storageUrl: `s3://${bucket}/${prefix}?endpoint=${endpoint}&region=eu-south-1&forcePathStyle=true`,
    location,
    endpoint,
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
