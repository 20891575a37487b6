import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/config';
import { type S3StandIn, useS3StandIn } from '../../test/s3-stand-in';
import { createStorage } from './create-storage';
import { RangeNotSatisfiableError, type Storage } from './storage';

const collect = async (keys: AsyncIterable<string>) => {
  const all: string[] = [];
  for await (const key of keys) all.push(key);
  return all;
};

/** Bytes that differ at every offset, so a range cut in the wrong place shows. */
const pattern = (bytes: number) =>
  Buffer.from(Array.from({ length: bytes }, (_, i) => (i * 7 + (i >> 8)) & 0xff));

/**
 * One suite, both drivers: whatever the local disk does, the S3-compatible driver does the same
 * against a real S3-protocol server (s3rver on loopback).
 */
function storageSuite(driver: 'local' | 's3', standIn?: S3StandIn) {
  describe(`${driver} storage`, () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'batchwise-storage-'));
    let storage: Storage;
    beforeAll(() => {
      const config = loadConfig({ DATA_DIR: dataDir, ...standIn?.freshEnv() }, 'test');
      storage = createStorage(config.storage);
      expect(storage.name).toBe(driver);
    });
    afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

    it('stores, reads back, sizes and deletes a file', async () => {
      const put = await storage.put('avatars/u1-avatar.png', Buffer.from('png-bytes'), 'image/png');
      expect(put).toEqual({ key: 'avatars/u1-avatar.png', size: 9 });
      expect(await storage.head('avatars/u1-avatar.png')).toEqual({ size: 9 });
      const got = await storage.get('avatars/u1-avatar.png');
      expect(got?.size).toBe(9);
      expect(await text(got!.body)).toBe('png-bytes');
      await storage.delete('avatars/u1-avatar.png');
      expect(await storage.get('avatars/u1-avatar.png')).toBeUndefined();
      expect(await storage.head('avatars/u1-avatar.png')).toBeUndefined();
      // Deleting again, or what never was, is not an error.
      await storage.delete('avatars/u1-avatar.png');
    });

    it('moves a finished file from the disk into storage', async () => {
      const source = path.join(dataDir, 'chunk-file');
      fs.writeFileSync(source, pattern(70_000));
      expect(await storage.putFile('uploads/acc/file.pdf', source, 'application/pdf')).toEqual({
        key: 'uploads/acc/file.pdf',
        size: 70_000,
      });
      expect(fs.existsSync(source)).toBe(false);
      expect((await buffer((await storage.get('uploads/acc/file.pdf'))!.body)).equals(pattern(70_000))).toBe(
        true,
      );
    });

    it('replaces a file put again under the same key', async () => {
      await storage.put('logos/a.webp', Buffer.from('first version'), 'image/webp');
      await storage.put('logos/a.webp', Buffer.from('second'), 'image/webp');
      const got = await storage.get('logos/a.webp');
      expect([got?.size, await text(got!.body)]).toEqual([6, 'second']);
    });

    it('takes streams of any size, empty and larger than one upload part', async () => {
      const big = crypto.randomBytes(17 * 1024 * 1024 + 123);
      // Small, uneven chunks as a network upload delivers them.
      const chunks = Array.from({ length: Math.ceil(big.length / 65_521) }, (_, i) =>
        big.subarray(i * 65_521, (i + 1) * 65_521),
      );
      expect(await storage.put('videos/big.bin', Readable.from(chunks), 'application/octet-stream')).toEqual({
        key: 'videos/big.bin',
        size: big.length,
      });
      const got = await storage.get('videos/big.bin');
      expect(got?.size).toBe(big.length);
      const back = await buffer(got!.body);
      expect(crypto.createHash('sha256').update(back).digest('hex')).toBe(
        crypto.createHash('sha256').update(big).digest('hex'),
      );

      expect(await storage.put('docs/empty.txt', Readable.from([]), 'text/plain')).toEqual({
        key: 'docs/empty.txt',
        size: 0,
      });
      expect(await storage.head('docs/empty.txt')).toEqual({ size: 0 });
    });

    it('reads byte ranges, as a video player seeking asks for them', async () => {
      const bytes = pattern(1000);
      await storage.put('videos/seg.ts', bytes, 'video/mp2t');
      const middle = await storage.get('videos/seg.ts', { start: 100, end: 199 });
      expect([middle?.size, middle?.range]).toEqual([1000, { start: 100, end: 199 }]);
      expect(await buffer(middle!.body)).toEqual(bytes.subarray(100, 200));

      const tail = await storage.get('videos/seg.ts', { start: 990 });
      expect(tail?.range).toEqual({ start: 990, end: 999 });
      expect(await buffer(tail!.body)).toEqual(bytes.subarray(990));

      const past = await storage.get('videos/seg.ts', { start: 900, end: 5000 });
      expect(past?.range).toEqual({ start: 900, end: 999 });
      expect(await buffer(past!.body)).toEqual(bytes.subarray(900));

      await expect(storage.get('videos/seg.ts', { start: 1000 })).rejects.toThrow(RangeNotSatisfiableError);
      expect(await storage.get('videos/missing.ts', { start: 0, end: 1 })).toBeUndefined();
    });

    it('lists keys under a prefix, sorted, never a half-written one', async () => {
      for (const key of ['list/b/2.txt', 'list/a.txt', 'list/b/1.txt', 'listless.txt'])
        await storage.put(key, Buffer.from(key), 'text/plain');
      // A put still in flight: its first part is in, the rest has not arrived.
      const stalled = new Readable({ read() {} });
      stalled.push(Buffer.alloc(1024));
      const inFlight = storage.put('list/c.txt', stalled, 'text/plain');
      expect(await collect(storage.list('list/'))).toEqual(['list/a.txt', 'list/b/1.txt', 'list/b/2.txt']);
      expect(await collect(storage.list('list/b/'))).toEqual(['list/b/1.txt', 'list/b/2.txt']);
      expect(await collect(storage.list(''))).toEqual(expect.arrayContaining(['list/a.txt', 'listless.txt']));
      stalled.push(null);
      await inFlight;
      expect(await collect(storage.list('list/'))).toContain('list/c.txt');
    });

    it.each(['../escape.txt', '/etc/passwd', 'a/../../b', '', '.hidden', 'a//b', '.incoming/x'])(
      'refuses the unsafe key %j',
      async (key) => {
        await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(/Unsafe storage key/);
        await expect(storage.get(key)).rejects.toThrow(/Unsafe storage key/);
        await expect(storage.delete(key)).rejects.toThrow(/Unsafe storage key/);
      },
    );

    it('refuses an unsafe prefix to list', async () => {
      await expect(collect(storage.list('../'))).rejects.toThrow(/Unsafe storage key/);
    });
  });
}

storageSuite('local');

describe('S3-compatible storage', () => {
  storageSuite('s3', useS3StandIn());
});

describe('storage settings', () => {
  it('asks for the bucket and keys when STORAGE_DRIVER=s3', () => {
    expect(() => loadConfig({ STORAGE_DRIVER: 's3' }, 'test')).toThrow(
      /S3_BUCKET: required when STORAGE_DRIVER=s3[\s\S]*S3_ACCESS_KEY_ID[\s\S]*S3_SECRET_ACCESS_KEY/,
    );
    expect(() => loadConfig({ STORAGE_DRIVER: 'gcs' }, 'test')).toThrow(/STORAGE_DRIVER/);
    expect(() => loadConfig({ STORAGE_DRIVER: 's3', S3_PREFIX: '../x/' }, 'test')).toThrow(/S3_PREFIX/);
  });

  it('uses path-style addresses with a custom endpoint unless told otherwise', () => {
    const base = {
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'school-files',
      S3_ACCESS_KEY_ID: 'k',
      S3_SECRET_ACCESS_KEY: 's',
    };
    expect(loadConfig({ ...base, S3_ENDPOINT: 'http://127.0.0.1:9000' }, 'test').storage).toMatchObject({
      driver: 's3',
      forcePathStyle: true,
      keyPrefix: '',
    });
    expect(loadConfig(base, 'test').storage).toMatchObject({ forcePathStyle: false, endpoint: undefined });
    expect(
      loadConfig({ ...base, S3_ENDPOINT: 'https://r2.example', S3_FORCE_PATH_STYLE: 'false' }, 'test')
        .storage,
    ).toMatchObject({ forcePathStyle: false });
  });
});
