import type { FamilyVideoCourses, VideoPlay } from '@batchwise/domain';
import type { Db } from '../../db/database';
import type { Principal } from '../../lib/access';
import type { Clock } from '../../lib/clock';
import { failure, notFound } from '../../lib/errors';
import type { FamilyChildrenService } from '../portal/family-children.service';
import { mayWatch } from './video.policy';
import { VideoRepository } from './video.repository';
import { playOf } from './video.service';
import { courseViews } from './video-view';

export interface VideoFamilyDeps {
  db: Db;
  clock: Clock;
  family: FamilyChildrenService;
}

/** The family's side of private video courses (video.policy.ts): courses, playing, progress. */
export class VideoFamilyService {
  constructor(private readonly deps: VideoFamilyDeps) {}

  private get repo() {
    return new VideoRepository(this.deps.db.kysely);
  }

  async courses(principal: Principal, studentId: string): Promise<FamilyVideoCourses> {
    const child = await this.deps.family.classroomsOf(principal, studentId);
    const courseIds = await this.repo.courseIdsFor(child.accountId, child.classroomIds);
    const courses = (await this.repo.courses(child.accountId)).filter((c) => courseIds.includes(c.id));
    const views = await courseViews(this.repo, courses);
    const allowedIn = await this.allowedClassrooms(child.studentId, child.classroomIds);
    const watchable = views.filter((c) => c.classroomIds.some((id) => allowedIn.includes(id)));
    if (watchable.length === 0) return { allowed: views.length === 0, courses: [] };
    const videos = new Map((await this.repo.videos(child.accountId)).map((v) => [v.id, v]));
    const progress = await this.repo.progress(
      [child.studentId],
      watchable.flatMap((c) => c.chapters.flatMap((ch) => ch.videoIds)),
    );
    return {
      allowed: true,
      courses: watchable.map((course) => ({
        id: course.id,
        title: course.title,
        chapters: course.chapters.map((ch) => ({
          id: ch.id,
          title: ch.title,
          // Only videos students can play: one still being prepared or failed is left out.
          videos: ch.videoIds.flatMap((id) => {
            const v = videos.get(id);
            if (v?.status !== 'ready') return [];
            const at = progress.find((p) => p.video_id === id);
            return [
              {
                id,
                title: v.title,
                durationMs: v.duration_ms === null ? null : Number(v.duration_ms),
                positionMs: at ? Number(at.position_ms) : 0,
              },
            ];
          }),
        })),
      })),
    };
  }

  async play(principal: Principal, studentId: string, videoId: string): Promise<VideoPlay> {
    const { child, video } = await this.requireWatchable(principal, studentId, videoId);
    const [at] = await this.repo.progress([child.studentId], [videoId]);
    return playOf(video, this.deps.clock.now(), at ? Number(at.position_ms) : 0);
  }

  async saveProgress(
    principal: Principal,
    studentId: string,
    videoId: string,
    positionMs: number,
  ): Promise<{ ok: true }> {
    const { child, video } = await this.requireWatchable(principal, studentId, videoId);
    const duration = Number(video.duration_ms ?? positionMs);
    await this.repo.saveProgress({
      video_id: videoId,
      student_id: child.studentId,
      account_id: child.accountId,
      position_ms: Math.min(positionMs, duration),
      updated_at: this.deps.clock.now(),
    });
    return { ok: true };
  }

  /** The video is in a course of one of the child's classrooms (else 404) and the child may watch (else 403). */
  private async requireWatchable(principal: Principal, studentId: string, videoId: string) {
    const child = await this.deps.family.classroomsOf(principal, studentId);
    const video = await this.repo.accountVideo(child.accountId, videoId);
    const showing = video ? await this.repo.classroomsShowing(videoId) : [];
    const classrooms = showing.filter((id) => child.classroomIds.includes(id));
    if (!video || classrooms.length === 0) throw notFound();
    if (!mayWatch(await this.repo.permissionsOf(child.studentId, classrooms))) {
      throw failure(403, 'VIDEO_NOT_ALLOWED');
    }
    return { child, video };
  }

  private async allowedClassrooms(studentId: string, classroomIds: readonly string[]): Promise<string[]> {
    const allowed: string[] = [];
    for (const id of classroomIds) {
      if (mayWatch(await this.repo.permissionsOf(studentId, [id]))) allowed.push(id);
    }
    return allowed;
  }
}
