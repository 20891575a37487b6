import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Db } from '../../db/database';
import type { Storage } from '../../drivers/storage/storage';
import type { Clock } from '../../lib/clock';
import type { JobHandler } from '../jobs/worker';
import { PermanentJobError } from '../jobs/worker';
import { FfmpegError, trimToMp4 } from '../video/ffmpeg';
import type { VideoService } from '../video/video.service';
import { EducastRepository } from './educast.repository';
import { educastKeys } from './educast-view';

export const EDUCAST_PUBLISH_JOB = 'educast.publish';

/** One publish job per recording (jobs.service.ts idempotency). */
export const publishJobKey = (educastId: string) => `${EDUCAST_PUBLISH_JOB}:${educastId}`;

/** How a trimmed recording becomes a lesson video: the video capability's own insert and transcode. */
export type LessonVideos = Pick<VideoService, 'addStored'>;

/**
 * The publish job: the recording's chunks, joined in order (MediaRecorder's chunks are one WebM
 * stream cut in pieces), are trimmed with ffmpeg into an MP4, which becomes a lesson video at the
 * end of the chosen chapter and goes through the video capability's transcode. The chunks are
 * removed once the lesson video holds the recording. A rerun after a crash starts again from the
 * chunks; the lesson video is written with the recording's state in one transaction, so it is
 * made once. A recording ffmpeg cannot read fails at once with VIDEO_NOT_READABLE; any other
 * failure is retried by the worker and, on the last attempt, recorded as VIDEO_TRANSCODE_FAILED.
 */
export class EducastPublisher {
  constructor(private readonly deps: { db: Db; clock: Clock; storage: Storage; videos: LessonVideos }) {}

  handler(): JobHandler {
    return async (payload, job) =>
      this.run((payload as { educastId: string }).educastId, { final: job.attempts >= job.max_attempts });
  }

  async run(educastId: string, attempt: { final: boolean } = { final: true }): Promise<void> {
    const repo = new EducastRepository(this.deps.db.kysely);
    const educast = await repo.byId(educastId);
    // Deleted since, or done by an earlier run.
    if (educast?.state !== 'publishing' || !educast.course_id) return;
    const accountId = educast.account_id;
    const work = await fsp.mkdtemp(path.join(os.tmpdir(), 'batchwise-educast-'));
    try {
      const joined = path.join(work, 'recording.webm');
      const chunks = await repo.chunks(accountId, educastId, Number(educast.chunk_count));
      for (const chunk of chunks) {
        const stored = await this.deps.storage.get(chunk.storage_key);
        if (!stored) throw new Error(`chunk ${chunk.seq} of ${educastId} is missing`);
        await pipeline(stored.body, fs.createWriteStream(joined, { flags: 'a' }));
      }
      const lesson = path.join(work, 'lesson.mp4');
      const durationS = Number(educast.duration_ms) / 1000 - educast.trim_start_s - educast.trim_end_s;
      try {
        await trimToMp4(joined, lesson, {
          startS: educast.trim_start_s,
          durationS: educast.trim_end_s > 0 ? Math.max(1, durationS) : undefined,
        });
      } catch (error) {
        if (!(error instanceof FfmpegError)) throw error;
        await repo.update(accountId, educastId, {
          state: 'failed',
          error_code: 'VIDEO_NOT_READABLE',
          updated_at: this.deps.clock.now(),
        });
        throw new PermanentJobError(`EduCast ${educastId} is not readable: ${error.detail}`);
      }
      const key = educastKeys(accountId, educastId).lesson;
      const { size } = await this.deps.storage.putFile(key, lesson, 'video/mp4');
      const chapterId = (
        (await repo.chapter(accountId, educast.course_id, educast.chapter_id ?? '')) ??
        (await repo.firstChapter(accountId, educast.course_id))
      )?.id;
      await this.deps.db.kysely.transaction().execute(async (trx) => {
        const videoId = await this.deps.videos.addStored(trx, {
          accountId,
          title: educast.title,
          file: { storageKey: key, fileName: 'lesson.mp4', contentType: 'video/mp4', sizeBytes: size },
          createdBy: educast.created_by,
          chapterId,
        });
        await new EducastRepository(trx).update(accountId, educastId, {
          state: 'published',
          video_id: videoId,
          chapter_id: chapterId ?? null,
          updated_at: this.deps.clock.now(),
        });
      });
      for (const chunk of chunks) await this.deps.storage.delete(chunk.storage_key);
      await repo.deleteChunks(accountId, educastId);
    } catch (error) {
      // The last retry failed for another reason (storage, a missing chunk): say so on the page.
      if (attempt.final && !(error instanceof PermanentJobError)) {
        await repo.update(accountId, educastId, {
          state: 'failed',
          error_code: 'VIDEO_TRANSCODE_FAILED',
          updated_at: this.deps.clock.now(),
        });
      }
      throw error;
    } finally {
      await fsp.rm(work, { recursive: true, force: true });
    }
  }
}
