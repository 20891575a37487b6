import path from 'node:path';
import { z } from 'zod';
import { bool } from './env-values';

// Where uploads live (drivers/storage): the data directory by default, or an S3-compatible
// bucket (AWS S3, Cloudflare R2, MinIO, Backblaze B2) when several API machines share the files.
// Apart from config.ts so that file stays short; config.ts spreads these into its schema.

export const STORAGE_ENV = {
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z
    .string()
    .refine((v) => /^https?:$/.test(URL.canParse(v) ? new URL(v).protocol : ''), {
      error: 'must be a URL like https://<account>.r2.cloudflarestorage.com or http://127.0.0.1:9000',
    })
    .optional(),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { error: 'must be a bucket name: 3–63 of a-z 0-9 . -' })
    .optional(),
  S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool.optional(),
  S3_PREFIX: z
    .string()
    .regex(/^([A-Za-z0-9][A-Za-z0-9._-]*\/)+$/, {
      error: 'must be folder names ending in /, e.g. batchwise/',
    })
    .optional(),
};

type StorageEnv = z.output<z.ZodObject<typeof STORAGE_ENV>>;

export type StorageConfig =
  | { driver: 'local'; root: string }
  | {
      driver: 's3';
      /** Omitted for AWS S3 itself (the region picks the address). */
      endpoint: string | undefined;
      region: string;
      bucket: string;
      accessKeyId: string;
      secretAccessKey: string;
      forcePathStyle: boolean;
      keyPrefix: string;
    };

export function storageProblems(e: StorageEnv): string[] {
  if (e.STORAGE_DRIVER !== 's3') return [];
  const required = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
  return required.filter((name) => !e[name]).map((name) => `${name}: required when STORAGE_DRIVER=s3`);
}

export function storageConfig(e: StorageEnv, dataDir: string): StorageConfig {
  if (e.STORAGE_DRIVER === 'local') return { driver: 'local', root: path.join(dataDir, 'uploads') };
  return {
    driver: 's3',
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION,
    bucket: e.S3_BUCKET!,
    accessKeyId: e.S3_ACCESS_KEY_ID!,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
    // Path style by default with a custom endpoint: MinIO and most self-hosted services need it,
    // and R2 and B2 accept it; AWS itself (no endpoint) wants virtual-hosted names.
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? e.S3_ENDPOINT !== undefined,
    keyPrefix: e.S3_PREFIX ?? '',
  };
}
