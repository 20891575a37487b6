import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  assertSafeKey,
  assertSafePrefix,
  clampRange,
  RangeNotSatisfiableError,
  type Storage,
} from './storage';

/** Half-written files wait here; keys never start with a dot, so no key reaches this folder. */
const TEMP_DIR = '.incoming';

/** Files under one directory (DATA_DIR/uploads), a key being a path below it. */
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
      await fsp.mkdir(path.join(root, TEMP_DIR), { recursive: true });
      // Write aside and rename, so a reader (or a backup) never sees half a file.
      const temp = path.join(
        root,
        TEMP_DIR,
        `${process.pid}.${Date.now()}.${Math.random().toString(36).slice(2)}`,
      );
      try {
        if (Buffer.isBuffer(body)) await fsp.writeFile(temp, body);
        else await pipeline(body, fs.createWriteStream(temp));
        await fsp.rename(temp, file);
      } catch (error) {
        await fsp.rm(temp, { force: true });
        throw error;
      }
      const { size } = await fsp.stat(file);
      return { key, size };
    },
    async putFile(key, source, contentType) {
      const file = resolve(key);
      await fsp.mkdir(path.dirname(file), { recursive: true });
      try {
        // On the same disk a rename moves a file of any size at once, and atomically.
        await fsp.rename(source, file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        await this.put(key, fs.createReadStream(source), contentType);
        await fsp.rm(source, { force: true });
      }
      const { size } = await fsp.stat(file);
      return { key, size };
    },
    async get(key, range) {
      const file = resolve(key);
      const stat = await fsp.stat(file).catch(() => undefined);
      if (!stat?.isFile()) return undefined;
      if (!range) return { body: fs.createReadStream(file), size: stat.size };
      const bytes = clampRange(range, stat.size);
      if (!bytes) throw new RangeNotSatisfiableError(key, stat.size);
      return { body: fs.createReadStream(file, bytes), size: stat.size, range: bytes };
    },
    async head(key) {
      const stat = await fsp.stat(resolve(key)).catch(() => undefined);
      return stat?.isFile() ? { size: stat.size } : undefined;
    },
    async delete(key) {
      await fsp.rm(resolve(key), { force: true });
    },
    async *list(prefix) {
      assertSafePrefix(prefix);
      const entries = await fsp.readdir(root, { recursive: true, withFileTypes: true }).catch((error) => {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      });
      const keys = entries
        .filter((e) => e.isFile())
        .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
        .filter((key) => !key.startsWith(`${TEMP_DIR}/`) && key.startsWith(prefix))
        .sort();
      yield* keys;
    },
  };
}
