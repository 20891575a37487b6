import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** The relationships that decide what a user may see: ownership, admin teams, assistant grants. */
export class AccessRepository {
  constructor(private readonly db: Kysely<Database>) {}

  ownAccount(userId: string) {
    return this.db
      .selectFrom('accounts')
      .select(['id', 'kind'])
      .where('owner_user_id', '=', userId)
      .executeTakeFirst();
  }

  /** Teacher accounts an admin account manages, in the admin's order. */
  teachersOfAdmin(adminAccountId: string) {
    return this.db
      .selectFrom('admin_teachers')
      .select('teacher_account_id')
      .where('admin_account_id', '=', adminAccountId)
      .orderBy('position')
      .execute();
  }

  /** Accepted grants, blocked ones included: a blocked classroom grant hides that classroom. */
  acceptedGrants(userId: string) {
    return this.db
      .selectFrom('moderators')
      .select(['account_id', 'classroom_id', 'manage_students', 'modify_custom_id', 'blocked'])
      .where('user_id', '=', userId)
      .where('status', '=', 'accepted')
      .execute();
  }

  classroomIdsOf(accountId: string) {
    return this.db.selectFrom('classrooms').select('id').where('account_id', '=', accountId).execute();
  }
}
