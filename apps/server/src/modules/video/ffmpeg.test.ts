import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { browserRecording } from '../../test/video-clips';
import { transcodeRendition, trimToMp4 } from './ffmpeg';

// A browser's recording (millisecond timestamps, no frame rate in its header) keeps its own frames
// through EduCast's trim and the HLS ladder: ffmpeg reads such a file as 1000 fps, and output made
// constant-rate at that rate repeats each frame about a hundred times.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'batchwise-ffmpeg-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The video frames in a file, counted by reading it (not from its header). */
function frames(file: string): number {
  const out = execFileSync('ffprobe', [
    ...['-v', 'error', '-count_packets', '-select_streams', 'v:0'],
    ...['-show_entries', 'stream=nb_read_packets', '-of', 'csv=p=0', file],
  ]);
  return Number.parseInt(out.toString(), 10);
}

describe('ffmpeg with a browser recording', () => {
  const source = path.join(dir, 'recording.webm');
  fs.writeFileSync(source, browserRecording(4));

  it('is the shape that reads as 1000 fps', () => {
    const rate = execFileSync('ffprobe', [
      ...['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=r_frame_rate'],
      ...['-of', 'csv=p=0', source],
    ]);
    expect(rate.toString().trim()).toBe('1000/1');
    expect(frames(source)).toBe(40);
  });

  it('trims to MP4 with the frames it had', async () => {
    const lesson = path.join(dir, 'lesson.mp4');
    await trimToMp4(source, lesson, { startS: 1 });
    // Three seconds of a ten-a-second recording; a cut may keep the frame either side.
    expect(frames(lesson)).toBeGreaterThanOrEqual(29);
    expect(frames(lesson)).toBeLessThanOrEqual(31);
  }, 60_000);

  it('transcodes an HLS rendition with the frames it had', async () => {
    const rendition = path.join(dir, '240p');
    fs.mkdirSync(rendition);
    await transcodeRendition(source, rendition, { height: 240, videoKbps: 400 }, true);
    expect(frames(path.join(rendition, 'index.m3u8'))).toBe(40);
  }, 60_000);
});
