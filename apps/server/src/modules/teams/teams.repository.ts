import type { Insertable, Kysely } from 'kysely';
import type { Database, InvitationsTable, ModeratorsTable } from '../../db/schema';

export class TeamsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  teachersOf(adminAccountId: string) {
    return this.db
      .selectFrom('admin_teachers')
      .innerJoin('accounts', 'accounts.id', 'admin_teachers.teacher_account_id')
      .innerJoin('users', 'users.id', 'accounts.owner_user_id')
      .select(['accounts.id', 'users.id as user_id', 'users.name', 'users.email', 'users.phone'])
      .where('admin_teachers.admin_account_id', '=', adminAccountId)
      .orderBy('admin_teachers.position')
      .execute();
  }

  assistantsOf(accountId: string) {
    return this.db
      .selectFrom('moderators')
      .innerJoin('users', 'users.id', 'moderators.user_id')
      .leftJoin('classrooms', 'classrooms.id', 'moderators.classroom_id')
      .select([
        'moderators.id',
        'users.id as user_id',
        'users.name',
        'users.email',
        'users.phone',
        'classrooms.name as classroom_name',
        'moderators.manage_students',
        'moderators.modify_custom_id',
        'moderators.send_sms',
        'moderators.collect_payments',
      ])
      .where('moderators.account_id', '=', accountId)
      .where('moderators.status', '=', 'accepted')
      .orderBy('users.name')
      .execute();
  }

  private invitationsQuery() {
    return this.db
      .selectFrom('invitations')
      .innerJoin('accounts', 'accounts.id', 'invitations.account_id')
      .innerJoin('users', 'users.id', 'invitations.invited_by')
      .leftJoin('classrooms', 'classrooms.id', 'invitations.classroom_id')
      .selectAll('invitations')
      .select(['accounts.institution', 'users.name as invited_by_name', 'classrooms.name as classroom_name']);
  }

  pendingInvitationsOf(accountId: string, now: number) {
    return this.invitationsQuery()
      .where('invitations.account_id', '=', accountId)
      .where('invitations.status', '=', 'pending')
      .where('invitations.expires_at', '>', now)
      .orderBy('invitations.created_at', 'desc')
      .execute();
  }

  async pendingInvitationsFor(invitee: { email: string | null; phone: string | null }, now: number) {
    if (!invitee.email && !invitee.phone) return [];
    return this.invitationsQuery()
      .where((eb) =>
        eb.or([
          ...(invitee.email ? [eb('invitations.invitee_email', '=', invitee.email)] : []),
          ...(invitee.phone ? [eb('invitations.invitee_phone', '=', invitee.phone)] : []),
        ]),
      )
      .where('invitations.status', '=', 'pending')
      .where('invitations.expires_at', '>', now)
      .orderBy('invitations.created_at', 'desc')
      .execute();
  }

  findInvitation(id: string) {
    return this.db.selectFrom('invitations').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insertInvitation(row: Insertable<InvitationsTable>): Promise<void> {
    await this.db.insertInto('invitations').values(row).execute();
  }

  /** Closes a pending invitation; false when it was no longer pending. */
  async respond(
    id: string,
    status: 'accepted' | 'declined' | 'revoked',
    userId: string | null,
    now: number,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('invitations')
      .set({ status, responded_at: now, responded_by: userId })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  adminOf(teacherAccountId: string) {
    return this.db
      .selectFrom('admin_teachers')
      .select('admin_account_id')
      .where('teacher_account_id', '=', teacherAccountId)
      .executeTakeFirst();
  }

  async addTeacher(adminAccountId: string, teacherAccountId: string, now: number): Promise<void> {
    const last = await this.db
      .selectFrom('admin_teachers')
      .select((eb) => eb.fn.max('position').as('p'))
      .where('admin_account_id', '=', adminAccountId)
      .executeTakeFirst();
    await this.db
      .insertInto('admin_teachers')
      .values({
        admin_account_id: adminAccountId,
        teacher_account_id: teacherAccountId,
        position: Number(last?.p ?? -1) + 1,
        created_at: now,
      })
      .execute();
  }

  /** The account's assistants (one per person, blocked ones too) and its open assistant invitations. */
  async assistantSeats(accountId: string, now: number) {
    const users = await this.db
      .selectFrom('moderators as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['u.id', 'u.email', 'u.phone'])
      .distinct()
      .where('m.account_id', '=', accountId)
      .execute();
    const open = await this.db
      .selectFrom('invitations')
      .select(['invitee_email', 'invitee_phone'])
      .where('account_id', '=', accountId)
      .where('kind', '=', 'assistant')
      .where('status', '=', 'pending')
      .where('expires_at', '>', now)
      .execute();
    // An invitation to someone already assisting, or a second one to the same person, takes no seat.
    const seen = new Set<string>();
    const pending = open.filter((p) => {
      const who = p.invitee_email ?? p.invitee_phone ?? '';
      const known = users.some(
        (u) => (u.email && u.email === p.invitee_email) || (u.phone && u.phone === p.invitee_phone),
      );
      if (known || seen.has(who)) return false;
      seen.add(who);
      return true;
    });
    return { users, pending };
  }

  findGrant(accountId: string, userId: string, classroomId: string | null) {
    let query = this.db
      .selectFrom('moderators')
      .select('id')
      .where('account_id', '=', accountId)
      .where('user_id', '=', userId);
    query =
      classroomId === null
        ? query.where('classroom_id', 'is', null)
        : query.where('classroom_id', '=', classroomId);
    return query.executeTakeFirst();
  }

  async insertGrant(row: Insertable<ModeratorsTable>): Promise<void> {
    await this.db.insertInto('moderators').values(row).execute();
  }

  /** Removes an assistant grant of this account; false when there was none. */
  async deleteGrant(accountId: string, grantId: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('moderators')
      .where('id', '=', grantId)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  classroomOf(accountId: string, classroomId: string) {
    return this.db
      .selectFrom('classrooms')
      .select('id')
      .where('id', '=', classroomId)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
  }
}
