import crypto from 'node:crypto';
import {
  ONLINE_PAY,
  type PublicVideoCourse,
  publicVideoCoursePath,
  type VideoPlay,
  type VideoPublication,
  type VideoPublish,
  videoPublishSchema,
} from '@batchwise/domain';
import type { Db } from '../../db/database';
import type { Principal } from '../../lib/access';
import type { Clock } from '../../lib/clock';
import { failure, notFound } from '../../lib/errors';
import type { AccessPolicy } from '../access/access.policy';
import { requirePayableAmount } from '../online-pay/gateway-session';
import { sslCredentials } from '../online-pay/merchant-settings';
import { OnlinePayRepository } from '../online-pay/online-pay.repository';
import type { SecretBox } from '../online-pay/secret-box';
import { requireVideoManager } from '../video/video.policy';
import { VideoRepository } from '../video/video.repository';
import { playOf } from '../video/video.service';
import { signedBase } from '../video/video-stream';
import { courseViews } from '../video/video-view';
import { PublicVideoRepository, type Purchase } from './public-video.repository';

// Public video courses (contracts/public-video.ts). Who: the account's teacher and admins publish,
// unpublish and see buyers (the private courses' policy, video.policy.ts); anyone holding the
// link reads the course; anyone may play a free course's videos, and a paid course's only with
// the access token of a purchase the gateway's IPN confirmed (public-video-pay.service.ts). Every
// address handed out is the private courses' signed, expiring one (video-stream.ts): a shared
// segment link ends within minutes, and nothing under /media/video can be guessed.

export interface PublicVideoDeps {
  db: Db;
  clock: Clock;
  access: AccessPolicy;
  box: SecretBox;
}

/** 192 random bits: the link key and a buyer's access token alike. */
export const newSecret = () => crypto.randomBytes(24).toString('base64url');

/** An open purchase still waits for its IPN this long past the payment window; then it is over. */
const PENDING_GRACE_MS = 2 * 60_000;

export type PublishedCourse = NonNullable<Awaited<ReturnType<PublicVideoRepository['byKey']>>>;

export class PublicVideoService {
  constructor(private readonly deps: PublicVideoDeps) {}

  private get repo() {
    return new PublicVideoRepository(this.deps.db.kysely);
  }

  // ── the teacher ──

  async publication(principal: Principal, accountId: string, courseId: string): Promise<VideoPublication> {
    await this.requireCourse(principal, accountId, courseId);
    const [row, buyers] = await Promise.all([
      this.repo.publication(accountId, courseId),
      this.repo.buyers(accountId, courseId),
    ]);
    return {
      publication: row
        ? {
            key: row.link_key,
            path: publicVideoCoursePath(row.link_key),
            pricing: Number(row.price) > 0 ? 'paid' : 'free',
            pricePaisa: Number(row.price),
            publishedAt: Number(row.published_at),
          }
        : null,
      buyers: buyers.map((b) => ({
        name: b.buyer_name,
        phone: b.buyer_phone,
        amountPaisa: Number(b.amount),
        paidAt: Number(b.paid_at),
      })),
    };
  }

  /** A paid course needs the institution's SSLCommerz switched on, or nobody could buy it. */
  async publish(
    principal: Principal,
    accountId: string,
    courseId: string,
    input: VideoPublish,
  ): Promise<VideoPublication> {
    await this.requireCourse(principal, accountId, courseId);
    const plan = videoPublishSchema.parse(input);
    const price = plan.pricing === 'paid' ? plan.pricePaisa : 0;
    if (plan.pricing === 'paid') {
      requirePayableAmount(price);
      if (!(await this.payable(accountId))) throw failure(409, 'PAY_ONLINE_OFF');
    }
    await this.repo.upsertPublication({
      course_id: courseId,
      account_id: accountId,
      link_key: newSecret(),
      price,
      now: this.deps.clock.now(),
    });
    return this.publication(principal, accountId, courseId);
  }

  async unpublish(principal: Principal, accountId: string, courseId: string): Promise<{ ok: true }> {
    await this.requireCourse(principal, accountId, courseId);
    await this.repo.deletePublication(accountId, courseId);
    return { ok: true };
  }

  // ── anyone with the link ──

  async course(key: string, access: string | undefined): Promise<PublicVideoCourse> {
    const published = await this.published(key);
    const videoRepo = new VideoRepository(this.deps.db.kysely);
    const course = (await videoRepo.course(published.account_id, published.course_id))!;
    const [view] = await courseViews(videoRepo, [course]);
    const videos = new Map((await videoRepo.videos(published.account_id)).map((v) => [v.id, v]));
    const now = this.deps.clock.now();
    const price = Number(published.price);
    return {
      title: published.title,
      institution: published.institution,
      teacher: published.teacher,
      pricing: price > 0 ? 'paid' : 'free',
      pricePaisa: price,
      access: price === 0 ? 'granted' : accessOf(await this.purchaseOf(published, access), now),
      payable: price > 0 && (await this.payable(published.account_id)),
      chapters: view!.chapters.map((ch) => ({
        id: ch.id,
        title: ch.title,
        // Only videos that play: one still being prepared or failed is left out, as for students.
        videos: ch.videoIds.flatMap((id) => {
          const v = videos.get(id);
          if (v?.status !== 'ready') return [];
          return [
            {
              id,
              title: v.title,
              durationMs: v.duration_ms === null ? null : Number(v.duration_ms),
              posterUrl: v.poster_key ? `${signedBase(v, now).base}/poster.jpg` : null,
            },
          ];
        }),
      })),
    };
  }

  async play(key: string, videoId: string, access: string | undefined): Promise<VideoPlay> {
    const published = await this.published(key);
    const videoRepo = new VideoRepository(this.deps.db.kysely);
    const [view] = await courseViews(videoRepo, [
      (await videoRepo.course(published.account_id, published.course_id))!,
    ]);
    const video = view!.chapters.some((ch) => ch.videoIds.includes(videoId))
      ? await videoRepo.accountVideo(published.account_id, videoId)
      : undefined;
    if (!video) throw notFound();
    const now = this.deps.clock.now();
    if (Number(published.price) > 0 && accessOf(await this.purchaseOf(published, access), now) !== 'granted')
      throw failure(403, 'VIDEO_COURSE_NOT_BOUGHT');
    return playOf(video, now, 0);
  }

  /** The published course of a link key; an unknown or unpublished key is "not available". */
  async published(key: string): Promise<PublishedCourse> {
    const published = await this.repo.byKey(key);
    if (!published) throw failure(404, 'VIDEO_COURSE_UNAVAILABLE');
    return published;
  }

  /** Whether the institution takes payments online through SSLCommerz now. */
  async payable(accountId: string): Promise<boolean> {
    const pay = new OnlinePayRepository(this.deps.db.kysely);
    const [onlinePayment, settings] = await Promise.all([
      this.repo.onlinePayment(accountId),
      pay.merchantSettings(accountId),
    ]);
    return onlinePayment === 'On' && sslCredentials(this.deps.box, settings) !== undefined;
  }

  private async purchaseOf(published: PublishedCourse, access: string | undefined) {
    return access ? this.repo.purchaseByToken(published.course_id, access) : undefined;
  }

  private async requireCourse(principal: Principal, accountId: string, courseId: string): Promise<void> {
    requireVideoManager(await this.deps.access.requireAccount(principal, accountId));
    if (!(await new VideoRepository(this.deps.db.kysely).course(accountId, courseId))) throw notFound();
  }
}

/** Paid (the IPN said so) watches; an attempt still within its window waits; anything else buys. */
function accessOf(purchase: Purchase | undefined, now: number): PublicVideoCourse['access'] {
  if (!purchase) return 'none';
  if (purchase.status === 'paid') return 'granted';
  const open = purchase.status === 'created' || purchase.status === 'redirected';
  return open && now < Number(purchase.created_at) + ONLINE_PAY.windowMs + PENDING_GRACE_MS
    ? 'pending'
    : 'none';
}
