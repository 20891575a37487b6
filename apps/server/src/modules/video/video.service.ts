import crypto from 'node:crypto';
import {
  VIDEO_PERMISSION_ALLOWED,
  VIDEO_PERMISSION_BLOCKED,
  type Video,
  type VideoAdd,
  type VideoCourse,
  type VideoCourseInput,
  type VideoLibrary,
  type VideoPlay,
  type VideoViewers,
  videoCourseInputSchema,
} from '@batchwise/domain';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import type { Storage } from '../../drivers/storage/storage';
import type { Principal } from '../../lib/access';
import type { Clock } from '../../lib/clock';
import { failure, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { AccessPolicy } from '../access/access.policy';
import type { JobQueue } from '../jobs/jobs.service';
import { mayWatch, requireVideoManager } from './video.policy';
import { VideoRepository } from './video.repository';
import { signedBase, videoKeys } from './video-stream';
import { transcodeJobKey, VIDEO_TRANSCODE_JOB } from './video-transcode';
import { courseViews, videoView } from './video-view';

/** A finished resumable upload, handed over once (the uploads capability's `claim`). */
export interface ClaimedUpload {
  storageKey: string;
  fileName: string;
  contentType: string;
  sizeBytes: number;
}

/**
 * Takes a finished upload of the account for one purpose; single use, so a second claim of the
 * same upload is refused. Passed in by the composition root (the uploads module owns uploads).
 */
export type ClaimUpload = (
  uploadId: string,
  who: { accountId: string; purpose: 'lesson-video' },
) => Promise<ClaimedUpload>;

export interface VideoDeps {
  db: Db;
  clock: Clock;
  access: AccessPolicy;
  jobs: JobQueue;
  storage: Storage;
  claimUpload: ClaimUpload;
}

/** The teacher's side of private video courses (video.policy.ts says who). */
export class VideoService {
  constructor(private readonly deps: VideoDeps) {}

  private get repo() {
    return new VideoRepository(this.deps.db.kysely);
  }

  async library(principal: Principal, accountId: string): Promise<VideoLibrary> {
    await this.requireManager(principal, accountId);
    const [videos, courses, classrooms] = await Promise.all([
      this.repo.videos(accountId),
      this.repo.courses(accountId),
      this.repo.classrooms(accountId),
    ]);
    return { videos: videos.map(videoView), courses: await courseViews(this.repo, courses), classrooms };
  }

  /** The video row and its transcode job are written together: one job per video, ever. */
  async add(principal: Principal, accountId: string, input: VideoAdd): Promise<Video> {
    await this.requireManager(principal, accountId);
    const upload = await this.deps.claimUpload(input.uploadId, { accountId, purpose: 'lesson-video' });
    const id = await this.deps.db.kysely.transaction().execute((trx) =>
      this.addStored(trx, {
        accountId,
        title: input.title ?? upload.fileName.replace(/\.[^.]+$/, '').slice(0, 120),
        file: upload,
        createdBy: principal.user.id,
      }),
    );
    return videoView((await this.repo.video(id))!);
  }

  /**
   * A lesson video from a file already in storage, queued for the transcode job, in the caller's
   * transaction; placed at the end of a chapter of the account's course when one is named (EduCast
   * publishes its trimmed recordings so). The caller has checked who asks.
   */
  async addStored(
    trx: Kysely<Database>,
    input: {
      accountId: string;
      title: string;
      file: ClaimedUpload;
      createdBy: string | null;
      chapterId?: string;
    },
  ): Promise<string> {
    const now = this.deps.clock.now();
    const id = newId(now);
    const repo = new VideoRepository(trx);
    await repo.insertVideo({
      id,
      account_id: input.accountId,
      title: input.title,
      file_name: input.file.fileName,
      content_type: input.file.contentType,
      size_bytes: input.file.sizeBytes,
      source_key: input.file.storageKey,
      status: 'queued',
      error_code: null,
      error_detail: null,
      duration_ms: null,
      width: null,
      height: null,
      renditions: '[]',
      poster_key: null,
      stream_secret: crypto.randomBytes(32).toString('base64url'),
      created_by: input.createdBy,
      created_at: now,
      updated_at: now,
    });
    if (input.chapterId) {
      await repo.appendToChapter(input.accountId, input.chapterId, id);
      await repo.touchCourseOf(input.accountId, input.chapterId, now);
    }
    await this.deps.jobs.enqueue(
      VIDEO_TRANSCODE_JOB,
      { videoId: id },
      { trx, idempotencyKey: transcodeJobKey(id) },
    );
    return id;
  }

  async remove(principal: Principal, accountId: string, videoId: string): Promise<{ ok: true }> {
    await this.requireManager(principal, accountId);
    const video = await this.repo.accountVideo(accountId, videoId);
    if (!video) throw notFound();
    await this.repo.deleteVideo(accountId, videoId);
    for await (const key of this.deps.storage.list(`${videoKeys(accountId, videoId).base}/`)) {
      await this.deps.storage.delete(key);
    }
    await this.deps.storage.delete(video.source_key);
    return { ok: true };
  }

  async preview(principal: Principal, accountId: string, videoId: string): Promise<VideoPlay> {
    await this.requireManager(principal, accountId);
    const video = await this.repo.accountVideo(accountId, videoId);
    if (!video) throw notFound();
    return playOf(video, this.deps.clock.now(), 0);
  }

  async createCourse(principal: Principal, accountId: string, input: VideoCourseInput): Promise<VideoCourse> {
    await this.requireManager(principal, accountId);
    const now = this.deps.clock.now();
    const id = newId(now);
    await this.repo.insertCourse({ id, account_id: accountId, title: input.title, now });
    return this.save(accountId, id, input, now);
  }

  async saveCourse(
    principal: Principal,
    accountId: string,
    courseId: string,
    input: VideoCourseInput,
  ): Promise<VideoCourse> {
    await this.requireManager(principal, accountId);
    if (!(await this.repo.course(accountId, courseId))) throw notFound();
    return this.save(accountId, courseId, input, this.deps.clock.now());
  }

  async removeCourse(principal: Principal, accountId: string, courseId: string): Promise<{ ok: true }> {
    await this.requireManager(principal, accountId);
    if (!(await this.repo.course(accountId, courseId))) throw notFound();
    await this.repo.deleteCourse(accountId, courseId);
    return { ok: true };
  }

  /** Each accepted student of the course's classrooms, allowed or blocked, and their progress. */
  async viewers(principal: Principal, accountId: string, courseId: string): Promise<VideoViewers> {
    await this.requireManager(principal, accountId);
    const course = await this.repo.course(accountId, courseId);
    if (!course) throw notFound();
    const [view] = await courseViews(this.repo, [course]);
    const enrolled = await this.repo.enrolled(view!.classroomIds);
    const videoIds = view!.chapters.flatMap((c) => c.videoIds);
    const durations = new Map(
      (await this.repo.videos(accountId)).map((v) => [v.id, Number(v.duration_ms ?? 0)] as const),
    );
    const studentIds = [...new Set(enrolled.map((e) => e.student_id))];
    const progress = await this.repo.progress(studentIds, videoIds);
    return {
      viewers: studentIds.map((studentId) => {
        const rows = enrolled.filter((e) => e.student_id === studentId);
        return {
          studentId,
          name: rows[0]!.name,
          allowed: mayWatch(rows.map((r) => r.video_permission)),
          progress: progress
            .filter((p) => p.student_id === studentId)
            .map((p) => {
              const duration = durations.get(p.video_id) ?? 0;
              return {
                videoId: p.video_id,
                positionMs: Number(p.position_ms),
                percent:
                  duration > 0 ? Math.min(100, Math.round((Number(p.furthest_ms) * 100) / duration)) : 0,
                updatedAt: Number(p.updated_at),
              };
            }),
        };
      }),
    };
  }

  async setPermission(
    principal: Principal,
    accountId: string,
    studentId: string,
    allowed: boolean,
  ): Promise<{ ok: true }> {
    await this.requireManager(principal, accountId);
    if (!(await this.repo.student(accountId, studentId))) throw notFound();
    await this.repo.setPermission(studentId, allowed ? VIDEO_PERMISSION_ALLOWED : VIDEO_PERMISSION_BLOCKED);
    return { ok: true };
  }

  private async save(accountId: string, courseId: string, input: VideoCourseInput, now: number) {
    const plan = videoCourseInputSchema.parse(input);
    const videoIds = [...new Set(plan.chapters.flatMap((c) => c.videoIds))];
    if ((await this.repo.videoIdsOf(accountId, videoIds)).length !== videoIds.length) {
      throw failure(400, 'VIDEO_UNKNOWN_IN_COURSE');
    }
    const classroomIds = [...new Set(plan.classroomIds)];
    if ((await this.repo.classroomIdsOf(accountId, classroomIds)).length !== classroomIds.length) {
      throw notFound();
    }
    await this.repo.saveCourse(accountId, courseId, {
      title: plan.title,
      chapters: plan.chapters.map((c) => ({ id: newId(now), title: c.title, videoIds: c.videoIds })),
      classroomIds,
      now,
    });
    const [view] = await courseViews(this.repo, [(await this.repo.course(accountId, courseId))!]);
    return view!;
  }

  private async requireManager(principal: Principal, accountId: string): Promise<void> {
    requireVideoManager(await this.deps.access.requireAccount(principal, accountId));
  }
}

/** A signed address for a processed video; a video still being prepared cannot be played. */
export function playOf(
  video: { id: string; status: string; poster_key: string | null; stream_secret: string },
  now: number,
  positionMs: number,
): VideoPlay {
  if (video.status !== 'ready') throw failure(409, 'VIDEO_NOT_READY');
  const { base, expiresAt } = signedBase(video, now);
  return {
    playlistUrl: `${base}/master.m3u8`,
    posterUrl: video.poster_key ? `${base}/poster.jpg` : null,
    expiresAt,
    positionMs,
  };
}
