import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

/**
 * Videos for Chromium's fake camera, made at test time with ffmpeg from the sample photos that
 * ship inside @vladmandic/face-api (demo/sample6.jpg). The package is MIT; the photos carry no
 * licence of their own, so they are not copied into this repository (e2e/fixtures/FACES.md): each
 * run cuts one face out of the installed package into a temporary directory.
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
/** Where the student's nose tip lands in the 640 × 480 frame (the face a clip turns). */
const STUDENT_NOSE = { x: 225, y: 250 };

/** Frames a second, and seconds each pose of a turning clip is held (the model is slow here). */
const FPS = 5;
const HOLD_SECONDS = 10;
/** How far (pixels of the 640 × 480 frame) a bend moves the nose tip, and how wide round it. */
const BEND_PX = 30;
const BEND_SPREAD = 45;

/**
 * The nose tip pushed sideways along a bell curve, as a turning head moves its nose against its
 * eyes (what the registration's liveness check measures, lib/face/face-geometry.ts); the eyes,
 * jaw and ears stay nearly where they were.
 */
function bend(dx: number): string {
  const { x, y } = STUDENT_NOSE;
  const shift = `(${dx})*exp(-((X-${x})*(X-${x})+(Y-${y})*(Y-${y}))/${2 * BEND_SPREAD * BEND_SPREAD})`;
  const plane = (p: string) => `${p}='${p}(X-${shift},Y)'`;
  return `format=gbrp,geq=${plane('r')}:${plane('g')}:${plane('b')}`;
}

const ffmpeg = (args: string[]) => execFileSync('ffmpeg', ['-v', 'error', '-y', ...args]);

/** Writes frames as Y4M in a temporary directory; the fake camera loops the file. */
function y4m(name: string, args: string[]): string {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'face-clip-')), `${name}.y4m`);
  ffmpeg([...args, '-r', String(FPS), '-pix_fmt', 'yuv420p', '-f', 'yuv4mpegpipe', out]);
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

/** One face held still for ten seconds. */
export function faceClip(face: keyof typeof FACES): string {
  const { file, crop } = FACES[face];
  return y4m(face, [
    '-loop',
    '1',
    '-i',
    path.join(DEMO, file),
    '-vf',
    `crop=${crop},scale=640:480`,
    '-t',
    '10',
  ]);
}

/**
 * The student's face turning its head, made from a still: straight (the photo's slight turn undone by
 * moving the nose a little the other way), then one way (the nose moved further), then the other
 * way (the photo mirrored), each held a few seconds. The 68-landmark model reads each as the
 * liveness check needs: about -0.02, -0.11 and +0.10 eye-distances on this machine.
 */
export function turningFaceClip(): string {
  const { file, crop } = FACES.student;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'face-pose-'));
  // Each pose is made once into a still (bending every frame takes ffmpeg tens of seconds).
  const poses = [bend(BEND_PX), bend(-BEND_PX), 'hflip'].map((pose, i) => {
    const still = path.join(dir, `${i}.png`);
    ffmpeg(['-i', path.join(DEMO, file), '-vf', `crop=${crop},scale=640:480,${pose}`, still]);
    return still;
  });
  const clip = y4m('student-turning', [
    ...poses.flatMap((still) => ['-loop', '1', '-t', String(HOLD_SECONDS), '-i', still]),
    '-filter_complex',
    '[0][1][2]concat=n=3:v=1[v]',
    '-map',
    '[v]',
  ]);
  fs.rmSync(dir, { recursive: true, force: true });
  return clip;
}
