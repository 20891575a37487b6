import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll } from 'vitest';
import type { Env } from '../config/config';

const BUCKET = 'batchwise-test';
/** s3rver checks signatures against these fixed credentials. */
const CREDENTIALS = { S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' };

export interface S3StandIn {
  /** Settings that point STORAGE_DRIVER=s3 at the stand-in; filled in by `beforeAll`. */
  env: Env;
  /** The same settings under a key prefix of their own: an empty store in the same bucket. */
  freshEnv(): Env;
}

/**
 * A local S3-protocol server (s3rver) for the enclosing `describe`, on a loopback port in a
 * temporary directory, the way the payment and SMS stand-ins stand in for the real services.
 * Call it before `useTestApp(dialect, standIn.env)`: hooks run in order, so the settings are
 * filled in before the app reads them.
 */
export function useS3StandIn(): S3StandIn {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'batchwise-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: BUCKET }],
  });
  const env: Env = {};
  const standIn: S3StandIn = {
    env,
    freshEnv: () => ({ ...env, S3_PREFIX: `t${crypto.randomBytes(6).toString('hex')}/` }),
  };
  beforeAll(async () => {
    const { port } = await server.run();
    Object.assign(env, {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: BUCKET,
      S3_REGION: 'us-east-1',
      ...CREDENTIALS,
      S3_PREFIX: `t${crypto.randomBytes(6).toString('hex')}/`,
    });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(directory, { recursive: true, force: true });
  });
  return standIn;
}
