import type {
  SmsPreview,
  SmsQueued,
  WallAttachment,
  WallPage,
  WallPost,
  WallPostInput,
  WallPostUpdate,
  WallSms,
} from '@batchwise/domain';
import type { MultipartFile } from '@fastify/multipart';
import type { Db } from '../../db/database';
import type { Storage } from '../../drivers/storage/storage';
import type { Principal } from '../../lib/access';
import type { Clock } from '../../lib/clock';
import { failure, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { type AccessPolicy, type AccountScope, seesClassroom } from '../access/access.policy';
import type { EventBus } from '../events/event-bus';
import { readAttachment, storeAttachment } from '../media/attachments';
import { pictureKeyOf } from '../media/images';
import type { SmsComposeService } from '../sms/sms-compose.service';
import { requireWallOf } from './wall.policy';
import { WallRepository } from './wall.repository';
import { postsView, type Reader, wallChanged, wallPage } from './wall-view';

export interface WallDeps {
  db: Db;
  clock: Clock;
  access: AccessPolicy;
  events: EventBus;
  storage: Storage;
  sms: SmsComposeService;
}

/**
 * The staff side of the classroom wall (wall.policy.ts says who): announcements to one or more
 * classrooms, pinned or not, with files stored through the media attachments path; comments
 * moderated; and the one SMS of an announcement, built and charged by the SMS compose service so
 * its preview, permission and quota are those of any other send.
 */
export class WallService {
  constructor(private readonly deps: WallDeps) {}

  async list(principal: Principal, accountId: string, classroomId: string, page: number): Promise<WallPage> {
    const scope = await this.deps.access.requireAccount(principal, accountId);
    requireWallOf(scope, [classroomId]);
    if ((await this.repo().classrooms(accountId, [classroomId])).length === 0) throw notFound();
    return wallPage(this.repo(), accountId, [classroomId], page, this.reader(principal, scope));
  }

  async create(principal: Principal, accountId: string, input: WallPostInput): Promise<WallPost> {
    const scope = await this.deps.access.requireAccount(principal, accountId);
    const text = input.text.trim();
    if (!text) throw failure(400, 'WALL_TEXT_EMPTY');
    const classroomIds = [...new Set(input.classroomIds)];
    requireWallOf(scope, classroomIds);
    if ((await this.repo().classrooms(accountId, classroomIds)).length !== classroomIds.length)
      throw notFound();
    for (const file of input.attachments) await this.requireStored(file);
    const now = this.deps.clock.now();
    const id = newId(now);
    await this.repo().insertPost(
      {
        id,
        account_id: accountId,
        author_user_id: principal.user.id,
        text,
        pinned: input.pinned ? 1 : 0,
        comments_on: input.commentsOn ? 1 : 0,
        attachments: JSON.stringify(input.attachments),
        sms_send_id: null,
        sms_sent_at: null,
        created_at: now,
        updated_at: now,
      },
      classroomIds,
    );
    await wallChanged(this.deps.events, accountId);
    return this.view(principal, scope, id);
  }

  async update(
    principal: Principal,
    accountId: string,
    postId: string,
    input: WallPostUpdate,
  ): Promise<WallPost> {
    const scope = await this.requirePost(principal, accountId, postId);
    await this.repo().updatePost(postId, {
      ...(input.pinned !== undefined && { pinned: input.pinned ? 1 : 0 }),
      ...(input.commentsOn !== undefined && { comments_on: input.commentsOn ? 1 : 0 }),
      updated_at: this.deps.clock.now(),
    });
    await wallChanged(this.deps.events, accountId);
    return this.view(principal, scope, postId);
  }

  async remove(principal: Principal, accountId: string, postId: string): Promise<{ ok: true }> {
    await this.requirePost(principal, accountId, postId);
    await this.repo().deletePost(postId);
    await wallChanged(this.deps.events, accountId);
    return { ok: true };
  }

  async removeComment(
    principal: Principal,
    accountId: string,
    postId: string,
    commentId: string,
  ): Promise<{ ok: true }> {
    await this.requirePost(principal, accountId, postId);
    if (!(await this.repo().comment(postId, commentId))) throw notFound();
    await this.repo().deleteComment(commentId);
    await wallChanged(this.deps.events, accountId);
    return { ok: true };
  }

  /** A file for an announcement, stored as the admission form's are (checked by its content). */
  async upload(
    principal: Principal,
    accountId: string,
    file: () => Promise<MultipartFile | undefined>,
  ): Promise<WallAttachment> {
    await this.deps.access.requireAccount(principal, accountId);
    const upload = await readAttachment(await file());
    const key = await storeAttachment(this.deps.storage, upload, this.deps.clock.now());
    return {
      url: `/media/${key}`,
      name: upload.fileName.slice(0, 120),
      // The stored key ends with the type the content proved (media/attachments.ts).
      type: key.slice(key.lastIndexOf('.') + 1) as WallAttachment['type'],
    };
  }

  async smsPreview(
    principal: Principal,
    accountId: string,
    postId: string,
    input: WallSms,
  ): Promise<SmsPreview> {
    const { post, classroomIds } = await this.smsTarget(principal, accountId, postId);
    return this.deps.sms.preview(principal, accountId, this.compose(post.text, classroomIds, input));
  }

  /** Sends the announcement as SMS once: a second send is refused before anything is charged. */
  async sendSms(principal: Principal, accountId: string, postId: string, input: WallSms): Promise<SmsQueued> {
    const { post, classroomIds } = await this.smsTarget(principal, accountId, postId);
    const repo = this.repo();
    if (!(await repo.claimSms(post.id, this.deps.clock.now()))) throw failure(409, 'WALL_SMS_ALREADY_SENT');
    let queued: SmsQueued;
    try {
      queued = await this.deps.sms.send(principal, accountId, this.compose(post.text, classroomIds, input));
    } catch (error) {
      await repo.releaseSms(post.id);
      throw error;
    }
    await repo.updatePost(post.id, { sms_send_id: queued.sendId });
    await wallChanged(this.deps.events, accountId);
    return queued;
  }

  private async smsTarget(principal: Principal, accountId: string, postId: string) {
    await this.requirePost(principal, accountId, postId);
    const post = (await this.repo().post(accountId, postId))!;
    if (post.sms_sent_at !== null) throw failure(409, 'WALL_SMS_ALREADY_SENT');
    const classroomIds = (await this.repo().postClassrooms([postId])).map((c) => c.id);
    return { post, classroomIds };
  }

  private compose(text: string, classroomIds: string[], input: WallSms) {
    return { text, classroomIds, studentIds: [], to: input.to, numbers: '', urgent: false, sendAt: null };
  }

  /** The post of the account, seen whole by the caller (every classroom it is on), or 404. */
  private async requirePost(principal: Principal, accountId: string, postId: string): Promise<AccountScope> {
    const scope = await this.deps.access.requireAccount(principal, accountId);
    if (!(await this.repo().post(accountId, postId))) throw notFound();
    requireWallOf(
      scope,
      (await this.repo().postClassrooms([postId])).map((c) => c.id),
    );
    return scope;
  }

  /** An attachment names a file that was uploaded (its address is unguessable, never reused). */
  private async requireStored(file: WallAttachment): Promise<void> {
    const stored = await this.deps.storage.get(pictureKeyOf(file.url) ?? '');
    if (!stored) throw failure(400, 'WALL_ATTACHMENT_UNKNOWN');
    stored.body.destroy();
  }

  private async view(principal: Principal, scope: AccountScope, postId: string): Promise<WallPost> {
    const row = (await this.repo().post(scope.accountId, postId))!;
    const [post] = await postsView(this.repo(), [row], this.reader(principal, scope));
    return post!;
  }

  private reader(principal: Principal, scope: AccountScope): Reader {
    return {
      userId: principal.user.id,
      showsClassroom: (id) => seesClassroom(scope, id),
      canComment: () => false,
    };
  }

  private repo(): WallRepository {
    return new WallRepository(this.deps.db.kysely);
  }
}
