import { WALL_LIMITS, type WallAttachment, type WallPage, type WallPost } from '@batchwise/domain';
import type { EventBus } from '../events/event-bus';
import type { WallRepository } from './wall.repository';

type PostRow = NonNullable<Awaited<ReturnType<WallRepository['post']>>>;

/** How a reader's view differs: which classrooms they may see named, and what they may do. */
export interface Reader {
  userId: string;
  showsClassroom: (classroomId: string) => boolean;
  canComment: (post: PostRow) => boolean;
}

/** The posts as the reader sees them: their classrooms (those the reader sees) and comments. */
export async function postsView(
  repo: WallRepository,
  rows: readonly PostRow[],
  reader: Reader,
): Promise<WallPost[]> {
  const ids = rows.map((r) => r.id);
  const classrooms = await repo.postClassrooms(ids);
  const comments = await repo.comments(ids);
  return rows.map((row) => ({
    id: row.id,
    text: row.text,
    pinned: row.pinned === 1,
    commentsOn: row.comments_on === 1,
    attachments: JSON.parse(row.attachments) as WallAttachment[],
    classrooms: classrooms
      .filter((c) => c.post_id === row.id && reader.showsClassroom(c.id))
      .map((c) => ({ id: c.id, name: c.name })),
    authorName: row.author_name ?? '',
    createdAt: Number(row.created_at),
    smsSentAt: row.sms_sent_at === null ? null : Number(row.sms_sent_at),
    comments: comments
      .filter((c) => c.post_id === row.id)
      .map((c) => ({
        id: c.id,
        text: c.text,
        authorName: c.student_name ?? '',
        at: Number(c.created_at),
        mine: c.user_id === reader.userId,
      })),
    canComment: reader.canComment(row),
  }));
}

/** One page of the walls of these classrooms. */
export async function wallPage(
  repo: WallRepository,
  accountId: string,
  classroomIds: readonly string[],
  page: number,
  reader: Reader,
): Promise<WallPage> {
  const pageSize = WALL_LIMITS.pageSize;
  if (classroomIds.length === 0) return { items: [], total: 0, page, pageSize };
  const { total, rows } = await repo.page(accountId, classroomIds, (page - 1) * pageSize, pageSize);
  return { items: await postsView(repo, rows, reader), total, page, pageSize };
}

/** Staff pages and the family portal refetch an account's wall after any change to it. */
export async function wallChanged(events: EventBus, accountId: string): Promise<void> {
  await events.publish({
    channel: `account:${accountId}`,
    type: 'wall.changed',
    stale: [{ resource: 'wall', params: { accountId } }],
  });
}
