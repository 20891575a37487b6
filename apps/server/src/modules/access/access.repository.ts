import type { Kysely } from 'kysely';
import { preparedQuery } from '../../db/prepared-query';
import type { Database } from '../../db/schema';

/**
 * The relationships that decide what a user may see: ownership, admin teams, assistant grants.
 * Read on every signed-in request, so the queries are prepared (db/prepared-query.ts).
 */
export class AccessRepository {
  private readonly own;
  private readonly teachers;
  private readonly grants;

  constructor(private readonly db: Kysely<Database>) {
    this.own = preparedQuery(db, ['userId'], ({ userId }) =>
      db.selectFrom('accounts').select(['id', 'kind']).where('owner_user_id', '=', userId),
    );
    this.teachers = preparedQuery(db, ['adminAccountId'], ({ adminAccountId }) =>
      db
        .selectFrom('admin_teachers')
        .select('teacher_account_id')
        .where('admin_account_id', '=', adminAccountId)
        .orderBy('position'),
    );
    this.grants = preparedQuery(db, ['userId'], ({ userId }) =>
      db
        .selectFrom('moderators')
        .select([
          'account_id',
          'classroom_id',
          'manage_students',
          'modify_custom_id',
          'send_sms',
          'collect_payments',
          'blocked',
        ])
        .where('user_id', '=', userId)
        .where('status', '=', 'accepted'),
    );
  }

  async ownAccount(userId: string) {
    return (await this.own({ userId }))[0];
  }

  /** Teacher accounts an admin account manages, in the admin's order. */
  teachersOfAdmin(adminAccountId: string) {
    return this.teachers({ adminAccountId });
  }

  /** Accepted grants, blocked ones included: a blocked classroom grant hides that classroom. */
  acceptedGrants(userId: string) {
    return this.grants({ userId });
  }

  classroomIdsOf(accountId: string) {
    return this.db.selectFrom('classrooms').select('id').where('account_id', '=', accountId).execute();
  }
}
