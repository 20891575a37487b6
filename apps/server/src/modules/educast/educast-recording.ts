import type { TestClient } from '../../test/http';

/**
 * Test helpers of EduCast: a recording (test/video-clips.ts `browserRecording`) cut into the byte
 * pieces the recorder would send, and the calls that send them.
 */
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
