import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestClient } from '../../test/http';

/**
 * Test helpers of EduCast: a WebM like a browser's MediaRecorder makes (VP8 and Opus, no
 * duration), cut into the byte pieces the recorder would send, and the calls that send them.
 */
export function browserRecording(seconds: number): Buffer {
  const file = path.join(os.tmpdir(), `batchwise-educast-${seconds}s.webm`);
  if (!fs.existsSync(file)) {
    const partial = `${file}.${process.pid}.part.webm`;
    execFileSync('ffmpeg', [
      ...['-nostdin', '-y', '-v', 'error'],
      ...['-f', 'lavfi', '-i', `testsrc=size=320x240:rate=10:duration=${seconds}`],
      ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
      ...['-c:v', 'libvpx', '-deadline', 'realtime', '-c:a', 'libopus', '-shortest', partial],
    ]);
    fs.renameSync(partial, file);
  }
  return fs.readFileSync(file);
}

export function piecesOf(bytes: Buffer, count: number): Buffer[] {
  const size = Math.ceil(bytes.length / count);
  return Array.from({ length: count }, (_, i) => bytes.subarray(i * size, (i + 1) * size));
}

export function sendChunk(client: TestClient, base: string, seq: number, atMs: number, bytes: Buffer) {
  return client.request({
    method: 'PUT',
    url: `${base}/chunks/${seq}?atMs=${atMs}`,
    payload: bytes,
    headers: { 'content-type': 'application/octet-stream' },
  });
}
