import { HIDDEN_FROM_STUDENTS_TYPES } from '@batchwise/domain';
import type { Kysely } from 'kysely';
import { caseless } from '../../db/order';
import type { Database } from '../../db/schema';

export class SessionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  accountsWithOwners(ids: readonly string[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('accounts')
      .innerJoin('users', 'users.id', 'accounts.owner_user_id')
      .select([
        'accounts.id',
        'accounts.kind',
        'accounts.institution',
        'accounts.app_mode',
        'accounts.preferences',
        'accounts.logo_key',
        'accounts.sms_quota',
        'accounts.sms_rate_paisa',
        'accounts.sms_shared_from',
        'users.name as owner_name',
      ])
      .where('accounts.id', 'in', ids)
      .execute();
  }

  async hasPendingInvitation(
    user: { email: string | null; phone: string | null },
    now: number,
  ): Promise<boolean> {
    if (!user.email && !user.phone) return false;
    const row = await this.db
      .selectFrom('invitations')
      .select('id')
      .where((eb) =>
        eb.or([
          ...(user.email ? [eb('invitee_email', '=', user.email)] : []),
          ...(user.phone ? [eb('invitee_phone', '=', user.phone)] : []),
        ]),
      )
      .where('status', '=', 'pending')
      .where('expires_at', '>', now)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  tools(accountIds: readonly string[]) {
    if (accountIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('account_tools')
      .select(['tool_key', 'route', 'expires_at'])
      .where('account_id', 'in', accountIds)
      .orderBy('installed_at')
      .execute();
  }

  /** Student records with their accepted classes, hiding the class types students never see. */
  async studentsWithClasses(filter: { userId: string } | { parentPhone: string }) {
    let query = this.db
      .selectFrom('students')
      .innerJoin('accounts', 'accounts.id', 'students.account_id')
      .select([
        'students.id',
        'students.account_id',
        'students.name',
        'students.custom_id',
        'accounts.institution',
      ]);
    query =
      'userId' in filter
        ? query.where('students.user_id', '=', filter.userId)
        : query.where('students.id', 'in', (eb) =>
            eb.selectFrom('parent_links').select('student_id').where('parent_phone', '=', filter.parentPhone),
          );
    const students = await query.orderBy(caseless('students.name')).orderBy('students.name').execute();
    if (students.length === 0) return [];
    const classes = await this.db
      .selectFrom('enrolments')
      .innerJoin('classrooms', 'classrooms.id', 'enrolments.classroom_id')
      .innerJoin('accounts', 'accounts.id', 'classrooms.account_id')
      .innerJoin('users', 'users.id', 'accounts.owner_user_id')
      .select([
        'enrolments.student_id',
        'enrolments.accepted_at',
        'classrooms.id as classroom_id',
        'classrooms.name',
        'classrooms.grade',
        'classrooms.subject',
        'accounts.institution',
        'users.name as teacher_name',
      ])
      .where(
        'enrolments.student_id',
        'in',
        students.map((s) => s.id),
      )
      .where('enrolments.accepted_at', 'is not', null)
      .where('classrooms.type', 'not in', [...HIDDEN_FROM_STUDENTS_TYPES])
      .where('classrooms.closed_at', 'is', null)
      .orderBy(caseless('classrooms.name'))
      .orderBy('classrooms.name')
      .execute();
    return students.map((s) => ({ ...s, classes: classes.filter((c) => c.student_id === s.id) }));
  }
}
