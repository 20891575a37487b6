import type { StorageConfig } from '../../config/storage';
import { createLocalStorage } from './local-storage';
import { createS3Storage } from './s3-storage';
import type { Storage } from './storage';

/** The storage driver the configuration names. */
export function createStorage(config: StorageConfig): Storage {
  return config.driver === 'local' ? createLocalStorage(config.root) : createS3Storage(config);
}
