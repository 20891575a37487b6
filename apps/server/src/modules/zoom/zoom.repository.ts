import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema';
import type { ZoomMeetingsTable } from '../../db/schema-zoom';

export type ZoomMeetingRow = Selectable<ZoomMeetingsTable>;

/** The only SQL of online classes through Zoom. */
export class ZoomRepository {
  constructor(private readonly db: Kysely<Database>) {}

  connection(accountId: string) {
    return this.db
      .selectFrom('zoom_connections')
      .selectAll()
      .where('account_id', '=', accountId)
      .executeTakeFirst();
  }

  async saveConnection(row: Insertable<Database['zoom_connections']>): Promise<void> {
    await this.db
      .insertInto('zoom_connections')
      .values(row)
      .onConflict((oc) =>
        oc.column('account_id').doUpdateSet({
          sealed_tokens: row.sealed_tokens,
          access_expires_at: row.access_expires_at,
          scope: row.scope,
          zoom_email: row.zoom_email,
          connected_by: row.connected_by,
          connected_at: row.connected_at,
          refreshed_at: null,
        }),
      )
      .execute();
  }

  /** The tokens after a refresh (the refresh token rotates with them). */
  async saveRefresh(accountId: string, sealed: string, expiresAt: number, now: number): Promise<void> {
    await this.db
      .updateTable('zoom_connections')
      .set({ sealed_tokens: sealed, access_expires_at: expiresAt, refreshed_at: now })
      .where('account_id', '=', accountId)
      .execute();
  }

  async removeConnection(accountId: string): Promise<void> {
    await this.db.deleteFrom('zoom_connections').where('account_id', '=', accountId).execute();
  }

  async addState(row: Insertable<Database['zoom_oauth_states']>, now: number): Promise<void> {
    await this.db.deleteFrom('zoom_oauth_states').where('expires_at', '<', now).execute();
    await this.db.insertInto('zoom_oauth_states').values(row).execute();
  }

  /** Spends a state: it is found (and removed) once. */
  async takeState(stateHash: string) {
    const row = await this.db
      .selectFrom('zoom_oauth_states')
      .selectAll()
      .where('state_hash', '=', stateHash)
      .executeTakeFirst();
    if (row) await this.db.deleteFrom('zoom_oauth_states').where('state_hash', '=', stateHash).execute();
    return row;
  }

  meetings(classroomId: string) {
    return this.db
      .selectFrom('zoom_meetings')
      .selectAll()
      .where('classroom_id', '=', classroomId)
      .orderBy('date', 'desc')
      .orderBy('start', 'desc')
      .execute();
  }

  meeting(accountId: string, id: string) {
    return this.db
      .selectFrom('zoom_meetings')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  meetingByZoomId(zoomId: string) {
    return this.db.selectFrom('zoom_meetings').selectAll().where('zoom_id', '=', zoomId).executeTakeFirst();
  }

  meetingOfClass(classroomId: string, date: string, start: string) {
    return this.db
      .selectFrom('zoom_meetings')
      .selectAll()
      .where('classroom_id', '=', classroomId)
      .where('date', '=', date)
      .where('start', '=', start)
      .executeTakeFirst();
  }

  async addMeeting(row: Insertable<ZoomMeetingsTable>): Promise<void> {
    await this.db.insertInto('zoom_meetings').values(row).execute();
  }

  async setSmsSend(id: string, sendId: string): Promise<void> {
    await this.db.updateTable('zoom_meetings').set({ sms_send_id: sendId }).where('id', '=', id).execute();
  }

  async setAttendanceAt(id: string, at: number): Promise<void> {
    await this.db.updateTable('zoom_meetings').set({ attendance_at: at }).where('id', '=', id).execute();
  }

  async addLinks(rows: readonly Insertable<Database['zoom_join_links']>[]): Promise<void> {
    if (rows.length > 0)
      await this.db
        .insertInto('zoom_join_links')
        .values([...rows])
        .execute();
  }

  /** The classroom's own link (student null) of each of these meetings. */
  classroomLinks(meetingIds: readonly string[]) {
    if (meetingIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('zoom_join_links')
      .select(['code', 'meeting_id'])
      .where('meeting_id', 'in', meetingIds)
      .where('student_id', 'is', null)
      .execute();
  }

  /** A join link with its meeting and, for a personal link, the student's name. */
  link(code: string) {
    return this.db
      .selectFrom('zoom_join_links as l')
      .innerJoin('zoom_meetings as m', 'm.id', 'l.meeting_id')
      .leftJoin('students as s', 's.id', 'l.student_id')
      .select(['l.code', 'm.join_url', 's.name as student_name'])
      .where('l.code', '=', code)
      .executeTakeFirst();
  }

  async useLink(code: string, now: number): Promise<void> {
    await this.db.updateTable('zoom_join_links').set({ used_at: now }).where('code', '=', code).execute();
  }

  /** A child's meetings from this date on, with the child's own link. */
  childMeetings(studentId: string, fromDate: string) {
    return this.db
      .selectFrom('zoom_join_links as l')
      .innerJoin('zoom_meetings as m', 'm.id', 'l.meeting_id')
      .innerJoin('classrooms as c', 'c.id', 'm.classroom_id')
      .select(['m.id', 'm.date', 'm.start', 'm.end', 'c.name as classroom_name', 'l.code'])
      .where('l.student_id', '=', studentId)
      .where('m.date', '>=', fromDate)
      .orderBy('m.date')
      .orderBy('m.start')
      .execute();
  }
}
