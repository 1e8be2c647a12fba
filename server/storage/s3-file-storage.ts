import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { assertValidStorageKey, contentTypeOfName, StorageUnavailableError, type FileStorage } from './file-storage';
import type { S3Location } from './storage-url';
import { NETWORK_ERROR_CODES } from '../lib/error-cause';

// The SDK warns once, at its first client, that its releases from 2027 on need Node 22: Rexer runs
// on Node 20 with the version pinned in package.json (docs/decisions.md), so the warning says nothing
// an operator can act on. Set to 'false' to see it.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/** How long a connection to the store may take to open, and a whole call, before it fails (ms). */
const CONNECT_TIMEOUT_MS = 3_000;
const REQUEST_TIMEOUT_MS = 30_000;

export interface S3FileStorageOptions extends S3Location {
  /** Credentials for a test; unset, the SDK's default chain (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, a profile, a role). */
  credentials?: S3ClientConfig['credentials'];
  /** Attempts per call (the SDK's default is 3). */
  maxAttempts?: number;
}

/**
 * Files as objects of an S3-compatible bucket, so every server reads what any of them wrote. A key
 * (`media/listings/12/abc-BIG.webp`) is the object's key after the location's prefix; the content
 * type is the object's ContentType, served back as it was stored. A missing object reads as null
 * (get) or false (exists); any other failure is thrown: a store that cannot be reached or answers
 * 5xx as StorageUnavailableError (the error handler's 503), anything else (a missing bucket,
 * refused credentials) as the SDK's own error (500, and in the log).
 */
export class S3FileStorage implements FileStorage {
  readonly location: S3Location;
  private readonly client: S3Client;

  constructor(options: S3FileStorageOptions) {
    const { credentials, maxAttempts, ...location } = options;
    this.location = location;
    this.client = new S3Client({
      endpoint: location.endpoint,
      // A self-hosted store ignores the region but the signature needs one: MinIO's default.
      region: location.region ?? process.env.AWS_REGION ?? (location.endpoint ? 'us-east-1' : undefined),
      forcePathStyle: location.forcePathStyle,
      credentials,
      maxAttempts,
      // The checksums SDK 3.729+ adds to every call by default are not known to every S3-compatible
      // store (older MinIO, Ceph, some clouds' S3 APIs); S3 itself needs them only where it says so.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      requestHandler: {
        connectionTimeout: CONNECT_TIMEOUT_MS,
        requestTimeout: REQUEST_TIMEOUT_MS,
        throwOnRequestTimeout: true,
      },
    });
  }

  private objectKey(key: string): string {
    assertValidStorageKey(key);
    return `${this.location.prefix}${key}`;
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    const Key = this.objectKey(key);
    // One PUT: S3 stores an object whole or not at all, so a failed write leaves nothing behind.
    await this.call(() =>
      this.client.send(
        new PutObjectCommand({
          Bucket: this.location.bucket,
          Key,
          Body: data,
          ContentType: contentType,
          ContentLength: data.length,
        }),
      ),
    );
  }

  async get(key: string): Promise<{ data: Buffer; contentType: string } | null> {
    const Key = this.objectKey(key);
    try {
      // The body is read inside the call too: a connection lost halfway is the store's failure.
      return await this.call(async () => {
        const object = await this.client.send(new GetObjectCommand({ Bucket: this.location.bucket, Key }));
        if (!object.Body) return null;
        const data = Buffer.from(await object.Body.transformToByteArray());
        return { data, contentType: object.ContentType || contentTypeOfName(key) };
      });
    } catch (error) {
      if (isMissingObject(error)) return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    const Key = this.objectKey(key);
    try {
      await this.call(() => this.client.send(new HeadObjectCommand({ Bucket: this.location.bucket, Key })));
      return true;
    } catch (error) {
      if (!isMissingObject(error)) throw error;
    }
    // HeadObject answers a bare 404 for a missing bucket too: "no such file" is answered only once
    // the bucket is known to be there (the housekeeping deletes the rows of files found missing).
    await this.assertBucket();
    return false;
  }

  /** When the bucket last answered HeadBucket: it is asked again after a minute. */
  private bucketSeenAt = 0;

  private async assertBucket(): Promise<void> {
    if (Date.now() - this.bucketSeenAt < 60_000) return;
    try {
      await this.call(() => this.client.send(new HeadBucketCommand({ Bucket: this.location.bucket })));
    } catch (error) {
      if (statusOf(error) === 404)
        throw new StorageUnavailableError(`bucket ${JSON.stringify(this.location.bucket)} not found`, error);
      throw error;
    }
    this.bucketSeenAt = Date.now();
  }

  async delete(key: string): Promise<void> {
    const Key = this.objectKey(key);
    // S3 answers 204 for a key that is not there too: deleting twice is no error.
    await this.call(() => this.client.send(new DeleteObjectCommand({ Bucket: this.location.bucket, Key })));
  }

  /**
   * At start: throws a clear Error unless the bucket answers with these credentials (a wrong name,
   * refused credentials, a store that cannot be reached), so a bad STORAGE_URL stops the server
   * before it takes traffic rather than failing every upload.
   */
  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.location.bucket }));
    } catch (error) {
      const status = statusOf(error);
      const name = (error as { name?: string }).name ?? 'Error';
      const why =
        name === 'CredentialsProviderError'
          ? 'no credentials were found: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (or give the machine a role)'
          : status === 404
            ? 'the bucket does not exist'
            : status === 403 || status === 401
              ? 'the credentials (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY) are refused'
              : `${name}: ${(error as Error).message}`;
      throw new Error(`STORAGE_URL: bucket ${JSON.stringify(this.location.bucket)} cannot be used: ${why}`, {
        cause: error,
      });
    }
  }

  close(): void {
    this.client.destroy();
  }

  /** Runs one SDK call, turning a store that cannot be reached or answers 5xx into StorageUnavailableError. */
  private async call<T>(send: () => Promise<T>): Promise<T> {
    try {
      return await send();
    } catch (error) {
      if (isUnreachable(error)) throw new StorageUnavailableError('object storage unavailable', error);
      throw error;
    }
  }
}

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
}

/**
 * No such object: GetObject's NoSuchKey, HeadObject's bare 404 (NotFound). A missing bucket is not a
 * missing object (GetObject says NoSuchBucket): that is a misconfiguration, thrown.
 */
function isMissingObject(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'NoSuchKey' || name === 'NotFound') return true;
  return statusOf(error) === 404 && name !== 'NoSuchBucket';
}

/** The store did not answer (refused, reset, timed out, name not found) or answered 5xx (its fault). */
function isUnreachable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, name, $fault } = error as { code?: unknown; name?: unknown; $fault?: unknown };
  if (typeof code === 'string' && NETWORK_ERROR_CODES.has(code)) return true;
  if (name === 'TimeoutError') return true;
  const status = statusOf(error);
  return $fault === 'server' && (status === undefined || status >= 500);
}
