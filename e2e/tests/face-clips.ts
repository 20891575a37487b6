import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

/**
 * Videos for Chromium's fake camera, made at test time with ffmpeg from the sample photos that
 * ship inside @vladmandic/face-api (demo/sample6.jpg). The package is MIT; the
 * photos carry no licence of their own, so they are not copied into this repository
 * (e2e/fixtures/FACES.md): each run cuts one face out of the installed package into a temporary
 * directory. A still photo cannot turn its head, so these clips show a face, not a registration.
 */
const DEMO = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json')),
  'demo',
);

/** Which photo and 4:3 box (scaled to 640 × 480) hold each face. */
const FACES = {
  student: { file: 'sample6.jpg', crop: '480:360:1400:260' },
  stranger: { file: 'sample6.jpg', crop: '480:360:102:485' },
} as const;

/** A Y4M file of one face, ten seconds at 5 frames a second (the fake camera loops it). */
export function faceClip(face: keyof typeof FACES): string {
  const { file, crop } = FACES[face];
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'face-clip-')), `${face}.y4m`);
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-loop',
    '1',
    '-i',
    path.join(DEMO, file),
    '-vf',
    `crop=${crop},scale=640:480`,
    '-t',
    '10',
    '-r',
    '5',
    '-pix_fmt',
    'yuv420p',
    '-f',
    'yuv4mpegpipe',
    out,
  ]);
  // ffmpeg writes C420jpeg (or C420mpeg2); Chromium's Y4M reader wants plain C420 (only the header changes).
  const body = fs.readFileSync(out);
  const headerEnd = body.indexOf(0x0a);
  const header = body
    .subarray(0, headerEnd)
    .toString('latin1')
    .replace(/ C420\w+/, ' C420');
  fs.writeFileSync(out, Buffer.concat([Buffer.from(header, 'latin1'), body.subarray(headerEnd)]));
  return out;
}
