import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { FirebaseImportRunsTable } from '../../db/schema-firebase-import';
import { newId } from '../../lib/ids';
import type { Outcome } from './import-report';

type Row = Record<string, unknown>;
type Table = keyof Database & string;

/** Equal as stored: PostgreSQL may hand a bigint back as text, SQLite a flag as a number. */
function same(a: unknown, b: unknown): boolean {
  return (a ?? null) === null ? (b ?? null) === null : String(a) === String(b);
}

/**
 * The import's only SQL. Every write goes through sync: a row is created once, and on a rerun
 * compared column by column and updated only where the export says something else, so a second
 * run of the same export changes nothing.
 */
export class FirebaseImportRepository {
  // Generic over the tables the import writes: one compare-and-write for all of them.
  // biome-ignore lint/suspicious/noExplicitAny: the table is a parameter
  private readonly any: Kysely<any>;

  constructor(private readonly db: Kysely<Database>) {
    this.any = db;
  }

  async ourId(kind: string, firebaseKey: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('firebase_import_keys')
      .select('our_id')
      .where('kind', '=', kind)
      .where('firebase_key', '=', firebaseKey)
      .executeTakeFirst();
    return row?.our_id;
  }

  /**
   * The row a Firebase record became, written: created (with a new id and `createOnly`) the
   * first time, and on later runs updated where `values` differ. A row deleted here since is
   * created again.
   */
  async syncKeyed(
    table: Table,
    kind: string,
    firebaseKey: string,
    values: Row,
    createOnly: Row,
    now: number,
  ): Promise<{ id: string; outcome: Outcome }> {
    const known = await this.ourId(kind, firebaseKey);
    if (known) {
      const outcome = await this.syncWhere(table, { id: known }, values, createOnly);
      return { id: known, outcome };
    }
    const id = newId(now);
    await this.any
      .insertInto(table)
      .values({ id, ...createOnly, ...values })
      .execute();
    await this.db
      .insertInto('firebase_import_keys')
      .values({ kind, firebase_key: firebaseKey, our_id: id, imported_at: now })
      .execute();
    return { id, outcome: 'created' };
  }

  /** The row identified by `where` (its natural key), created or brought to `values`. */
  async syncWhere(table: Table, where: Row, values: Row, createOnly: Row): Promise<Outcome> {
    let query = this.any.selectFrom(table).selectAll();
    for (const [column, value] of Object.entries(where)) query = query.where(column, '=', value);
    const existing = (await query.executeTakeFirst()) as Row | undefined;
    if (!existing) {
      await this.any
        .insertInto(table)
        .values({ ...createOnly, ...where, ...values })
        .execute();
      return 'created';
    }
    const changed = Object.fromEntries(Object.entries(values).filter(([k, v]) => !same(existing[k], v)));
    if (Object.keys(changed).length === 0) return 'unchanged';
    // A row that keeps when it changed (createOnly carries the run's time as updated_at) says so.
    if ('updated_at' in existing && 'updated_at' in createOnly) changed.updated_at = createOnly.updated_at;
    let update = this.any.updateTable(table).set(changed);
    for (const [column, value] of Object.entries(where)) update = update.where(column, '=', value);
    await update.execute();
    return 'updated';
  }

  /** Another user (not this import's) already holding the e-mail or phone. */
  async userClash(email: string | null, phone: string | null, ownId: string | undefined) {
    if (!email && !phone) return undefined;
    return this.db
      .selectFrom('users')
      .select(['id', 'email', 'phone'])
      .where((eb) =>
        eb.or([...(email ? [eb('email', '=', email)] : []), ...(phone ? [eb('phone', '=', phone)] : [])]),
      )
      .$if(ownId !== undefined, (q) => q.where('id', '!=', ownId!))
      .executeTakeFirst();
  }

  /** The account's SMS quota brought to `quota`, the difference written to the quota ledger. */
  async setSmsQuota(accountId: string, quota: number, opening: boolean, now: number): Promise<Outcome> {
    const account = await this.db
      .selectFrom('accounts')
      .select('sms_quota')
      .where('id', '=', accountId)
      .executeTakeFirstOrThrow();
    const delta = quota - Number(account.sms_quota);
    if (delta === 0 && !opening) return 'unchanged';
    await this.db.updateTable('accounts').set({ sms_quota: quota }).where('id', '=', accountId).execute();
    await this.db
      .insertInto('sms_ledger')
      .values({
        id: newId(now),
        account_id: accountId,
        delta,
        balance_after: quota,
        reason: opening ? 'opening' : 'correction',
        send_id: null,
        actor_user_id: null,
        note: 'Firebase import',
        created_at: now,
      })
      .execute();
    return opening ? 'created' : 'updated';
  }

  async passwordHash(userId: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', userId)
      .executeTakeFirst();
    return row?.password_hash ?? null;
  }

  studentsByPhone(phone: string) {
    return this.db.selectFrom('students').select(['id', 'account_id']).where('phone', '=', phone).execute();
  }

  async hasEnrolments(studentId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('enrolments')
      .select('id')
      .where('student_id', '=', studentId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async fieldNames(accountId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('student_fields')
      .select('name')
      .where('account_id', '=', accountId)
      .orderBy('position')
      .execute();
    return rows.map((row) => row.name);
  }

  async saveRun(row: Insertable<FirebaseImportRunsTable>): Promise<void> {
    await this.db.insertInto('firebase_import_runs').values(row).execute();
  }
}
