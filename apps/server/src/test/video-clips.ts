import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Storage } from '../drivers/storage/storage';
import { failure } from '../lib/errors';
import type { ClaimUpload } from '../modules/video/video.service';

/**
 * Real video files for tests and benchmarks: ffmpeg's `testsrc` pattern with a tone, of the size
 * and length asked, in a shared temporary folder (made once per size).
 */
export function testClip(width: number, height: number, seconds: number, fps = 10): string {
  const file = path.join(os.tmpdir(), `batchwise-clip-${width}x${height}-${seconds}s-${fps}.mp4`);
  if (fs.existsSync(file)) return file;
  const partial = `${file}.${process.pid}.part.mp4`;
  execFileSync('ffmpeg', [
    ...['-nostdin', '-y', '-v', 'error'],
    ...['-f', 'lavfi', '-i', `testsrc=size=${width}x${height}:rate=${fps}:duration=${seconds}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest'],
    partial,
  ]);
  fs.renameSync(partial, file);
  return file;
}

/**
 * The uploads capability's `claim` for tests: an upload id names a clip (`clip-<w>x<h>-<s>s`) or a
 * broken file (`broken`); claiming stores it through the real storage driver, once per id.
 */
export function clipUploads(storage: () => Storage): ClaimUpload {
  const claimed = new Set<string>();
  return async (uploadId, who) => {
    if (claimed.has(uploadId)) throw failure(404, 'UPLOAD_NOT_FOUND');
    const size = /^clip-(\d+)x(\d+)-(\d+)s/.exec(uploadId);
    const bytes = size
      ? fs.readFileSync(testClip(Number(size[1]), Number(size[2]), Number(size[3])))
      : uploadId.startsWith('broken')
        ? crypto.randomBytes(64 * 1024)
        : undefined;
    if (!bytes) throw failure(404, 'UPLOAD_NOT_FOUND');
    claimed.add(uploadId);
    const storageKey = `uploads/${who.accountId}/${crypto.randomUUID()}`;
    await storage().put(storageKey, bytes, 'video/mp4');
    return { storageKey, fileName: `${uploadId}.mp4`, contentType: 'video/mp4', sizeBytes: bytes.length };
  };
}
