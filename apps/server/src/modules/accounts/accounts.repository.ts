import type { Insertable, Kysely, Updateable } from 'kysely';
import type { AccountRow, AccountsTable, AccountToolsTable, Database } from '../../db/schema';
import { newId } from '../../lib/ids';

export class AccountsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** A new account, its SMS quota (the sign-up grant) written to the quota ledger as it starts. */
  async open(row: Insertable<AccountsTable>): Promise<void> {
    await this.db.insertInto('accounts').values(row).execute();
    if (row.sms_quota <= 0) return;
    await this.db
      .insertInto('sms_ledger')
      .values({
        id: newId(row.created_at),
        account_id: row.id,
        delta: row.sms_quota,
        balance_after: row.sms_quota,
        reason: 'signup-grant',
        send_id: null,
        actor_user_id: null,
        note: null,
        created_at: row.created_at,
      })
      .execute();
  }

  findById(id: string): Promise<AccountRow | undefined> {
    return this.db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByOwner(userId: string): Promise<AccountRow | undefined> {
    return this.db.selectFrom('accounts').selectAll().where('owner_user_id', '=', userId).executeTakeFirst();
  }

  findByReferralCode(code: string): Promise<Pick<AccountRow, 'id'> | undefined> {
    return this.db.selectFrom('accounts').select('id').where('referral_code', '=', code).executeTakeFirst();
  }

  findWithOwner(id: string) {
    return this.db
      .selectFrom('accounts')
      .innerJoin('users', 'users.id', 'accounts.owner_user_id')
      .select(['accounts.institution', 'accounts.sms_quota', 'users.name as owner_name'])
      .where('accounts.id', '=', id)
      .executeTakeFirst();
  }

  async update(id: string, changes: Updateable<AccountsTable>): Promise<void> {
    await this.db.updateTable('accounts').set(changes).where('id', '=', id).execute();
  }

  /**
   * Sets one key of the account's settings JSON and keeps the others. The row is written first,
   * which holds it until the transaction ends (a row lock on PostgreSQL; SQLite writes one
   * transaction at a time), so two saves of different keys at the same moment both land. Run it
   * in a transaction; false when there is no such account.
   */
  async setSetting(id: string, key: string, value: unknown): Promise<boolean> {
    const held = await this.db
      .updateTable('accounts')
      .set((eb) => ({ settings: eb.ref('settings') }))
      .where('id', '=', id)
      .executeTakeFirst();
    if (Number(held.numUpdatedRows) === 0) return false;
    const row = await this.db
      .selectFrom('accounts')
      .select('settings')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const settings = { ...(JSON.parse(row.settings) as object), [key]: value };
    await this.update(id, { settings: JSON.stringify(settings) });
    return true;
  }

  /**
   * Open classrooms, students and accepted assistants; limited to some classrooms for assistants.
   * `students` is what the Students list holds (every student of the account; an assistant's list
   * is the students of their classrooms), `inClassrooms` those accepted in an open classroom, so
   * the dashboard can say both and match the list.
   */
  async counts(accountId: string, classroomIds?: readonly string[]) {
    let classrooms = this.db
      .selectFrom('classrooms')
      .select('id')
      .where('account_id', '=', accountId)
      .where('closed_at', 'is', null);
    if (classroomIds) classrooms = classrooms.where('id', 'in', classroomIds.length ? classroomIds : ['']);
    const inClassrooms = this.db
      .selectFrom('enrolments')
      .select((eb) => eb.fn.count<number>('enrolments.student_id').distinct().as('n'))
      .where('classroom_id', 'in', classrooms)
      .where('accepted_at', 'is not', null);
    const [c, s, a, all] = await Promise.all([
      this.db
        .selectFrom(classrooms.as('c'))
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
      inClassrooms.executeTakeFirstOrThrow(),
      this.db
        .selectFrom('moderators')
        .select((eb) => eb.fn.count<number>('user_id').distinct().as('n'))
        .where('account_id', '=', accountId)
        .where('status', '=', 'accepted')
        .executeTakeFirstOrThrow(),
      classroomIds
        ? inClassrooms.executeTakeFirstOrThrow()
        : this.db
            .selectFrom('students')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('account_id', '=', accountId)
            .executeTakeFirstOrThrow(),
    ]);
    return {
      classrooms: Number(c.n),
      students: Number(all.n),
      inClassrooms: Number(s.n),
      assistants: Number(a.n),
    };
  }

  async installTool(row: Insertable<AccountToolsTable>): Promise<void> {
    await this.db.insertInto('account_tools').values(row).execute();
  }
}
