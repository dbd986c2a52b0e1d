import path from 'node:path';
import type { Config } from '../config.ts';
import { createLocalStorage } from './local-storage.ts';
import { createS3Storage } from './s3-storage.ts';
import type { Storage } from './storage.ts';

/** The Storage driver the settings choose: DATA_DIR/files by default, a bucket with STORAGE=s3. */
export function createConfiguredStorage(config: Pick<Config, 'storage' | 'dataDir'>): Storage {
  return config.storage.kind === 's3'
    ? createS3Storage(config.storage)
    : createLocalStorage(path.join(config.dataDir, 'files'));
}
