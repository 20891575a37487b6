import { FACE_DESCRIPTOR_LENGTH } from '@batchwise/domain';
import { headTurn, type Point } from './face-geometry';

// The face model on the device (@vladmandic/face-api, MIT, with its models): imported only by the
// pages that recognise faces, and its model files fetched from our own origin (the web build
// copies them to /face-models, vite/face-models.ts). No picture leaves the device through here.

type FaceApi = typeof import('@vladmandic/face-api');

const MODELS_URL = '/face-models';
let engine: Promise<FaceApi> | undefined;

/** Loads the library and its three models once per page; a failure may be retried. */
export function loadFaceEngine(): Promise<FaceApi> {
  engine ??= (async () => {
    const faceapi = await import('@vladmandic/face-api');
    await Promise.all([
      faceapi.nets.tinyFaceDetector.loadFromUri(MODELS_URL),
      faceapi.nets.faceLandmark68Net.loadFromUri(MODELS_URL),
      faceapi.nets.faceRecognitionNet.loadFromUri(MODELS_URL),
    ]);
    return faceapi;
  })().catch((error: unknown) => {
    engine = undefined;
    throw error;
  });
  return engine;
}

/** One face the camera sees: its descriptor and how far the head is turned. */
export interface SeenFace {
  descriptor: Float32Array;
  turn: number;
  /** The detector's confidence, 0–1. */
  score: number;
  /** The face's box in the video's pixels (for the kept photo). */
  box: { x: number; y: number; width: number; height: number };
}

/** The largest face in the video's current frame, or null when there is none. */
export async function readFace(video: HTMLVideoElement): Promise<SeenFace | null> {
  if (video.readyState < 2 || video.videoWidth === 0) return null;
  const faceapi = await loadFaceEngine();
  const options = new faceapi.TinyFaceDetectorOptions({ inputSize: 320, scoreThreshold: 0.5 });
  const found = await faceapi.detectSingleFace(video, options).withFaceLandmarks().withFaceDescriptor();
  if (!found || found.descriptor.length !== FACE_DESCRIPTOR_LENGTH) return null;
  const { x, y, width, height } = found.detection.box;
  return {
    descriptor: found.descriptor,
    turn: headTurn(found.landmarks.positions as Point[]),
    score: found.detection.score,
    box: { x, y, width, height },
  };
}

/** Opens the front camera for a face (the registration page) or the room (the kiosk). */
export function openFaceCamera(facingMode: 'user' | 'environment' = 'user'): Promise<MediaStream> {
  return navigator.mediaDevices.getUserMedia({
    audio: false,
    video: { facingMode, width: { ideal: 640 }, height: { ideal: 480 } },
  });
}
