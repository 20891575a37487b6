import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './kiosk.module.css';
import { createQrDetector, type QrDetector } from './qr-detector';

type CameraState = 'idle' | 'starting' | 'live' | 'denied' | 'unavailable' | 'decoder-failed';

/** Frames a second the decoder looks at: enough for a held-up card, light on a cheap tablet. */
const SCAN_INTERVAL_MS = 150;

function failureOf(error: unknown): CameraState {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  return name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'unavailable';
}

/**
 * The kiosk's camera (loaded lazily, with its decoder, so the kiosk's first paint stays small):
 * the rear camera's frames go to a QR detector and each code read is handed to `onCode`. The
 * kiosk debounces repeats, since the camera sees one card in many frames.
 */
export default function QrCamera({
  autoStart,
  onCode,
}: {
  autoStart: boolean;
  onCode: (code: string) => void;
}) {
  const { t } = useTranslation('kiosk');
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const onCodeRef = useRef(onCode);
  onCodeRef.current = onCode;
  const [state, setState] = useState<CameraState>('idle');

  const stop = useCallback(() => {
    for (const track of streamRef.current?.getTracks() ?? []) track.stop();
    streamRef.current = null;
  }, []);

  const start = useCallback(async () => {
    stop();
    if (!navigator.mediaDevices?.getUserMedia) {
      setState('unavailable');
      return;
    }
    setState('starting');
    try {
      const stream = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
        audio: false,
      });
      streamRef.current = stream;
      const video = videoRef.current;
      if (video) {
        video.srcObject = stream;
        await video.play().catch(() => undefined);
      }
      setState('live');
    } catch (error) {
      setState(failureOf(error));
    }
  }, [stop]);

  useEffect(() => {
    if (autoStart) void start();
    return stop;
  }, [autoStart, start, stop]);

  useEffect(() => {
    if (state !== 'live') return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let detector: QrDetector | null = null;
    const scan = async () => {
      if (stopped) return;
      const video = videoRef.current;
      if (detector && video && video.readyState >= 2 && video.videoWidth > 0) {
        try {
          for (const code of await detector.detect(video))
            if (code.rawValue) onCodeRef.current(code.rawValue);
        } catch {
          // A frame the decoder could not read (mid-resize, a blank frame): try the next one.
        }
      }
      if (!stopped) timer = setTimeout(scan, SCAN_INTERVAL_MS);
    };
    createQrDetector().then(
      (created) => {
        detector = created;
        void scan();
      },
      () => {
        if (!stopped) setState('decoder-failed');
      },
    );
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [state]);

  const message =
    state === 'live'
      ? t('camera.live')
      : state === 'starting'
        ? t('camera.starting')
        : state === 'denied'
          ? t('camera.denied')
          : state === 'unavailable'
            ? t('camera.unavailable')
            : state === 'decoder-failed'
              ? t('camera.decoderFailed')
              : t('camera.off');

  return (
    <div className={styles.camera} data-state={state}>
      <video ref={videoRef} className={styles.video} muted playsInline aria-label={t('camera.preview')} />
      <div className={styles.cameraBar}>
        <p
          className={styles.cameraMessage}
          role={state === 'denied' || state === 'unavailable' ? 'alert' : 'status'}
        >
          {message}
        </p>
        {state !== 'live' && state !== 'starting' && (
          <button type="button" className="bw-btn bw-btn--primary" onClick={() => void start()}>
            {t('camera.start')}
          </button>
        )}
      </div>
    </div>
  );
}
