import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from './storage';

describe('local storage', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'batchwise-storage-'));
  const storage = createLocalStorage(root);
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('stores, reads back and deletes a file', async () => {
    const put = await storage.put('avatars/u1-avatar.png', Buffer.from('png-bytes'), 'image/png');
    expect(put).toEqual({ key: 'avatars/u1-avatar.png', size: 9 });
    const got = await storage.get('avatars/u1-avatar.png');
    expect(got?.size).toBe(9);
    expect(await text(got!.body)).toBe('png-bytes');
    await storage.delete('avatars/u1-avatar.png');
    expect(await storage.get('avatars/u1-avatar.png')).toBeUndefined();
  });

  it('accepts a stream and leaves no partial files behind', async () => {
    await storage.put(
      'docs/sheet.xlsx',
      Readable.from([Buffer.from('a'), Buffer.from('b')]),
      'application/octet-stream',
    );
    expect(fs.readdirSync(path.join(root, 'docs'))).toEqual(['sheet.xlsx']);
  });

  it.each(['../escape.txt', '/etc/passwd', 'a/../../b', '', '.hidden', 'a//b'])(
    'refuses the unsafe key %j',
    async (key) => {
      await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(/Unsafe storage key/);
    },
  );
});
