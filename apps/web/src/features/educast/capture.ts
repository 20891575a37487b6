import type { EDUCAST_SOURCES } from '@batchwise/domain';

export type EducastSource = (typeof EDUCAST_SOURCES)[number];

/** Why the browser gave no picture or sound: each has its own advice on the page. */
export type CaptureProblem = 'denied' | 'noDevice' | 'busy' | 'unsupported';

export class CaptureError extends Error {
  constructor(readonly problem: CaptureProblem) {
    super(problem);
    this.name = 'CaptureError';
  }
}

function problemOf(error: unknown): CaptureProblem {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'noDevice';
  if (name === 'NotReadableError' || name === 'AbortError') return 'busy';
  return 'unsupported';
}

/** Screen sharing exists on desktop browsers only; a phone records its camera. */
export const canShareScreen = () =>
  typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getDisplayMedia === 'function';

/**
 * What a lesson is recorded from. `stream` is what MediaRecorder takes: the screen's or the
 * camera's picture with the microphone. With "screen and camera" the camera has its own stream,
 * shown in a floating picture-in-picture window, so sharing the whole screen records it too.
 */
export interface Capture {
  stream: MediaStream;
  camera: MediaStream | null;
  stop(): void;
}

export async function openCapture(source: EducastSource): Promise<Capture> {
  const devices = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
  if (!devices?.getUserMedia) throw new CaptureError('unsupported');
  const opened: MediaStream[] = [];
  const stop = () => {
    for (const stream of opened) for (const track of stream.getTracks()) track.stop();
  };
  try {
    if (source === 'camera') {
      const stream = await devices.getUserMedia({
        video: { width: { ideal: 1280 }, height: { ideal: 720 }, facingMode: 'user' },
        audio: { echoCancellation: true, noiseSuppression: true },
      });
      opened.push(stream);
      return { stream, camera: null, stop };
    }
    if (!canShareScreen()) throw new CaptureError('unsupported');
    const screen = await devices.getDisplayMedia({ video: { frameRate: { ideal: 15 } }, audio: false });
    opened.push(screen);
    const mic = await devices.getUserMedia({
      audio: { echoCancellation: true, noiseSuppression: true },
      video: source === 'screen-camera' ? { width: { ideal: 640 }, height: { ideal: 360 } } : false,
    });
    opened.push(mic);
    const stream = new MediaStream([...screen.getVideoTracks(), ...mic.getAudioTracks()]);
    const camera = source === 'screen-camera' ? new MediaStream(mic.getVideoTracks()) : null;
    return { stream, camera, stop };
  } catch (error) {
    stop();
    if (error instanceof CaptureError) throw error;
    throw new CaptureError(problemOf(error));
  }
}

/** The first container the browser records in: WebM where it can (Chrome, Firefox), else MP4 (Safari). */
export function recordingType(): string | undefined {
  if (typeof MediaRecorder === 'undefined') return undefined;
  return ['video/webm;codecs=vp8,opus', 'video/webm;codecs=vp9,opus', 'video/webm', 'video/mp4'].find(
    (type) => MediaRecorder.isTypeSupported(type),
  );
}
