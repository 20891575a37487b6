import type { WallComment, WallPage } from '@batchwise/domain';
import type { Db } from '../../db/database';
import type { Principal } from '../../lib/access';
import type { Clock } from '../../lib/clock';
import { failure, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { EventBus } from '../events/event-bus';
import type { FamilyChildrenService } from '../portal/family-children.service';
import { mayComment, requireCommentsOn } from './wall.policy';
import { WallRepository } from './wall.repository';
import { wallChanged, wallPage } from './wall-view';

export interface WallFamilyDeps {
  db: Db;
  clock: Clock;
  events: EventBus;
  family: FamilyChildrenService;
}

/**
 * The family side of the classroom wall (wall.policy.ts): the walls of a child's visible
 * classrooms, read by the child and their parents; the student's own comments.
 */
export class WallFamilyService {
  constructor(private readonly deps: WallFamilyDeps) {}

  async wall(principal: Principal, studentId: string, page: number): Promise<WallPage> {
    const child = await this.deps.family.classroomsOf(principal, studentId);
    return wallPage(this.repo(), child.accountId, child.classroomIds, page, {
      userId: principal.user.id,
      showsClassroom: (id) => child.classroomIds.includes(id),
      canComment: (post) => mayComment(principal, post.comments_on === 1),
    });
  }

  async comment(principal: Principal, studentId: string, postId: string, text: string): Promise<WallComment> {
    const { child, post } = await this.requirePost(principal, studentId, postId);
    requireCommentsOn(post.comments_on === 1);
    const trimmed = text.trim();
    if (!trimmed) throw failure(400, 'WALL_COMMENT_EMPTY');
    const now = this.deps.clock.now();
    const id = newId(now);
    await this.repo().insertComment({
      id,
      post_id: post.id,
      account_id: child.accountId,
      student_id: child.studentId,
      user_id: principal.user.id,
      text: trimmed,
      created_at: now,
    });
    await wallChanged(this.deps.events, child.accountId);
    const [own] = (await this.repo().comments([post.id])).filter((c) => c.id === id);
    return { id, text: trimmed, authorName: own?.student_name ?? '', at: now, mine: true };
  }

  /** A student removes their own comment; anyone else's is not found. */
  async removeComment(
    principal: Principal,
    studentId: string,
    postId: string,
    commentId: string,
  ): Promise<{ ok: true }> {
    const { child } = await this.requirePost(principal, studentId, postId);
    const comment = await this.repo().comment(postId, commentId);
    if (!comment || comment.user_id !== principal.user.id || comment.student_id !== child.studentId)
      throw notFound();
    await this.repo().deleteComment(commentId);
    await wallChanged(this.deps.events, child.accountId);
    return { ok: true };
  }

  /** A post on one of the child's classrooms' walls, or 404. */
  private async requirePost(principal: Principal, studentId: string, postId: string) {
    const child = await this.deps.family.classroomsOf(principal, studentId);
    const post = await this.repo().post(child.accountId, postId);
    const on = post ? (await this.repo().postClassrooms([postId])).map((c) => c.id) : [];
    if (!post || !on.some((id) => child.classroomIds.includes(id))) throw notFound();
    return { child, post };
  }

  private repo(): WallRepository {
    return new WallRepository(this.deps.db.kysely);
  }
}
