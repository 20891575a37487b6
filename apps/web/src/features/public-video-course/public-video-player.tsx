import type { VideoPlay } from '@batchwise/domain';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHlsStream } from '../../components/use-hls-stream';
import { translateError } from '../../lib/translate-error';
import styles from './public-video.module.css';

const SPEEDS = [0.75, 1, 1.25, 1.5, 2] as const;

/**
 * The public page's player: the shared stream (components/use-hls-stream.ts) in a plain video
 * element with a plain speed list. Loaded only when a lesson is opened, so hls.js stays out of the
 * page's first load.
 */
export function PublicVideoPlayer({ load }: { load: () => Promise<VideoPlay> }) {
  const { t } = useTranslation(['video', 'domain', 'errors']);
  const ref = useRef<HTMLVideoElement>(null);
  const [speed, setSpeed] = useState(1);
  const { poster, error } = useHlsStream(ref, load);

  useEffect(() => {
    if (ref.current) ref.current.playbackRate = speed;
  }, [speed]);

  return (
    <div className={styles.player}>
      {error !== undefined && (
        <p className={styles.error} role="alert">
          {translateError(t, error)}
        </p>
      )}
      {/* biome-ignore lint/a11y/useMediaCaption: lesson recordings come without caption files */}
      <video
        ref={ref}
        controls
        playsInline
        poster={poster}
        className={styles.video}
        data-testid="video-player"
      />
      <label className={styles.speed}>
        <span>{t('player.speed')}</span>
        <select value={speed} onChange={(e) => setSpeed(Number(e.target.value))} data-testid="video-speed">
          {SPEEDS.map((s) => (
            <option key={s} value={s}>
              {s}×
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
