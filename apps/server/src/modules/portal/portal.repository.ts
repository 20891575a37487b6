import type { Insertable, Kysely } from 'kysely';
import { caseless } from '../../db/order';
import type { Database } from '../../db/schema';
import type { PortalClassroomSettingsTable, PortalProfilesTable } from '../../db/schema-portal';

/** Whose children a family member reads: a parent by their verified phone, a student by sign-in. */
export type FamilyFilter = { parentPhone: string } | { userId: string } | { nobody: true };

/** The family portal's own tables, and which student records a family member may read. */
export class PortalRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * The records a family member may read. A parent's come from the parent links (indexed by phone)
   * and must still list the phone as parent 1 or 2: a phone taken off a record loses it at once.
   */
  async children(filter: FamilyFilter, studentId?: string) {
    if ('nobody' in filter) return [];
    let query = this.db
      .selectFrom('students as s')
      .innerJoin('accounts as a', 'a.id', 's.account_id')
      .select([
        's.id',
        's.account_id',
        's.name',
        's.custom_id',
        's.avatar_key',
        's.phone',
        'a.institution',
        'a.logo_key',
      ]);
    if ('userId' in filter) query = query.where('s.user_id', '=', filter.userId);
    else {
      const phone = filter.parentPhone;
      query = query
        .where('s.id', 'in', (eb) =>
          eb.selectFrom('parent_links').select('student_id').where('parent_phone', '=', phone),
        )
        .where((eb) => eb.or([eb('s.parent1_phone', '=', phone), eb('s.parent2_phone', '=', phone)]));
    }
    if (studentId) query = query.where('s.id', '=', studentId);
    return await query.orderBy(caseless('s.name')).orderBy('s.name').orderBy('s.id').execute();
  }

  settings(classroomIds: readonly string[]) {
    if (classroomIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('portal_classroom_settings')
      .selectAll()
      .where('classroom_id', 'in', classroomIds)
      .execute();
  }

  async saveSettings(row: Insertable<PortalClassroomSettingsTable>): Promise<void> {
    const { classroom_id: _key, ...changes } = row;
    await this.db
      .insertInto('portal_classroom_settings')
      .values(row)
      .onConflict((oc) => oc.column('classroom_id').doUpdateSet(changes))
      .execute();
  }

  classroom(accountId: string, classroomId: string) {
    return this.db
      .selectFrom('classrooms')
      .select(['id', 'account_id', 'name'])
      .where('id', '=', classroomId)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
  }

  profile(userId: string) {
    return this.db.selectFrom('portal_profiles').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }

  async saveProfile(row: Insertable<PortalProfilesTable>): Promise<void> {
    const { user_id: _key, ...changes } = row;
    await this.db
      .insertInto('portal_profiles')
      .values(row)
      .onConflict((oc) => oc.column('user_id').doUpdateSet(changes))
      .execute();
  }

  /** The live sessions of a user, most recently used first. */
  sessions(userId: string, now: number) {
    return this.db
      .selectFrom('sessions')
      .select(['id', 'user_agent', 'created_at', 'last_seen_at'])
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .where('impersonator_id', 'is', null)
      .orderBy('last_seen_at', 'desc')
      .execute();
  }

  // ── attendance links (/a/{key}) ──

  attendanceLinks(studentIds: readonly string[]) {
    if (studentIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('attendance_links')
      .select(['student_id', 'link_key'])
      .where('student_id', 'in', studentIds)
      .execute();
  }

  async insertAttendanceLink(row: {
    student_id: string;
    account_id: string;
    link_key: string;
    created_at: number;
  }): Promise<void> {
    // Two makers at once: the first key stays (the caller reads it back).
    await this.db
      .insertInto('attendance_links')
      .values({ ...row, last_opened_at: null })
      .onConflict((oc) => oc.column('student_id').doNothing())
      .execute();
  }

  attendanceLinkByKey(key: string) {
    return this.db
      .selectFrom('attendance_links as l')
      .innerJoin('students as s', 's.id', 'l.student_id')
      .innerJoin('accounts as a', 'a.id', 's.account_id')
      .select(['l.student_id', 's.account_id', 'a.institution', 'a.logo_key'])
      .where('l.link_key', '=', key)
      .whereRef('l.account_id', '=', 's.account_id')
      .executeTakeFirst();
  }

  async touchAttendanceLink(studentId: string, now: number): Promise<void> {
    await this.db
      .updateTable('attendance_links')
      .set({ last_opened_at: now })
      .where('student_id', '=', studentId)
      .execute();
  }

  /** When this user last opened each of these children's Messages. */
  async messagesReadAt(userId: string, studentIds: readonly string[]): Promise<Map<string, number>> {
    if (studentIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('portal_message_reads')
      .select(['student_id', 'read_at'])
      .where('user_id', '=', userId)
      .where('student_id', 'in', studentIds)
      .execute();
    return new Map(rows.map((r) => [r.student_id, Number(r.read_at)]));
  }

  async markMessagesRead(userId: string, studentId: string, now: number): Promise<void> {
    await this.db
      .insertInto('portal_message_reads')
      .values({ user_id: userId, student_id: studentId, read_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'student_id']).doUpdateSet({ read_at: now }))
      .execute();
  }
}
