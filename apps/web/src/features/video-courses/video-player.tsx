import type { VideoPlay } from '@batchwise/domain';
import { Alert, Select } from 'antd';
import Hls from 'hls.js';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateError } from '../../lib/translate-error';
import styles from './video.module.css';

const SPEEDS = [0.75, 1, 1.25, 1.5, 2] as const;
/** How often a watching student's place is saved, besides on pause and at the end. */
const SAVE_EVERY_MS = 10_000;
/** The signed address is renewed this long before it ends (VIDEO_STREAM_TTL_MS). */
const RENEW_BEFORE_MS = 60_000;

/** The signed part of a stream address: `/media/video/<id>/<token>`. */
const SIGNED = /\/media\/video\/[^/]+\/[^/]+/;
const signedBaseOf = (url: string) => SIGNED.exec(url)?.[0] ?? '';

/**
 * The lesson player: hls.js where Media Source works, the browser's own HLS otherwise (Safari on
 * iPhone). The server hands out a signed address that ends within minutes; before it does, the
 * player asks for a fresh one and hls.js requests every later playlist and segment under it.
 * Starts where the viewer left off, saves their place as they watch, and offers speeds.
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
  const [error, setError] = useState<unknown>();
  const [poster, setPoster] = useState<string>();
  const progress = useRef(onProgress);
  progress.current = onProgress;

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    let hls: Hls | undefined;
    let renewal: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let base = '';
    const schedule = (expiresAt: number) => {
      renewal = setTimeout(
        () => {
          load()
            .then((next) => {
              base = signedBaseOf(next.playlistUrl);
              schedule(next.expiresAt);
            })
            .catch(setError);
        },
        Math.max(5_000, expiresAt - Date.now() - RENEW_BEFORE_MS),
      );
    };
    load()
      .then((play) => {
        if (stopped) return;
        base = signedBaseOf(play.playlistUrl);
        setPoster(play.posterUrl ?? undefined);
        schedule(play.expiresAt);
        const resume = () => {
          if (play.positionMs > 0) video.currentTime = play.positionMs / 1000;
        };
        if (Hls.isSupported()) {
          hls = new Hls({
            // Every request goes out under the newest signed address.
            xhrSetup: (xhr, url) => xhr.open('GET', url.replace(SIGNED, base), true),
          });
          hls.on(Hls.Events.MANIFEST_PARSED, resume);
          hls.on(Hls.Events.ERROR, (_event, data) => {
            if (data.fatal) setError(new Error(data.details));
          });
          hls.loadSource(play.playlistUrl);
          hls.attachMedia(video);
        } else {
          video.addEventListener('loadedmetadata', resume, { once: true });
          video.src = play.playlistUrl;
        }
      })
      .catch(setError);
    return () => {
      stopped = true;
      clearTimeout(renewal);
      hls?.destroy();
    };
  }, [load]);

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
