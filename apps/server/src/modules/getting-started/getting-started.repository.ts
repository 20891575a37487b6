import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * What the first-run checklist reads: whether the account has each kind of thing (one cheap
 * `exists` per step, never a count of everything) and the checklist's own row.
 */
export class GettingStartedRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** One row of booleans (as 0/1 on both databases): each step's evidence in the account. */
  evidence(accountId: string) {
    const db = this.db;
    return db
      .selectFrom('accounts')
      .where('accounts.id', '=', accountId)
      .select((eb) => [
        eb
          .exists(db.selectFrom('classrooms').select('id').where('account_id', '=', accountId))
          .as('classroom'),
        eb
          .exists(
            db
              .selectFrom('students')
              .select('id')
              .where('account_id', '=', accountId)
              .where('archived_at', 'is', null),
          )
          .as('students'),
        eb
          .exists(
            db
              .selectFrom('classrooms')
              .select('id')
              .where('account_id', '=', accountId)
              .where('tuition_fee', '>', 0),
          )
          .as('fee'),
        eb
          .or([
            eb.exists(db.selectFrom('sms_sends').select('id').where('account_id', '=', accountId)),
            eb.exists(db.selectFrom('sms_templates').select('id').where('account_id', '=', accountId)),
          ])
          .as('sms'),
        eb
          .exists(db.selectFrom('admission_applications').select('id').where('account_id', '=', accountId))
          .as('application'),
        eb
          .exists(
            db
              .selectFrom('attendance_devices')
              .select('id')
              .where('account_id', '=', accountId)
              .where('revoked_at', 'is', null),
          )
          .as('kiosk'),
      ])
      .executeTakeFirst();
  }

  state(accountId: string) {
    return this.db
      .selectFrom('getting_started')
      .select(['dismissed_at', 'admission_link_opened_at'])
      .where('account_id', '=', accountId)
      .executeTakeFirst();
  }

  async mark(
    accountId: string,
    change: { dismissed_at?: number; admission_link_opened_at?: number },
    now: number,
  ): Promise<void> {
    await this.db
      .insertInto('getting_started')
      .values({
        account_id: accountId,
        dismissed_at: change.dismissed_at ?? null,
        admission_link_opened_at: change.admission_link_opened_at ?? null,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('account_id').doUpdateSet({ ...change, updated_at: now }))
      .execute();
  }
}
