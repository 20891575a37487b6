import type { VideoPlay } from '@batchwise/domain';
import Hls from 'hls.js';
import { type RefObject, useEffect, useState } from 'react';

/** The signed address is renewed this long before it ends (VIDEO_STREAM_TTL_MS). */
const RENEW_BEFORE_MS = 60_000;

/** The signed part of a stream address: `/media/video/<id>/<token>`. */
const SIGNED = /\/media\/video\/[^/]+\/[^/]+/;
const signedBaseOf = (url: string) => SIGNED.exec(url)?.[0] ?? '';

/**
 * Streams a lesson video into `ref` (shared by the signed-in players and the light public course
 * page, so it brings no Ant Design): hls.js where Media Source works, the browser's own HLS
 * otherwise (Safari on iPhone). The server hands out a signed address that ends within minutes;
 * before it does, `load` is asked for a fresh one and hls.js requests every later playlist and
 * segment under it. Starts at the position the address came with. Answers the poster and any
 * error met on the way.
 */
export function useHlsStream(
  ref: RefObject<HTMLVideoElement | null>,
  load: () => Promise<VideoPlay>,
): { poster?: string; error: unknown } {
  const [error, setError] = useState<unknown>();
  const [poster, setPoster] = useState<string>();

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
  }, [ref, load]);

  return { poster, error };
}
