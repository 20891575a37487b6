import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { VIDEO_RUNGS } from '@batchwise/domain';
import type { Db } from '../../db/database';
import type { Storage } from '../../drivers/storage/storage';
import type { Clock } from '../../lib/clock';
import type { JobHandler } from '../jobs/worker';
import { PermanentJobError } from '../jobs/worker';
import { FfmpegError, type Probe, posterFrame, probe, transcodeRendition } from './ffmpeg';
import { VideoRepository } from './video.repository';
import { videoKeys } from './video-stream';

export const VIDEO_TRANSCODE_JOB = 'video.transcode';

/** One job per video, whatever retries or double clicks happen (jobs.service.ts idempotency). */
export const transcodeJobKey = (videoId: string) => `${VIDEO_TRANSCODE_JOB}:${videoId}`;

export interface Rendition {
  name: string;
  width: number;
  height: number;
  bandwidth: number;
}

/** The rungs of the ladder at or below the source's height; a source under 240p keeps its own. */
export function ladderFor(source: { height: number }) {
  const rungs = VIDEO_RUNGS.filter((r) => r.height <= source.height);
  if (rungs.length > 0) return rungs;
  const height = Math.max(2, source.height - (source.height % 2));
  return [{ name: `${height}p`, height, videoKbps: VIDEO_RUNGS[0].videoKbps }];
}

function masterPlaylist(renditions: readonly Rendition[]): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const r of renditions) {
    lines.push(`#EXT-X-STREAM-INF:BANDWIDTH=${r.bandwidth},RESOLUTION=${r.width}x${r.height}`);
    lines.push(`${r.name}/index.m3u8`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * The transcode job (the video processing capability): each video becomes HLS renditions of the
 * ladder, a poster and its duration, written through the storage driver. Resumable: a rendition
 * is recorded only after all its files are stored (its playlist last), so a run after a crash
 * redoes only the rendition in hand, under the same keys, and never repeats finished ones. A file
 * ffprobe cannot read fails at once with VIDEO_NOT_READABLE; another failure is retried by the
 * worker and, on the last attempt, recorded as VIDEO_TRANSCODE_FAILED with ffmpeg's words.
 */
export class VideoTranscoder {
  constructor(private readonly deps: { db: Db; clock: Clock; storage: Storage }) {}

  handler(): JobHandler {
    return async (payload, job) =>
      this.run((payload as { videoId: string }).videoId, { final: job.attempts >= job.max_attempts });
  }

  async run(videoId: string, attempt: { final: boolean }): Promise<void> {
    const repo = new VideoRepository(this.deps.db.kysely);
    const video = await repo.video(videoId);
    // Deleted since, or already done by an earlier run: nothing to do (exactly once).
    if (!video || video.status === 'ready' || video.status === 'failed') return;
    await repo.updateVideo(videoId, { status: 'processing', updated_at: this.deps.clock.now() });
    const work = await fsp.mkdtemp(path.join(os.tmpdir(), 'batchwise-video-'));
    try {
      const source = path.join(work, 'source');
      if (!(await this.download(video.source_key, source))) {
        await this.fail(repo, videoId, 'VIDEO_TRANSCODE_FAILED', 'the uploaded file is missing');
        throw new PermanentJobError(`The uploaded file of video ${videoId} is missing`);
      }
      let info: Probe;
      try {
        info = await probe(source);
      } catch (error) {
        if (!(error instanceof FfmpegError)) throw error;
        await this.fail(repo, videoId, 'VIDEO_NOT_READABLE', error.detail);
        throw new PermanentJobError(`Video ${videoId} is not readable: ${error.detail}`);
      }
      await repo.updateVideo(videoId, {
        duration_ms: info.durationMs,
        width: info.width,
        height: info.height,
        updated_at: this.deps.clock.now(),
      });
      const keys = videoKeys(video.account_id, videoId);
      const done: Rendition[] = JSON.parse(video.renditions);
      for (const rung of ladderFor(info)) {
        if (done.some((r) => r.name === rung.name)) continue;
        const dir = path.join(work, rung.name);
        await fsp.mkdir(dir);
        await transcodeRendition(source, dir, rung, info.hasAudio);
        await this.upload(dir, keys.rendition(rung.name));
        done.push({
          name: rung.name,
          height: rung.height,
          width: Math.round((info.width * rung.height) / info.height / 2) * 2,
          bandwidth: Math.round(rung.videoKbps * 1.1 + (info.hasAudio ? 96 : 0)) * 1000,
        });
        await repo.updateVideo(videoId, {
          renditions: JSON.stringify(done),
          updated_at: this.deps.clock.now(),
        });
      }
      if (!video.poster_key) {
        const poster = path.join(work, 'poster.jpg');
        await posterFrame(source, Math.floor(info.durationMs / 10), poster);
        await this.deps.storage.put(keys.poster, await fsp.readFile(poster), 'image/jpeg');
        await repo.updateVideo(videoId, { poster_key: keys.poster, updated_at: this.deps.clock.now() });
      }
      await this.deps.storage.put(
        keys.master,
        Buffer.from(masterPlaylist(done)),
        'application/vnd.apple.mpegurl',
      );
      await repo.updateVideo(videoId, {
        status: 'ready',
        error_code: null,
        error_detail: null,
        updated_at: this.deps.clock.now(),
      });
    } catch (error) {
      if (attempt.final && !(error instanceof PermanentJobError)) {
        const detail =
          error instanceof FfmpegError ? error.detail : String((error as Error)?.message ?? error);
        await this.fail(repo, videoId, 'VIDEO_TRANSCODE_FAILED', detail);
      }
      throw error;
    } finally {
      await fsp.rm(work, { recursive: true, force: true });
    }
  }

  /** Copies the source to local disk for ffmpeg; false when the upload is gone. */
  private async download(key: string, file: string): Promise<boolean> {
    const stored = await this.deps.storage.get(key);
    if (!stored) return false;
    await pipeline(stored.body, fs.createWriteStream(file));
    return true;
  }

  /** A rendition's segments first, its playlist last: a stored playlist means complete. */
  private async upload(dir: string, prefix: string): Promise<void> {
    const files = (await fsp.readdir(dir)).sort();
    for (const name of files.filter((f) => f.endsWith('.ts'))) {
      await this.deps.storage.put(
        `${prefix}/${name}`,
        fs.createReadStream(path.join(dir, name)),
        'video/mp2t',
      );
    }
    await this.deps.storage.put(
      `${prefix}/index.m3u8`,
      await fsp.readFile(path.join(dir, 'index.m3u8')),
      'application/vnd.apple.mpegurl',
    );
  }

  private async fail(repo: VideoRepository, videoId: string, code: string, detail: string): Promise<void> {
    await repo.updateVideo(videoId, {
      status: 'failed',
      error_code: code,
      error_detail: detail.slice(0, 500),
      updated_at: this.deps.clock.now(),
    });
  }
}
