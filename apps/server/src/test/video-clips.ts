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
  return madeOnce(`batchwise-clip-${width}x${height}-${seconds}s-${fps}.mp4`, (partial) =>
    execFileSync('ffmpeg', [
      ...['-nostdin', '-y', '-v', 'error'],
      ...['-f', 'lavfi', '-i', `testsrc=size=${width}x${height}:rate=${fps}:duration=${seconds}`],
      ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest'],
      partial,
    ]),
  );
}

/**
 * The file of that name in the temporary folder, made by `make` the first time: written under a
 * name of this process's and renamed, so a test process never reads one half made.
 */
function madeOnce(name: string, make: (partial: string) => void): string {
  const file = path.join(os.tmpdir(), name);
  if (fs.existsSync(file)) return file;
  const partial = `${file}.${process.pid}.part${path.extname(name)}`;
  make(partial);
  fs.renameSync(partial, file);
  return file;
}

/**
 * A WebM as a browser's MediaRecorder makes it: VP8 and Opus, frames stamped in milliseconds at
 * the (uneven) times the camera delivered them, and neither a duration nor a frame rate in the
 * header, which ffmpeg then reads as 1000 fps. About 10 frames a second.
 */
export function browserRecording(seconds: number): Buffer {
  const file = madeOnce(`batchwise-educast-${seconds}s-uneven.webm`, (partial) => {
    execFileSync('ffmpeg', [
      ...['-nostdin', '-y', '-v', 'error'],
      ...['-f', 'lavfi', '-i', `testsrc=size=320x240:rate=10:duration=${seconds}`],
      ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
      // Each frame 0–96 ms late, in millisecond ticks, kept as stamped.
      ...['-vf', "settb=1/1000,setpts='N*100+mod(N*N*37\\,97)'", '-fps_mode', 'passthrough'],
      ...['-enc_time_base:v', '1:1000', '-c:v', 'libvpx', '-deadline', 'realtime'],
      ...['-c:a', 'libopus', '-shortest', partial],
    ]);
    fs.writeFileSync(partial, withoutFrameRate(fs.readFileSync(partial)));
  });
  return fs.readFileSync(file);
}

/** Matroska's DefaultDuration element (the frame rate ffmpeg writes), by its EBML id. */
const DEFAULT_DURATION = Buffer.from([0x23, 0xe3, 0x83]);
const EBML_VOID = 0xec;

/**
 * The WebM with its DefaultDuration overwritten by a Void element of the same length, which every
 * reader skips: the header then says no frame rate, as MediaRecorder's does.
 */
function withoutFrameRate(webm: Buffer): Buffer {
  const at = webm.indexOf(DEFAULT_DURATION);
  const sizeByte = webm[at + DEFAULT_DURATION.length];
  // ffmpeg writes the element's size as a one-byte EBML number (0x80 | length).
  if (at < 0 || sizeByte === undefined || (sizeByte & 0x80) === 0) throw new Error('no DefaultDuration');
  const length = DEFAULT_DURATION.length + 1 + (sizeByte & 0x7f);
  const out = Buffer.from(webm);
  out.fill(0, at, at + length);
  out[at] = EBML_VOID;
  out[at + 1] = 0x80 | (length - 2);
  return out;
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
