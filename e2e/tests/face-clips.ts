import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

/**
 * Videos for Chromium's fake camera, made at test time with ffmpeg from the sample photos that
 * ship inside @vladmandic/face-api (demo/sample6.jpg, sample1.jpg). The package is MIT; the photos carry no
 * licence of their own, so they are not copied into this repository (e2e/fixtures/FACES.md):
 * each run cuts one face out of the installed package into a temporary directory.
 *
 * - `registered`: one face, straight for 3 s, then the nose and mouth drawn aside one way and
 *   then the other (a local warp standing in for a head turn, which a still photo cannot do).
 * - `stranger`: a person of another photo, still.
 */
const DEMO = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json')),
  'demo',
);

/** Which photo and box (4:3, scaled to 640 × 480) hold each face, and its nose tip in the frame. */
const FACES = {
  registered: { file: 'sample6.jpg', crop: '480:360:1400:260', nose: { x: 209, y: 261 } },
  stranger: { file: 'sample1.jpg', crop: '600:450:640:330', nose: null },
} as const;

const FPS = 5;
const SECONDS_EACH = 3;

/** A frame with the nose and mouth area pushed `shift` pixels sideways (0: the photo as it is). */
function still(dir: string, face: keyof typeof FACES, shift: number, name: string): string {
  const { file: photo, crop, nose } = FACES[face];
  const filters = [`crop=${crop}`, 'scale=640:480'];
  if (nose && shift !== 0) {
    // A Gaussian bump of displacement centred below the nose tip, scaled to each plane (chroma is
    // half size); the eyes, about 100 px above, stay where they are.
    const warp = (plane: string) =>
      `${plane}(X-(${shift}*W/640)*exp(-(pow((X-${nose.x}*W/640)/(45*W/640),2)+pow((Y-${nose.y + 25}*H/480)/(50*H/480),2))/2),Y)`;
    filters.push(`geq=lum='${warp('lum')}':cb='${warp('cb')}':cr='${warp('cr')}'`);
  }
  const file = path.join(dir, `${name}.png`);
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', path.join(DEMO, photo), '-vf', filters.join(','), file]);
  return file;
}

/** Stills shown SECONDS_EACH seconds each, in a loop, as a Y4M file Chromium's fake camera plays. */
function clip(dir: string, name: string, stills: string[]): string {
  const list = path.join(dir, `${name}.txt`);
  fs.writeFileSync(
    list,
    stills.map((s) => `file '${s}'\nduration ${SECONDS_EACH}\n`).join('') + `file '${stills.at(-1)}'\n`,
  );
  const file = path.join(dir, `${name}.y4m`);
  execFileSync('ffmpeg', [
    '-v', 'error', '-y', '-f', 'concat', '-safe', '0', '-i', list,
    '-r', String(FPS), '-pix_fmt', 'yuv420p', '-f', 'yuv4mpegpipe', file,
  ]);
  // ffmpeg writes C420jpeg (or C420mpeg2); Chromium's Y4M reader wants plain C420 (only the header changes).
  const body = fs.readFileSync(file);
  const headerEnd = body.indexOf(0x0a);
  const header = body.subarray(0, headerEnd).toString('latin1').replace(/ C420\w+/, ' C420');
  fs.writeFileSync(file, Buffer.concat([Buffer.from(header, 'latin1'), body.subarray(headerEnd)]));
  return file;
}

export function faceClips(): { registered: string; stranger: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'face-clips-'));
  return {
    registered: clip(dir, 'registered', [
      still(dir, 'registered', 0, 'straight'),
      still(dir, 'registered', -20, 'left'),
      still(dir, 'registered', 20, 'right'),
    ]),
    stranger: clip(dir, 'stranger', [still(dir, 'stranger', 0, 'stranger')]),
  };
}
