import crypto from 'node:crypto';
import { ATTENDANCE_LINK_PAGE, type BillingMonth, type PublicAttendance } from '@batchwise/domain';
import type { Db } from '../../db/database';
import type { Principal } from '../../lib/access';
import type { Clock } from '../../lib/clock';
import { failure } from '../../lib/errors';
import type { AccessPolicy } from '../access/access.policy';
import { pictureUrl } from '../media/images';
import { loadStudent } from '../students/student-context';
import { PortalRepository } from './portal.repository';
import type { PortalService } from './portal.service';

/** 128 random bits: unguessable, and short enough for an SMS (`/a/{key}`), like `/rc/{key}`. */
const newLinkKey = () => crypto.randomBytes(16).toString('base64url');

export const attendanceLinkPath = (key: string) => `${ATTENDANCE_LINK_PAGE}?key=${encodeURIComponent(key)}`;

/**
 * The app-free attendance view by link (seed part 1 §2.3, "parent views by SMS link"): one link
 * per child, made when staff ask for it or when an attendance SMS carries it, showing that
 * child's month with no sign-in, within the classroom's portal settings.
 */
export class AttendanceLinksService {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      access: AccessPolicy;
      portal: PortalService;
      appUrl: string;
    },
  ) {}

  async issue(principal: Principal, accountId: string, studentId: string) {
    await loadStudent(this.deps.db.kysely, this.deps.access, principal, accountId, studentId);
    const key = (await this.ensure(accountId, [studentId])).get(studentId)!;
    return { url: `${this.deps.appUrl}${attendanceLinkPath(key)}`, shortUrl: this.shortUrl(key) };
  }

  /** Short links of these students of the account, made for those who have none (attendance SMS). */
  async shortLinks(accountId: string, studentIds: readonly string[]): Promise<Map<string, string>> {
    const keys = await this.ensure(accountId, studentIds);
    return new Map([...keys].map(([id, key]) => [id, this.shortUrl(key)]));
  }

  /** Where `/a/{key}` leads, or nothing for a key that is not one. */
  async follow(key: string): Promise<string | undefined> {
    const link = await new PortalRepository(this.deps.db.kysely).attendanceLinkByKey(key);
    return link ? attendanceLinkPath(key) : undefined;
  }

  async publicView(key: string, month?: BillingMonth): Promise<PublicAttendance> {
    const repo = new PortalRepository(this.deps.db.kysely);
    const link = await repo.attendanceLinkByKey(key);
    if (!link) throw failure(404, 'ATTENDANCE_LINK_INVALID');
    const view = await this.deps.portal.attendanceOf(
      { id: link.student_id, account_id: link.account_id, institution: link.institution },
      month,
    );
    await repo.touchAttendanceLink(link.student_id, this.deps.clock.now());
    return { ...view, logoUrl: pictureUrl(link.logo_key) };
  }

  private async ensure(accountId: string, studentIds: readonly string[]): Promise<Map<string, string>> {
    const repo = new PortalRepository(this.deps.db.kysely);
    const existing = await repo.attendanceLinks(studentIds);
    const have = new Set(existing.map((l) => l.student_id));
    const now = this.deps.clock.now();
    for (const studentId of studentIds.filter((id) => !have.has(id))) {
      await repo.insertAttendanceLink({
        student_id: studentId,
        account_id: accountId,
        link_key: newLinkKey(),
        created_at: now,
      });
    }
    const all = have.size === studentIds.length ? existing : await repo.attendanceLinks(studentIds);
    return new Map(all.map((l) => [l.student_id, l.link_key]));
  }

  private shortUrl(key: string): string {
    return `${this.deps.appUrl}/a/${key}`;
  }
}
