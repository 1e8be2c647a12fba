import path from 'node:path';
import type { AppConfig } from '../config';
import { LocalFileStorage, type FileStorage } from './file-storage';
import { describeS3Location } from './storage-url';

export interface OpenedStorage {
  storage: FileStorage;
  /** For the start log: where the files are. */
  description: string;
  close(): void;
}

/**
 * The storage of the configuration: the STORAGE_URL bucket, checked to answer before the server
 * starts (a wrong bucket or refused credentials stop it with a clear message), or DATA_DIR/storage
 * on this server's disk. The SDK is loaded only for a bucket.
 */
export async function openFileStorage(config: Pick<AppConfig, 'storage' | 'dataDir'>): Promise<OpenedStorage> {
  if (!config.storage) {
    const storage = new LocalFileStorage(path.join(config.dataDir, 'storage'));
    return {
      storage,
      description: `${storage.rootDir} on this server's disk (STORAGE_URL shares them between servers)`,
      close: () => undefined,
    };
  }
  const { S3FileStorage } = await import('./s3-file-storage');
  const storage = new S3FileStorage(config.storage);
  try {
    await storage.check();
  } catch (error) {
    storage.close();
    throw error;
  }
  return { storage, description: describeS3Location(config.storage), close: () => storage.close() };
}
