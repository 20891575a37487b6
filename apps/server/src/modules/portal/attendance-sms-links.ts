import crypto from 'node:crypto';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { settingsOf } from './portal.policy';
import { PortalRepository } from './portal.repository';

/** 128 random bits: unguessable, and short enough for an SMS (`/a/{key}`), like `/rc/{key}`. */
const newLinkKey = () => crypto.randomBytes(16).toString('base64url');

/**
 * The keys of children's attendance links (`/a/{key}`), one per student, made on first use and
 * kept (like a pay link's) so every attendance SMS carries the same link. The attendance alerts
 * ask `forSms`, which answers only for classrooms whose portal settings put the link in SMS.
 */
export class AttendanceLinkKeys {
  constructor(private readonly deps: { db: Db; clock: Clock; appUrl: string }) {}

  /** Short links of these students for an SMS of the classroom; none while its setting is off. */
  async forSms(accountId: string, classroomId: string, studentIds: readonly string[]) {
    const [row] = await new PortalRepository(this.deps.db.kysely).settings([classroomId]);
    if (!settingsOf(row).attendanceLinkInSms) return new Map<string, string>();
    return this.shortLinks(accountId, studentIds);
  }

  async shortLinks(accountId: string, studentIds: readonly string[]): Promise<Map<string, string>> {
    const keys = await this.ensure(accountId, studentIds);
    return new Map([...keys].map(([id, key]) => [id, this.shortUrl(key)]));
  }

  /** The students' keys, made for those who have none yet. */
  async ensure(accountId: string, studentIds: readonly string[]): Promise<Map<string, string>> {
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

  shortUrl(key: string): string {
    return `${this.deps.appUrl}/a/${key}`;
  }
}
