import type { EducastWatch, FamilyEducasts, FamilyVideoCourses, VideoPlay } from '@batchwise/domain';
import type { Db } from '../../db/database';
import type { Principal } from '../../lib/access';
import { AppError, failure } from '../../lib/errors';
import { EducastRepository } from './educast.repository';

/** What EduCast needs of the family side of private courses (video-family.service.ts). */
export interface FamilyLessons {
  courses(principal: Principal, studentId: string): Promise<FamilyVideoCourses>;
  play(principal: Principal, studentId: string, videoId: string): Promise<VideoPlay>;
}

/** What EduCast needs of the portal's guardian-of / self policy. */
export interface FamilyChildren {
  classroomsOf(principal: Principal, studentId: string): Promise<{ accountId: string }>;
}

/**
 * The family's side of EduCast (educast.policy.ts): the published recordings the child may
 * watch, and opening one by its join code. Watching is the private course's own rule: the lesson
 * video must be in a course of the child's classrooms and the child allowed (403 VIDEO_NOT_ALLOWED).
 */
export class EducastFamilyService {
  constructor(private readonly deps: { db: Db; family: FamilyChildren; lessons: FamilyLessons }) {}

  private get repo() {
    return new EducastRepository(this.deps.db.kysely);
  }

  async list(principal: Principal, studentId: string): Promise<FamilyEducasts> {
    const child = await this.deps.family.classroomsOf(principal, studentId);
    const courses = await this.deps.lessons.courses(principal, studentId);
    const videoIds = courses.courses.flatMap((c) => c.chapters.flatMap((ch) => ch.videos.map((v) => v.id)));
    const rows = await this.repo.publishedOf(child.accountId, videoIds);
    return {
      educasts: rows.map((r) => ({
        code: r.code!,
        title: r.title,
        courseTitle: r.course_title,
        durationMs: r.duration_ms === null ? null : Number(r.duration_ms),
        publishedAt: Number(r.published_at),
      })),
    };
  }

  async join(principal: Principal, studentId: string, code: string): Promise<EducastWatch> {
    const child = await this.deps.family.classroomsOf(principal, studentId);
    const educast = await this.repo.byCode(child.accountId, code);
    if (!educast) throw failure(404, 'EDUCAST_CODE_UNKNOWN');
    if (!educast.video_id || educast.video_status !== 'ready') throw failure(409, 'EDUCAST_NOT_PUBLISHED');
    try {
      const play = await this.deps.lessons.play(principal, studentId, educast.video_id);
      const keptMs = Number(educast.duration_ms) - (educast.trim_start_s + educast.trim_end_s) * 1000;
      return { title: educast.title, durationMs: Math.max(0, keptMs), play };
    } catch (error) {
      // Not in a course of the child's classrooms: the code is not theirs, as an unknown one.
      if (error instanceof AppError && error.status === 404) throw failure(404, 'EDUCAST_CODE_UNKNOWN');
      throw error;
    }
  }
}
