import { matchFace } from '@batchwise/domain';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadFaceEngine, openFaceCamera, readFace } from '../../lib/face/face-engine';
import styles from './kiosk.module.css';
import type { FaceGallery } from './use-face-gallery';

/** Looks at the camera a few times a second: light enough for a cheap tablet. */
const LOOK_EVERY_MS = 400;
/** A face must be this large (pixels wide) to be matched: people passing far off are ignored. */
const MIN_WIDTH = 60;
/** Frames in a row a face stays unmatched before the kiosk says "not sure" (not one blurred frame). */
const UNSURE_FRAMES = 3;

type State = 'loading' | 'live' | 'denied' | 'unavailable';

/**
 * The kiosk's face mode (loaded lazily with the face model): each face the camera sees is matched
 * on the tablet against the account's registered faces; a match is handed on as the student's QR
 * payload with its distance, anything else as "not sure". The kiosk debounces repeats.
 */
export default function FaceCamera({
  gallery,
  onMatch,
  onUnsure,
}: {
  gallery: FaceGallery | null;
  onMatch: (studentId: string, distance: number) => void;
  onUnsure: () => void;
}) {
  const { t } = useTranslation('kiosk');
  const videoRef = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<State>('loading');
  const latest = useRef({ gallery, onMatch, onUnsure });
  latest.current = { gallery, onMatch, onUnsure };

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let unsure = 0;
    const look = async () => {
      if (stopped) return;
      const video = videoRef.current;
      const face = video ? await readFace(video).catch(() => null) : null;
      const { gallery: faces, onMatch: match, onUnsure: notSure } = latest.current;
      if (face && face.box.width >= MIN_WIDTH && faces) {
        const found = matchFace(face.descriptor, faces.people, faces.threshold);
        if (found.outcome === 'match') {
          unsure = 0;
          match(found.id, found.distance);
        } else if (++unsure === UNSURE_FRAMES) notSure();
      } else if (!face) unsure = 0;
      if (!stopped) timer = setTimeout(look, LOOK_EVERY_MS);
    };
    Promise.all([openFaceCamera('user'), loadFaceEngine()]).then(
      async ([media]) => {
        if (stopped) {
          for (const track of media.getTracks()) track.stop();
          return;
        }
        stream = media;
        const video = videoRef.current;
        if (video) {
          video.srcObject = media;
          await video.play().catch(() => undefined);
        }
        setState('live');
        void look();
      },
      (error: unknown) => {
        const name = error instanceof Error || error instanceof DOMException ? error.name : '';
        if (!stopped) setState(name === 'NotAllowedError' ? 'denied' : 'unavailable');
      },
    );
    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);

  const message =
    state === 'live'
      ? gallery && gallery.people.length > 0
        ? t('face.live', { count: gallery.people.length })
        : t('face.noneRegistered')
      : state === 'loading'
        ? t('face.loading')
        : state === 'denied'
          ? t('camera.denied')
          : t('camera.unavailable');
  return (
    <div
      className={styles.camera}
      data-state={state === 'loading' ? 'starting' : state}
      data-testid="face-camera"
    >
      <video ref={videoRef} className={styles.video} muted playsInline aria-label={t('camera.preview')} />
      <div className={styles.cameraBar}>
        <p
          className={styles.cameraMessage}
          role={state === 'live' || state === 'loading' ? 'status' : 'alert'}
        >
          {message}
        </p>
      </div>
    </div>
  );
}
