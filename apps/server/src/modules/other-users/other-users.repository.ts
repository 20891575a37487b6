import { type Insertable, type Kysely, sql, type Updateable } from 'kysely';
import type { Database } from '../../db/schema';
import type { OtherUserPunchesTable, OtherUsersTable } from '../../db/schema-other-users';

export type OtherUserRow = OtherUsersTable;

/** The SQL of other users and their entry/exit log; every query names the account. */
export class OtherUsersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  list(accountId: string): Promise<OtherUserRow[]> {
    return this.db
      .selectFrom('other_users')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('name')
      .orderBy('id')
      .execute();
  }

  async count(accountId: string): Promise<number> {
    const row = await this.db
      .selectFrom('other_users')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  byId(accountId: string, id: string): Promise<OtherUserRow | undefined> {
    return this.db
      .selectFrom('other_users')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** The account's other users holding these codes (a ZKTeco upload's PINs). */
  byCodes(accountId: string, codes: readonly number[]): Promise<OtherUserRow[]> {
    if (codes.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('other_users')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('code', 'in', codes)
      .execute();
  }

  async codeTaken(accountId: string, code: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('other_users')
      .select('id')
      .where('account_id', '=', accountId)
      .where('code', '=', code)
      .executeTakeFirst();
    return row !== undefined;
  }

  async insert(row: Insertable<OtherUsersTable>): Promise<void> {
    await this.db.insertInto('other_users').values(row).execute();
  }

  async update(accountId: string, id: string, changes: Updateable<OtherUsersTable>): Promise<boolean> {
    const result = await this.db
      .updateTable('other_users')
      .set(changes)
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Removes the person; their log goes with them (foreign key, migration 0058). */
  async remove(accountId: string, id: string): Promise<boolean> {
    await this.db
      .deleteFrom('other_user_punches')
      .where('account_id', '=', accountId)
      .where('other_user_id', '=', id)
      .execute();
    const result = await this.db
      .deleteFrom('other_users')
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** The person's latest punch before `at` on or after `since` (their day so far). */
  previousPunch(otherUserId: string, since: number, at: number) {
    return this.db
      .selectFrom('other_user_punches')
      .select(['at', 'direction'])
      .where('other_user_id', '=', otherUserId)
      .where('at', '>=', since)
      .where('at', '<', at)
      .orderBy('at', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** Stores a punch unless its device already has one with its dedupe key (then false). */
  async insertPunch(row: Insertable<OtherUserPunchesTable>): Promise<boolean> {
    const inserted = await this.db
      .insertInto('other_user_punches')
      .values(row)
      .onConflict((oc) => oc.columns(['device_id', 'dedupe_key']).doNothing())
      .returning('id')
      .execute();
    return inserted.length > 0;
  }

  /** The punch a device stored first under this dedupe key. */
  storedPunch(deviceId: string, dedupeKey: string) {
    return this.db
      .selectFrom('other_user_punches')
      .select(['id', 'other_user_id', 'direction', 'at', 'via'])
      .where('device_id', '=', deviceId)
      .where('dedupe_key', '=', dedupeKey)
      .executeTakeFirst();
  }

  /** The account's entries and exits in [from, to), newest first, with who and which device. */
  log(accountId: string, from: number, to: number) {
    return this.db
      .selectFrom('other_user_punches as p')
      .innerJoin('other_users as u', 'u.id', 'p.other_user_id')
      .leftJoin('attendance_devices as d', 'd.id', 'p.device_id')
      .select([
        'p.id',
        'p.other_user_id',
        'u.name',
        'u.role',
        'p.direction',
        'p.at',
        'p.via',
        'd.name as device_name',
      ])
      .where('p.account_id', '=', accountId)
      .where('p.at', '>=', from)
      .where('p.at', '<', to)
      .orderBy('p.at', 'desc')
      .orderBy('p.id', 'desc')
      .limit(1000)
      .execute();
  }

  /**
   * Raises the account's list version, as the students' triggers do (migration 0005): ZKTeco
   * devices compare their users with the account's on the next heartbeat (device-sync.ts).
   */
  async bumpListVersion(accountId: string): Promise<void> {
    await this.db
      .insertInto('list_versions')
      .values({ account_id: accountId, version: 1 })
      .onConflict((oc) => oc.column('account_id').doUpdateSet({ version: sql`list_versions.version + 1` }))
      .execute();
  }

  /** The institution's name, for the printed sheets. */
  async institution(accountId: string): Promise<string> {
    const row = await this.db
      .selectFrom('accounts')
      .select('institution')
      .where('id', '=', accountId)
      .executeTakeFirst();
    return row?.institution ?? '';
  }
}
