import type { FaceLivenessCheck } from '@batchwise/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { loadFaceEngine, openFaceCamera, readFace, type SeenFace } from '../../lib/face/face-engine';
import { FACE_POSES, type FacePose, holdsPose, turnedBothWays } from '../../lib/face/face-geometry';

/** Frames in a row a pose must hold before it is taken (a passing glance is not a capture). */
const HOLD_FRAMES = 2;
const FRAME_GAP_MS = 150;
/** The kept photo: a square around the face, as large as the student photo is stored. */
const PHOTO_SIZE = 256;

export type CapturePhase = 'idle' | 'loading' | 'looking' | 'finished' | 'denied' | 'failed';

export interface CaptureResult {
  descriptors: number[][];
  liveness: FaceLivenessCheck;
  /** Base64 JPEG of the straight capture, when asked for. */
  photo?: string;
}

/**
 * The registration camera: loads the model, then takes one descriptor per pose (straight, then a
 * little to each side) once the face has held it, and checks the head really turned both ways.
 * The video never leaves the page; only the numbers (and, when the account keeps one, a photo)
 * are handed back.
 */
export function useFaceCapture(keepPhoto: boolean) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [phase, setPhase] = useState<CapturePhase>('idle');
  const [pose, setPose] = useState<FacePose>('straight');
  const [taken, setTaken] = useState(0);
  const [seesFace, setSeesFace] = useState(false);
  const [result, setResult] = useState<CaptureResult | null>(null);
  const run = useRef(0);
  const stream = useRef<MediaStream | null>(null);

  const stop = useCallback(() => {
    run.current++;
    for (const track of stream.current?.getTracks() ?? []) track.stop();
    stream.current = null;
  }, []);

  const start = useCallback(async () => {
    stop();
    const turn = run.current;
    setResult(null);
    setTaken(0);
    setPose('straight');
    setPhase('loading');
    try {
      const [media] = await Promise.all([openFaceCamera('user'), loadFaceEngine()]);
      if (turn !== run.current) {
        for (const track of media.getTracks()) track.stop();
        return;
      }
      stream.current = media;
      const video = videoRef.current;
      if (video) {
        video.srcObject = media;
        await video.play().catch(() => undefined);
      }
    } catch (error) {
      const name = error instanceof Error || error instanceof DOMException ? error.name : '';
      setPhase(name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'failed');
      return;
    }
    setPhase('looking');
    const captures: SeenFace[] = [];
    let photo: string | undefined;
    let held = 0;
    while (turn === run.current && captures.length < FACE_POSES.length) {
      const video = videoRef.current;
      const face = video ? await readFace(video).catch(() => null) : null;
      if (turn !== run.current) return;
      setSeesFace(face !== null);
      const wanted = FACE_POSES[captures.length]!;
      const straight = captures[0]?.turn ?? null;
      if (face && holdsPose(wanted, face.turn, straight, captures[1]?.turn)) held++;
      else held = 0;
      if (face && held >= HOLD_FRAMES) {
        if (wanted === 'straight' && keepPhoto && video) photo = facePhoto(video, face);
        captures.push(face);
        held = 0;
        setTaken(captures.length);
        setPose(FACE_POSES[captures.length] ?? 'straight');
      }
      await new Promise((resolve) => setTimeout(resolve, FRAME_GAP_MS));
    }
    if (turn !== run.current) return;
    stop();
    const [first, ...sides] = captures;
    if (
      !first ||
      !turnedBothWays(
        first.turn,
        sides.map((c) => c.turn),
      )
    ) {
      setPhase('failed');
      return;
    }
    setResult({
      descriptors: captures.map((c) => Array.from(c.descriptor, (n) => Math.round(n * 1e6) / 1e6)),
      liveness: 'turn',
      ...(photo ? { photo } : {}),
    });
    setPhase('finished');
  }, [keepPhoto, stop]);

  useEffect(() => stop, [stop]);

  return { videoRef, phase, pose, taken, seesFace, result, start, stop };
}

/** A square JPEG around the face, for the student photo. */
function facePhoto(video: HTMLVideoElement, face: SeenFace): string | undefined {
  const side = Math.min(Math.max(face.box.width, face.box.height) * 1.8, video.videoWidth, video.videoHeight);
  const cx = face.box.x + face.box.width / 2;
  const cy = face.box.y + face.box.height / 2;
  const sx = Math.min(Math.max(cx - side / 2, 0), video.videoWidth - side);
  const sy = Math.min(Math.max(cy - side / 2, 0), video.videoHeight - side);
  const canvas = document.createElement('canvas');
  canvas.width = PHOTO_SIZE;
  canvas.height = PHOTO_SIZE;
  const context = canvas.getContext('2d');
  if (!context) return undefined;
  context.drawImage(video, sx, sy, side, side, 0, 0, PHOTO_SIZE, PHOTO_SIZE);
  return canvas.toDataURL('image/jpeg', 0.85).replace(/^data:image\/jpeg;base64,/, '');
}
