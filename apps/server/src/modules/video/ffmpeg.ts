import { spawn } from 'node:child_process';
import os from 'node:os';

/** What ffmpeg said when it refused; the last lines are the reason, the rest is its banner. */
export class FfmpegError extends Error {
  override name = 'FfmpegError';
  constructor(
    readonly command: string,
    readonly detail: string,
  ) {
    super(`${command} failed: ${detail}`);
  }
}

/** `nice` 19: the lowest scheduling priority. */
const LOWEST_PRIORITY = 19;

function run(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    // A transcode takes every core it is given for minutes: at the lowest priority it gets only
    // what the API leaves, so pages stay as quick while it runs (the video bench's p99 figure).
    if (child.pid !== undefined) {
      try {
        os.setPriority(child.pid, LOWEST_PRIORITY);
      } catch {
        // Not allowed here (some containers): it runs at the server's own priority.
      }
    }
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      // The tail is what explains a failure; keep memory bounded on a long transcode.
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new Error(`${command} is not installed (Debian: apt-get install ffmpeg)`)
          : error,
      ),
    );
    child.on('close', (code) => {
      if (code === 0) return resolve(stdout);
      const lines = stderr.trim().split('\n').filter(Boolean);
      reject(new FfmpegError(command, lines.slice(-2).join(' ').slice(0, 500) || `exit ${code}`));
    });
  });
}

export interface Probe {
  width: number;
  height: number;
  durationMs: number;
  hasAudio: boolean;
}

/** The first video stream's size and the file's duration; FfmpegError when it is not a video. */
export async function probe(file: string): Promise<Probe> {
  const out = await run('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'stream=codec_type,width,height:format=duration',
    '-of',
    'json',
    file,
  ]);
  const parsed = JSON.parse(out) as {
    streams?: { codec_type?: string; width?: number; height?: number }[];
    format?: { duration?: string };
  };
  const video = parsed.streams?.find((s) => s.codec_type === 'video' && s.width && s.height);
  const duration = Number(parsed.format?.duration);
  if (!video || !Number.isFinite(duration) || duration <= 0) {
    throw new FfmpegError('ffprobe', 'no video stream with a duration');
  }
  return {
    width: video.width!,
    height: video.height!,
    durationMs: Math.round(duration * 1000),
    hasAudio: parsed.streams?.some((s) => s.codec_type === 'audio') ?? false,
  };
}

/**
 * Keep the source's own frames at their own times. A browser's MediaRecorder writes WebM with
 * millisecond timestamps at capture times and no frame rate, which ffmpeg reads as 1000 fps;
 * left to its default, MP4 and HLS output is then made constant-rate by repeating frames: a 4 s
 * camera recording became 4,000 frames to encode instead of about 120.
 */
const SOURCE_FRAMES = ['-fps_mode', 'vfr'];

/**
 * One HLS rendition (research wave3 §5): H.264 at the rung's height and bitrate, AAC stereo,
 * a keyframe every 2 s at most and 6 s segments that each start on one, so renditions switch
 * cleanly. Writes `index.m3u8` and `seg_NNN.ts` into `dir`.
 */
export async function transcodeRendition(
  source: string,
  dir: string,
  rung: { height: number; videoKbps: number },
  hasAudio: boolean,
): Promise<void> {
  const kbps = rung.videoKbps;
  await run('ffmpeg', [
    '-nostdin',
    '-y',
    '-i',
    source,
    '-map',
    '0:v:0',
    ...(hasAudio ? ['-map', '0:a:0', '-c:a', 'aac', '-b:a', '96k', '-ac', '2'] : []),
    '-vf',
    `scale=-2:${rung.height}`,
    ...SOURCE_FRAMES,
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-profile:v',
    'main',
    '-pix_fmt',
    'yuv420p',
    '-b:v',
    `${kbps}k`,
    '-maxrate',
    `${Math.round(kbps * 1.1)}k`,
    '-bufsize',
    `${kbps * 2}k`,
    '-force_key_frames',
    'expr:gte(t,n_forced*2)',
    '-sc_threshold',
    '0',
    '-f',
    'hls',
    '-hls_time',
    '6',
    '-hls_playlist_type',
    'vod',
    '-hls_flags',
    'independent_segments',
    '-hls_segment_filename',
    `${dir}/seg_%03d.ts`,
    `${dir}/index.m3u8`,
  ]);
}

/** A JPEG poster from a tenth of the way in (past a black first frame), at most 720 px tall. */
export async function posterFrame(source: string, atMs: number, file: string): Promise<void> {
  await run('ffmpeg', [
    '-nostdin',
    '-y',
    '-ss',
    (atMs / 1000).toFixed(3),
    '-i',
    source,
    '-frames:v',
    '1',
    '-vf',
    "scale=-2:'min(720,ih)'",
    '-q:v',
    '4',
    file,
  ]);
}

/**
 * A recording cut to `[startS, startS + durationS)` (to its end without a duration) as H.264/AAC
 * MP4: EduCast's trim. Seeking after the input is exact to the frame; the quick preset keeps this
 * pass cheap beside the transcode that follows. Browser recordings (WebM) carry no duration and
 * may be of odd sizes, which MP4 and libx264 need written and even.
 */
export async function trimToMp4(
  source: string,
  file: string,
  cut: { startS: number; durationS?: number },
): Promise<void> {
  await run('ffmpeg', [
    ...['-nostdin', '-y', '-i', source, '-ss', String(cut.startS)],
    ...(cut.durationS === undefined ? [] : ['-t', cut.durationS.toFixed(3)]),
    ...['-map', '0:v:0', '-map', '0:a:0?', '-vf', 'scale=trunc(iw/2)*2:trunc(ih/2)*2'],
    ...SOURCE_FRAMES,
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '20', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-b:a', '128k', '-movflags', '+faststart', file],
  ]);
}
