import type { VideoPlay } from '@batchwise/domain';
import { Alert, Select } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHlsStream } from '../../components/use-hls-stream';
import { translateError } from '../../lib/translate-error';
import styles from './video.module.css';

const SPEEDS = [0.75, 1, 1.25, 1.5, 2] as const;
/** How often a watching student's place is saved, besides on pause and at the end. */
const SAVE_EVERY_MS = 10_000;

/**
 * The lesson player of the signed-in pages: the stream (components/use-hls-stream.ts), starting
 * where the viewer left off, saving their place as they watch, and speeds.
 */
export function VideoPlayer({
  load,
  onProgress,
}: {
  load: () => Promise<VideoPlay>;
  onProgress?: (positionMs: number) => void;
}) {
  const { t } = useTranslation(['video', 'domain', 'errors']);
  const ref = useRef<HTMLVideoElement>(null);
  const [speed, setSpeed] = useState(1);
  const { poster, error } = useHlsStream(ref, load);
  const progress = useRef(onProgress);
  progress.current = onProgress;

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    let savedAt = 0;
    const save = (force: boolean) => {
      if (!force && Date.now() - savedAt < SAVE_EVERY_MS) return;
      savedAt = Date.now();
      progress.current?.(Math.floor(video.currentTime * 1000));
    };
    const onTime = () => save(false);
    const onStop = () => save(true);
    video.addEventListener('timeupdate', onTime);
    video.addEventListener('pause', onStop);
    video.addEventListener('ended', onStop);
    return () => {
      video.removeEventListener('timeupdate', onTime);
      video.removeEventListener('pause', onStop);
      video.removeEventListener('ended', onStop);
    };
  }, []);

  useEffect(() => {
    if (ref.current) ref.current.playbackRate = speed;
  }, [speed]);

  return (
    <div className={styles.player}>
      {error !== undefined && <Alert type="error" showIcon message={translateError(t, error)} />}
      {/* biome-ignore lint/a11y/useMediaCaption: lesson recordings come without caption files */}
      <video
        ref={ref}
        controls
        playsInline
        poster={poster}
        className={styles.video}
        data-testid="video-player"
      />
      <div className={styles.speed}>
        <span>{t('player.speed')}</span>
        <Select
          size="small"
          value={speed}
          onChange={setSpeed}
          options={SPEEDS.map((s) => ({ value: s, label: `${s}×` }))}
          aria-label={t('player.speed')}
          data-testid="video-speed"
        />
      </div>
    </div>
  );
}
