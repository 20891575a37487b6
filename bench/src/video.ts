import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Figure, inServerDatabase, load } from './lib';
import { signUpTeacher } from './students';

// The video figures (`video_*`; BENCH_ONLY=video): transcoding a 10-minute 720p lesson
// (BENCH_VIDEO_SECONDS) into the HLS ladder by the server's own job, the API's p99 while the job
// runs against without it (goal: at most 20 % slower), and 200 viewers of one video fetching its
// segments under a signed address (segments/s and p99; goal ≤ 100 ms on the local driver).
//
// A viewer asks for a segment when its buffer needs one, not as soon as the last one arrived: each
// of the 200 viewers, started at its own moment within one segment's time, keeps its buffer ahead
// by asking for the next 6-second segment every 3 seconds (twice the playing speed, as hls.js
// does while it fills its buffer); their p99 is taken at that pace. The segments a second the
// server can serve at most (200 connections asking again at once) are reported beside it, with how
// many such viewers that would carry.

const SECONDS = Number(process.env.BENCH_VIDEO_SECONDS ?? 600);
const VIEWERS = 200;
/** The transcoder's segment length (modules/video/ffmpeg.ts `-hls_time`). */
const SEGMENT_SECONDS = 6;

/** A 720p testsrc clip with a tone, made once per length. */
function clip(seconds: number): string {
  const file = path.join(os.tmpdir(), `batchwise-bench-720p-${seconds}s.mp4`);
  if (fs.existsSync(file)) return file;
  execFileSync('ffmpeg', [
    ...[
      '-nostdin',
      '-y',
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      `testsrc=size=1280x720:rate=25:duration=${seconds}`,
    ],
    ...[
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=440:duration=${seconds}`,
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
    ],
    ...['-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', `${file}.part.mp4`],
  ]);
  fs.renameSync(`${file}.part.mp4`, file);
  return file;
}

/**
 * What a claimed upload leaves (modules/video/video.service.ts `add`): the source in the local
 * storage driver's folder, the video row and its transcode job, written into the server's database.
 */
async function queueVideo(dataDir: string, accountId: string, source: string): Promise<string> {
  const id = crypto.randomBytes(13).toString('hex').toUpperCase().slice(0, 26);
  const sourceKey = `uploads/${accountId}/${id}.mp4`;
  const target = path.join(dataDir, 'uploads', sourceKey);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.copyFileSync(source, target);
  const now = Date.now();
  await inServerDatabase(dataDir, async (db) => {
    await db.kysely
      .insertInto('videos')
      .values({
        id,
        account_id: accountId,
        title: 'Bench lesson',
        file_name: 'lesson.mp4',
        content_type: 'video/mp4',
        size_bytes: fs.statSync(target).size,
        source_key: sourceKey,
        status: 'queued',
        error_code: null,
        error_detail: null,
        duration_ms: null,
        width: null,
        height: null,
        renditions: '[]',
        poster_key: null,
        stream_secret: crypto.randomBytes(32).toString('base64url'),
        created_by: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await db.kysely
      .insertInto('jobs')
      .values({
        id,
        type: 'video.transcode',
        payload: JSON.stringify({ videoId: id }),
        status: 'queued',
        attempts: 0,
        max_attempts: 3,
        run_at: now,
        lease_until: null,
        locked_by: null,
        last_error: null,
        idempotency_key: `video.transcode:${id}`,
        created_at: now,
        updated_at: now,
        finished_at: null,
      })
      .execute();
  });
  return id;
}

async function status(appUrl: string, accountId: string, cookie: string, videoId: string) {
  const res = await fetch(`${appUrl}/api/accounts/${accountId}/videos`, { headers: { cookie } });
  const body = (await res.json()) as { videos: { id: string; status: string }[] };
  return body.videos.find((v) => v.id === videoId)?.status;
}

export async function videoFigures(appUrl: string, dataDir: string): Promise<Figure[]> {
  const teacher = await signUpTeacher(appUrl);
  const api = `${appUrl}/api/accounts/${teacher.accountId}/videos`;
  const headers = { cookie: teacher.cookie };
  const source = clip(SECONDS);

  const idle = await load(api, { connections: 10, seconds: 8, headers });
  const started = Date.now();
  const videoId = await queueVideo(dataDir, teacher.accountId, source);
  const busy = await load(api, { connections: 10, seconds: 8, headers });
  let state = await status(appUrl, teacher.accountId, teacher.cookie, videoId);
  while (state !== 'ready' && state !== 'failed') {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    state = await status(appUrl, teacher.accountId, teacher.cookie, videoId);
  }
  const transcodeSeconds = Math.round((Date.now() - started) / 100) / 10;
  if (state !== 'ready') throw new Error(`the bench video failed to transcode`);

  // 200 viewers of the video, each fetching the 360p segments in turn under one signed address.
  const play = await fetch(`${api}/${videoId}/play`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json', 'x-batchwise-csrf': '1' },
    body: '{}',
  });
  const { playlistUrl } = (await play.json()) as { playlistUrl: string };
  const base = playlistUrl.slice(0, playlistUrl.lastIndexOf('/'));
  const playlist = await (await fetch(`${appUrl}${base}/360p/index.m3u8`)).text();
  const segments = playlist.split('\n').filter((line) => line.endsWith('.ts'));
  let next = 0;
  const segment = () => ({ path: `${base}/360p/${segments[next++ % segments.length]}` });
  const viewers = await pacedViewers(
    appUrl,
    segments.map((name) => `${base}/360p/${name}`),
  );
  const most = await load(`${appUrl}${base}/360p/${segments[0]}`, {
    connections: VIEWERS,
    seconds: 10,
    next: segment,
  });
  const slower = idle.p99Ms > 0 ? busy.p99Ms / idle.p99Ms : 1;
  return [
    { figure: `video_transcode_${SECONDS}s_720p_seconds`, value: transcodeSeconds, unit: 's' },
    { figure: 'video_api_p99_idle', value: idle.p99Ms, unit: 'ms' },
    { figure: 'video_api_p99_while_transcoding', value: busy.p99Ms, unit: 'ms' },
    {
      figure: 'video_api_p99_transcoding_vs_idle',
      value: Math.round(slower * 100) / 100,
      unit: 'ratio',
      goal: '<= 1.2',
      met: slower <= 1.2,
    },
    { figure: 'video_segments_per_second_200_viewers', value: viewers.requestsPerSecond, unit: 'req/s' },
    { figure: 'video_segments_per_second_at_most', value: most.requestsPerSecond, unit: 'req/s' },
    {
      figure: 'video_viewers_at_most_at_twice_playing_speed',
      value: Math.floor((most.requestsPerSecond * SEGMENT_SECONDS) / 2),
      unit: 'viewers',
    },
    {
      figure: 'video_segment_p99_200_viewers',
      value: viewers.p99Ms,
      unit: 'ms',
      goal: '<= 100',
      met: viewers.p99Ms <= 100 && viewers.non2xx === 0 && viewers.errors === 0,
    },
  ];
}

/** 200 viewers at their own pace (see the top of this file): segments a second and the p99 of their answers. */
async function pacedViewers(
  appUrl: string,
  paths: string[],
): Promise<{ requestsPerSecond: number; p99Ms: number; non2xx: number; errors: number }> {
  const everyMs = (SEGMENT_SECONDS * 1000) / 2;
  const durationMs = 30_000;
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  const end = Date.now() + durationMs;
  const viewer = async (index: number) => {
    // Each starts at its own moment; its segments then come one every `everyMs`.
    const start = Date.now() + Math.random() * everyMs;
    for (let n = 0; ; n += 1) {
      const at = start + n * everyMs;
      if (at > end) return;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));
      const began = performance.now();
      try {
        const res = await fetch(`${appUrl}${paths[(index + n) % paths.length]}`);
        await res.arrayBuffer();
        if (!res.ok) non2xx += 1;
      } catch {
        errors += 1;
      }
      latencies.push(performance.now() - began);
    }
  };
  const began = Date.now();
  await Promise.all(Array.from({ length: VIEWERS }, (_, i) => viewer(i)));
  latencies.sort((a, b) => a - b);
  return {
    requestsPerSecond: Math.round(latencies.length / ((Date.now() - began) / 1000)),
    p99Ms: Math.round(latencies[Math.floor(latencies.length * 0.99)] ?? 0),
    non2xx,
    errors,
  };
}
