import crypto from 'node:crypto';
import {
  type AccessCode,
  AUTH_LINK_VALIDITY_MS,
  hasDuplicateMark,
  type IssuedLink,
  isValidBdPhone,
  randomId,
  stripDuplicateMark,
} from '@batchwise/domain';
import type { Db } from '../../db/database';
import type { Principal } from '../../lib/access';
import type { Clock } from '../../lib/clock';
import { failure, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { AccessPolicy } from '../access/access.policy';
import { logActivity } from '../activity/activity';
import { homePathOf } from '../auth/auth.service';
import type { SessionService } from '../auth/sessions.service';
import { digest } from '../auth/tokens';
import { UsersRepository } from '../auth/users.repository';
import type { EventBus } from '../events/event-bus';
import { IdentityRepository } from '../identity/identity.repository';
import type { JobQueue } from '../jobs/jobs.service';
import { pictureUrl } from '../media/images';
import { payIndividualSms, publishQuota } from '../sms/sms-quota';
import { loadStudent, mayEdit } from '../students/student-context';
import { StudentsRepository } from '../students/students.repository';
import { type StudentsService, storeStudentPhoto } from '../students/students.service';
import { appPath } from './app-path';
import { LinksRepository } from './links.repository';

/** A photo link stays open this long unless an upload spends it first. */
export const LIVE_PHOTO_TTL_MS = 7 * 24 * 3_600_000;
/** Keys of 192 random bits: they are also the short link's code (/r/{key}), so they are never stored. */
const newKey = () => crypto.randomBytes(24).toString('base64url');
const KEY_PATTERN = /^[A-Za-z0-9_-]{32}$/;

/** A student's QR payload: identifies the student to the scanners; it signs nobody in. */
export const qrPayload = (studentId: string) => `BW1:S:${studentId}`;

export interface LinksDeps {
  db: Db;
  clock: Clock;
  access: AccessPolicy;
  sessions: SessionService;
  jobs: JobQueue;
  events: EventBus;
  students: StudentsService;
  appUrl: string;
}

/** Sign-in links (180 days), live photo links (one upload), access codes and short links. */
export class LinksService {
  private readonly repo: LinksRepository;

  constructor(private readonly deps: LinksDeps) {
    this.repo = new LinksRepository(deps.db.kysely);
  }

  /** A student's auto-login link, to a link user made for the record when it has none (IDENTITY.md). */
  async studentAuthLink(
    principal: Principal,
    accountId: string,
    studentId: string,
    sendSms: boolean,
  ): Promise<IssuedLink> {
    const ctx = await loadStudent(this.deps.db.kysely, this.deps.access, principal, accountId, studentId);
    if (!mayEdit(ctx))
      throw failure(403, 'MANAGE_STUDENTS_REQUIRED', { batch: ctx.enrolments[0]?.classroom_name ?? '-' });
    const s = ctx.student;
    const smsTo = smsPhone(s.phone);
    const now = this.deps.clock.now();
    const key = newKey();
    const expiresAt = now + AUTH_LINK_VALIDITY_MS;
    let paidBy: string | undefined;
    await this.deps.db.kysely.transaction().execute(async (trx) => {
      const links = new LinksRepository(trx);
      // A link signs in only a link user this team made: never someone who signs in by
      // themselves, nor a user other accounts' records link to (modules/identity/IDENTITY.md).
      const hold = s.user_id
        ? await new IdentityRepository(trx).holdOn(
            s.user_id,
            ctx.team.map((t) => t.accountId),
          )
        : 'none';
      if (hold === 'own-sign-in') throw failure(409, 'AUTH_LINK_OWN_SIGN_IN');
      let userId = hold === 'full' ? s.user_id! : null;
      if (!userId) {
        userId = newId(now);
        await new UsersRepository(trx).insert({
          id: userId,
          name: s.name,
          email: null,
          phone: null,
          password_hash: null,
          profession: 'Student',
          is_staff: 0,
          created_at: now,
          updated_at: now,
        });
        await new StudentsRepository(trx).update(s.id, { user_id: userId });
      }
      await links.revokeAuthLinks({ studentId }, now);
      await links.insertAuthLink({
        id: newId(now),
        kind: 'student',
        key_hash: digest(key),
        user_id: userId,
        account_id: accountId,
        student_id: studentId,
        created_by: principal.user.id,
        created_at: now,
        valid_till: expiresAt,
      });
      await logActivity(
        trx,
        principal,
        {
          accountId,
          eventName: 'Student Auth Link',
          message: { key: 'signInLinkMade', params: { name: s.name } },
          subjectType: 'student',
          subjectId: studentId,
        },
        now,
      );
      if (sendSms && smsTo) {
        paidBy = await payIndividualSms(trx, accountId, {
          reason: 'link',
          actorUserId: principal.user.id,
          now,
        });
        const text = `${s.name}, sign in to ${s.teacher_name}'s classes on Batchwise: ${this.shortUrl(key)}`;
        await this.deps.jobs.enqueue('sms.send', { to: smsTo, text }, { trx });
      }
    });
    await this.quotaSpent(paidBy);
    return this.issued('/s-auto-login', key, expiresAt, sendSms && smsTo !== null);
  }

  /** The teacher's own sign-in link (ManageAuth): made by the owner or the teacher's admin. */
  async teacherAuthLink(principal: Principal, accountId: string, sendSms: boolean): Promise<IssuedLink> {
    const scope = await this.deps.access.requireAccount(principal, accountId);
    if (scope.relation === 'assistant') throw failure(403, 'FORBIDDEN');
    const owner = await this.repo.accountOwner(accountId);
    if (!owner) throw notFound();
    const now = this.deps.clock.now();
    const key = newKey();
    const expiresAt = now + AUTH_LINK_VALIDITY_MS;
    let paidBy: string | undefined;
    await this.deps.db.kysely.transaction().execute(async (trx) => {
      const links = new LinksRepository(trx);
      await links.revokeAuthLinks({ accountId, kind: 'teacher' }, now);
      await links.insertAuthLink({
        id: newId(now),
        kind: 'teacher',
        key_hash: digest(key),
        user_id: owner.id,
        account_id: accountId,
        student_id: null,
        created_by: principal.user.id,
        created_at: now,
        valid_till: expiresAt,
      });
      await logActivity(
        trx,
        principal,
        {
          accountId,
          eventName: 'Teacher Auth Link',
          message: { key: 'signInLinkMade', params: { name: owner.name } },
        },
        now,
      );
      if (sendSms && owner.phone) {
        paidBy = await payIndividualSms(trx, accountId, {
          reason: 'link',
          actorUserId: principal.user.id,
          now,
        });
        await this.deps.jobs.enqueue(
          'sms.send',
          { to: owner.phone, text: `Your Batchwise sign-in link: ${this.shortUrl(key)}` },
          { trx },
        );
      }
    });
    await this.quotaSpent(paidBy);
    return this.issued('/s-auto-login', key, expiresAt, sendSms && owner.phone !== null);
  }

  async authLinks(principal: Principal, accountId: string) {
    const scope = await this.deps.access.requireAccount(principal, accountId);
    if (scope.relation === 'assistant') throw failure(403, 'FORBIDDEN');
    const rows = await this.repo.authLinksOf(accountId, this.deps.clock.now());
    return rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      name: r.name,
      studentId: r.student_id,
      createdAt: r.created_at,
      validTill: r.valid_till,
      lastUsedAt: r.last_used_at,
    }));
  }

  async revokeAuthLink(principal: Principal, accountId: string, linkId: string): Promise<void> {
    const scope = await this.deps.access.requireAccount(principal, accountId);
    if (scope.relation === 'assistant') throw failure(403, 'FORBIDDEN');
    if (!(await this.repo.revokeAuthLink(accountId, linkId, this.deps.clock.now()))) throw notFound();
  }

  /** `/s-auto-login?key=…`: signs in whoever the live link names; never staff or disabled users. */
  async autoLogin(key: string, meta: { ip: string; userAgent?: string; previousSessionId?: string }) {
    const now = this.deps.clock.now();
    const link = KEY_PATTERN.test(key) ? await this.repo.liveAuthLink(digest(key), now) : undefined;
    // Once a student proved a phone of their own, the links tenants made stop working (IDENTITY.md).
    const outgrown = link?.kind === 'student' && (link.phone || link.email || link.password_hash);
    if (!link || link.is_staff || link.disabled_at || outgrown) throw failure(404, 'AUTH_LINK_INVALID');
    if (meta.previousSessionId) await this.deps.sessions.revoke(meta.previousSessionId);
    const { token } = await this.deps.sessions.create(link.user_id, {
      ip: meta.ip,
      userAgent: meta.userAgent,
    });
    await this.repo.touchAuthLink(link.id, now);
    return { token, userId: link.user_id, homePath: homePathOf(link) };
  }

  /** A `/take-picture?key=…` link for one student's photo, spent by its first upload. */
  async livePhotoLink(
    principal: Principal,
    accountId: string,
    studentId: string,
    sendSms: boolean,
  ): Promise<IssuedLink> {
    const ctx = await loadStudent(this.deps.db.kysely, this.deps.access, principal, accountId, studentId);
    if (!mayEdit(ctx))
      throw failure(403, 'MANAGE_STUDENTS_REQUIRED', { batch: ctx.enrolments[0]?.classroom_name ?? '-' });
    const now = this.deps.clock.now();
    const key = newKey();
    const expiresAt = now + LIVE_PHOTO_TTL_MS;
    const smsTo = smsPhone(ctx.student.phone);
    let paidBy: string | undefined;
    await this.deps.db.kysely.transaction().execute(async (trx) => {
      await new LinksRepository(trx).insertPhotoKey({
        id: newId(now),
        key_hash: digest(key),
        student_id: studentId,
        account_id: accountId,
        created_by: principal.user.id,
        created_at: now,
        expires_at: expiresAt,
      });
      if (sendSms && smsTo) {
        paidBy = await payIndividualSms(trx, accountId, {
          reason: 'link',
          actorUserId: principal.user.id,
          now,
        });
        const text = `${ctx.student.name}, please send your photo for ${ctx.student.teacher_name}'s classes: ${this.shortUrl(key)}`;
        await this.deps.jobs.enqueue('sms.send', { to: smsTo, text }, { trx });
      }
    });
    await this.quotaSpent(paidBy);
    return this.issued('/take-picture', key, expiresAt, sendSms && smsTo !== null);
  }

  async livePhotoInfo(key: string) {
    const row = await this.photoKey(key);
    return {
      name: row.name,
      customId: row.custom_id,
      institution: row.institution,
      expiresAt: row.expires_at,
    };
  }

  /** The public upload: the key is checked before the file is read, and spent with the photo's write. */
  async livePhotoUpload(
    key: string,
    readUpload: () => Promise<Buffer>,
    store: (body: Buffer) => Promise<string>,
  ) {
    const row = await this.photoKey(key);
    const stored = await store(await readUpload());
    const now = this.deps.clock.now();
    if (!(await this.repo.spendPhotoKey(row.id, now))) throw failure(404, 'LIVE_PHOTO_LINK_INVALID');
    await storeStudentPhoto(
      this.deps.db,
      null,
      [{ id: row.student_id, account_id: row.account_id, user_id: row.user_id, name: row.name }],
      [row.account_id],
      stored,
      now,
    );
    return pictureUrl(stored)!;
  }

  async accessCode(principal: Principal, accountId: string, studentId: string): Promise<AccessCode> {
    const ctx = await loadStudent(this.deps.db.kysely, this.deps.access, principal, accountId, studentId);
    const s = ctx.student;
    return {
      studentId: s.id,
      name: s.name,
      customId: s.custom_id,
      rfid: s.rfid,
      avatarUrl: pictureUrl(s.avatar_key),
      classrooms: ctx.enrolments.filter((e) => e.student_id === s.id).map((e) => e.classroom_name),
      qrPayload: qrPayload(s.id),
    };
  }

  /** The printable sheet of every student's access code, in list order, paged. */
  async accessCodes(
    principal: Principal,
    accountId: string,
    query: { classroomId?: string; q?: string; page: number; pageSize: number },
  ) {
    const page = await this.deps.students.list(principal, accountId, {
      ...query,
      sort: 'name',
      order: 'asc',
    });
    return {
      ...page,
      items: page.items.map((s) => ({
        studentId: s.id,
        name: s.name,
        customId: s.customId,
        rfid: s.rfid,
        avatarUrl: s.avatarUrl,
        classrooms: s.classrooms.map((c) => c.name),
        qrPayload: qrPayload(s.id),
      })),
    };
  }

  /** Shortens a link of this app (never another site: a short link must not become an open redirect). */
  async shorten(principal: Principal, accountId: string, url: string) {
    await this.deps.access.requireAccount(principal, accountId);
    const path = appPath(url, this.deps.appUrl);
    if (!path) throw failure(400, 'SHORT_LINK_TARGET_INVALID');
    return this.shortLinkTo(accountId, path, principal.user.id);
  }

  /**
   * A short link to one of the app's own paths, for another module that has already checked the
   * caller (a receipt texted from the counter).
   */
  async shortLinkTo(accountId: string, path: string, byUserId: string) {
    const code = randomId(8);
    await this.repo.insertShortLink({
      code,
      path,
      account_id: accountId,
      created_by: byUserId,
      created_at: this.deps.clock.now(),
      expires_at: null,
      hits: 0,
    });
    return { code, shortUrl: `${this.deps.appUrl}/r/${code}` };
  }

  /** Where `/r/{code}` leads: a stored short link, or a live sign-in or photo link named by its key. */
  async follow(code: string): Promise<string | undefined> {
    const now = this.deps.clock.now();
    const stored = await this.repo.followShortLink(code, now);
    // Rows stored before targets were normalised may hold raw text: normalise again on the way out.
    if (stored) return appPath(stored, this.deps.appUrl) ?? undefined;
    if (!KEY_PATTERN.test(code)) return undefined;
    const hash = digest(code);
    if (await this.repo.liveAuthLink(hash, now)) return `/s-auto-login?key=${code}`;
    if (await this.repo.livePhotoKey(hash, now)) return `/take-picture?key=${code}`;
    return undefined;
  }

  private async photoKey(key: string) {
    const row = KEY_PATTERN.test(key)
      ? await this.repo.livePhotoKey(digest(key), this.deps.clock.now())
      : undefined;
    if (!row) throw failure(404, 'LIVE_PHOTO_LINK_INVALID');
    return row;
  }

  private shortUrl(key: string): string {
    return `${this.deps.appUrl}/r/${key}`;
  }

  /** Whoever shows the paying account's SMS quota refetches it. */
  private async quotaSpent(accountId: string | undefined): Promise<void> {
    if (accountId) await publishQuota(this.deps.events, accountId);
  }

  private issued(path: string, key: string, expiresAt: number, smsQueued: boolean): IssuedLink {
    return {
      url: `${this.deps.appUrl}${path}?key=${key}`,
      shortUrl: this.shortUrl(key),
      expiresAt,
      smsQueued,
    };
  }
}

/** The number an SMS goes to: the student phone without its duplicate mark, when valid. */
function smsPhone(phone: string): string | null {
  const plain = hasDuplicateMark(phone) ? stripDuplicateMark(phone) : phone;
  return isValidBdPhone(plain) ? plain : null;
}
