import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where uploads live. Local disk by default; the interface is what an S3-compatible driver
 * implements for clusters, so API processes stay stateless.
 */
export interface Storage {
  readonly name: 'local';
  put(key: string, body: Buffer | Readable, contentType: string): Promise<{ key: string; size: number }>;
  get(key: string): Promise<{ body: Readable; size: number } | undefined>;
  delete(key: string): Promise<void>;
}

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

export function assertSafeKey(key: string): void {
  // Keys come from our own code, but a key with '..' or an absolute path must never reach the disk.
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`Unsafe storage key: ${key}`);
}

export function createLocalStorage(root: string): Storage {
  const resolve = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  return {
    name: 'local',
    async put(key, body) {
      const file = resolve(key);
      await fsp.mkdir(path.dirname(file), { recursive: true });
      // Write beside the target and rename, so a reader never sees half a file.
      const temp = `${file}.${process.pid}.${Date.now()}.part`;
      if (Buffer.isBuffer(body)) await fsp.writeFile(temp, body);
      else await pipeline(body, fs.createWriteStream(temp));
      await fsp.rename(temp, file);
      const { size } = await fsp.stat(file);
      return { key, size };
    },
    async get(key) {
      const file = resolve(key);
      const stat = await fsp.stat(file).catch(() => undefined);
      if (!stat?.isFile()) return undefined;
      return { body: fs.createReadStream(file), size: stat.size };
    },
    async delete(key) {
      await fsp.rm(resolve(key), { force: true });
    },
  };
}
