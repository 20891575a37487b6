import { ATTENDANCE_LINK_PAGE, type BillingMonth, type PublicAttendance } from '@batchwise/domain';
import type { Db } from '../../db/database';
import type { Principal } from '../../lib/access';
import type { Clock } from '../../lib/clock';
import { failure } from '../../lib/errors';
import type { AccessPolicy } from '../access/access.policy';
import { pictureUrl } from '../media/images';
import { loadStudent, mayEdit } from '../students/student-context';
import type { AttendanceLinkKeys } from './attendance-sms-links';
import { PortalRepository } from './portal.repository';
import type { PortalService } from './portal.service';

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
      keys: AttendanceLinkKeys;
      appUrl: string;
    },
  ) {}

  /**
   * Making a link writes a key that opens the child's month to anyone holding it, so it takes
   * the same right as the student's auto-login link: editing the student (a view-only
   * assistant may read the month but not hand it out).
   */
  async issue(principal: Principal, accountId: string, studentId: string) {
    const ctx = await loadStudent(this.deps.db.kysely, this.deps.access, principal, accountId, studentId);
    if (!mayEdit(ctx))
      throw failure(403, 'MANAGE_STUDENTS_REQUIRED', { batch: ctx.enrolments[0]?.classroom_name ?? '-' });
    const key = (await this.deps.keys.ensure(accountId, [studentId])).get(studentId)!;
    return { url: `${this.deps.appUrl}${attendanceLinkPath(key)}`, shortUrl: this.deps.keys.shortUrl(key) };
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
}
