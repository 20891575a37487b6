import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Devices and activity rows an account page shows at most. */
const DEVICE_ROWS = 20;
const ACTIVITY_ROWS = 30;

/**
 * The figures of one account's page in the staff console: its owner and plan, usage, people,
 * signed-in devices and recent activity. Platform staff only (the service checks).
 */
export class AccountDetailRepository {
  constructor(private readonly db: Kysely<Database>) {}

  account(accountId: string) {
    return this.db
      .selectFrom('accounts')
      .innerJoin('users as owner', 'owner.id', 'accounts.owner_user_id')
      .select([
        'accounts.id',
        'accounts.kind',
        'accounts.institution',
        'accounts.referral_code',
        'accounts.plan_id',
        'accounts.plan_ends_at',
        'accounts.plan_discount_percent',
        'accounts.sms_quota',
        'accounts.created_at',
        'owner.id as owner_id',
        'owner.name as owner_name',
        'owner.email as owner_email',
        'owner.phone as owner_phone',
      ])
      .where('accounts.id', '=', accountId)
      .executeTakeFirst();
  }

  async usage(accountId: string) {
    const [students, classrooms, sms, payments] = await Promise.all([
      this.db
        .selectFrom('students')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('account_id', '=', accountId)
        .executeTakeFirstOrThrow(),
      this.db
        .selectFrom('classrooms')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('account_id', '=', accountId)
        .where('closed_at', 'is', null)
        .executeTakeFirstOrThrow(),
      this.db
        .selectFrom('sms_messages')
        .innerJoin('sms_sends', 'sms_sends.id', 'sms_messages.send_id')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('sms_sends.account_id', '=', accountId)
        .where('sms_messages.sent_at', 'is not', null)
        .executeTakeFirstOrThrow(),
      this.db
        .selectFrom('online_payments')
        .select((eb) => [
          eb.fn.countAll<number>().as('n'),
          eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('paisa'),
        ])
        .where('account_id', '=', accountId)
        .where('status', '=', 'paid')
        .executeTakeFirstOrThrow(),
    ]);
    return {
      students: Number(students.n),
      classrooms: Number(classrooms.n),
      smsSent: Number(sms.n),
      onlinePayments: Number(payments.n),
      onlinePaidPaisa: Number(payments.paisa),
    };
  }

  /** Admins over the account, teachers under it (an admin's) and assistants, accepted. */
  async team(accountId: string) {
    const user = ['users.id', 'users.name', 'users.email', 'users.phone'] as const;
    const [admins, teachers, assistants] = await Promise.all([
      this.db
        .selectFrom('admin_teachers')
        .innerJoin('accounts', 'accounts.id', 'admin_teachers.admin_account_id')
        .innerJoin('users', 'users.id', 'accounts.owner_user_id')
        .select(user)
        .where('admin_teachers.teacher_account_id', '=', accountId)
        .execute(),
      this.db
        .selectFrom('admin_teachers')
        .innerJoin('accounts', 'accounts.id', 'admin_teachers.teacher_account_id')
        .innerJoin('users', 'users.id', 'accounts.owner_user_id')
        .select(user)
        .where('admin_teachers.admin_account_id', '=', accountId)
        .orderBy('admin_teachers.position')
        .execute(),
      this.db
        .selectFrom('moderators')
        .innerJoin('users', 'users.id', 'moderators.user_id')
        .select(user)
        .distinct()
        .where('moderators.account_id', '=', accountId)
        .where('moderators.status', '=', 'accepted')
        .execute(),
    ]);
    return { admins, teachers, assistants };
  }

  /** The live sessions of these people, most recently seen first. */
  devices(userIds: readonly string[], now: number) {
    return this.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select(['users.name', 'sessions.user_agent', 'sessions.last_seen_at'])
      .where('sessions.user_id', 'in', userIds)
      .where('sessions.revoked_at', 'is', null)
      .where('sessions.expires_at', '>', now)
      .where('sessions.impersonator_id', 'is', null)
      .orderBy('sessions.last_seen_at', 'desc')
      .limit(DEVICE_ROWS)
      .execute();
  }

  /** The account's own log and the staff's entries about it (labels are not in the account's log). */
  activity(accountId: string) {
    return this.db
      .selectFrom('activity_log')
      .select(['id', 'event_name', 'summary', 'message_key', 'message_params', 'actor_name', 'created_at'])
      .where((eb) =>
        eb.or([
          eb('account_id', '=', accountId),
          eb.and([eb('subject_type', '=', 'account'), eb('subject_id', '=', accountId)]),
        ]),
      )
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(ACTIVITY_ROWS)
      .execute();
  }
}
