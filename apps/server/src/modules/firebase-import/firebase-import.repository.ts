import { type Insertable, type Kysely, sql } from 'kysely';
import type { DialectName } from '../../db/database';
import type { Database } from '../../db/schema';
import type { FirebaseImportRunsTable } from '../../db/schema-firebase-import';
import { newId } from '../../lib/ids';
import type { Outcome } from './import-report';

type Row = Record<string, unknown>;

/** Keys per `in (…)` read. */
const READ_CHUNK = 512;
/** Bound parameters per insert: well inside SQLite's 32,766 and PostgreSQL's 65,535. */
const MAX_PARAMETERS = 8000;

/**
 * Items cut into statements of `size`. On SQLite the rest is cut into powers of two (37 → 32, 4,
 * 1): every statement's text is one of a few per table, so the statement the driver keeps
 * prepared (db/sqlite-driver.ts) is found again instead of being prepared anew for each account's
 * count of rows. PostgreSQL parses every statement of the import anyway (their texts are too
 * long to be named, db/pg-named-statements.ts), so the rest is one statement: each statement
 * costs a round trip and a run of the table's statement triggers, several times what its parse
 * costs.
 */
function chunks<T>(items: readonly T[], size: number, fewShapes: boolean): T[][] {
  const out: T[][] = [];
  let i = 0;
  for (; items.length - i >= size; i += size) out.push(items.slice(i, i + size));
  if (!fewShapes && i < items.length) out.push(items.slice(i));
  else
    while (i < items.length) {
      const n = 2 ** Math.floor(Math.log2(items.length - i));
      out.push(items.slice(i, i + n));
      i += n;
    }
  return out;
}
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

  /** Statements of a few texts per table (SQLite's prepared statements are kept by text). */
  private readonly fewShapes: boolean;

  constructor(
    private readonly db: Kysely<Database>,
    dialect: DialectName,
  ) {
    this.any = db;
    this.fewShapes = dialect === 'sqlite';
  }

  async ourId(kind: string, firebaseKey: string): Promise<string | undefined> {
    return (await this.ourIds(kind, [firebaseKey])).get(firebaseKey);
  }

  /** Our ids of many Firebase records of one kind, by key (the ones imported before). */
  async ourIds(kind: string, firebaseKeys: readonly string[]): Promise<Map<string, string>> {
    const found = new Map<string, string>();
    for (const keys of chunks([...new Set(firebaseKeys)], READ_CHUNK, this.fewShapes)) {
      const rows = await this.db
        .selectFrom('firebase_import_keys')
        .select(['firebase_key', 'our_id'])
        .where('kind', '=', kind)
        .where('firebase_key', 'in', keys)
        .execute();
      for (const row of rows) found.set(row.firebase_key, row.our_id);
    }
    return found;
  }

  /** One Firebase record's row written (see syncKeyedMany). */
  async syncKeyed(
    table: Table,
    kind: string,
    firebaseKey: string,
    values: Row,
    createOnly: Row,
    now: number,
  ): Promise<{ id: string; outcome: Outcome }> {
    const [written] = await this.syncKeyedMany(table, kind, [{ key: firebaseKey, values, createOnly }], now);
    return written!;
  }

  /**
   * The rows Firebase records became, written: created (with a new id and `createOnly`) the first
   * time, and on later runs updated where `values` differ. A row deleted here since is created
   * again. Read and written a few hundred rows per statement: an account's students cost a
   * handful of statements, not several each.
   */
  async syncKeyedMany(
    table: Table,
    kind: string,
    items: readonly { key: string; values: Row; createOnly: Row }[],
    now: number,
  ): Promise<{ id: string; outcome: Outcome }[]> {
    const known = await this.ourIds(
      kind,
      items.map((item) => item.key),
    );
    const newKeys: Row[] = [];
    const outcomes = await this.syncMany(
      table,
      ['id'],
      items.map((item) => {
        let id = known.get(item.key);
        if (!id) {
          id = newId(now);
          known.set(item.key, id);
          newKeys.push({ kind, firebase_key: item.key, our_id: id, imported_at: now });
        }
        return { where: { id }, values: item.values, createOnly: item.createOnly };
      }),
    );
    await this.insertMany('firebase_import_keys', newKeys);
    return items.map((item, i) => ({ id: known.get(item.key)!, outcome: outcomes[i]! }));
  }

  /** The row identified by `where` (its natural key), created or brought to `values`. */
  async syncWhere(table: Table, where: Row, values: Row, createOnly: Row): Promise<Outcome> {
    const [outcome] = await this.syncMany(table, Object.keys(where), [{ where, values, createOnly }]);
    return outcome!;
  }

  /**
   * Rows identified by their natural key (the `keyColumns` of each `where`), created or brought to
   * `values`: the existing ones read in a few statements, the new ones inserted likewise, and only
   * the rows whose values differ updated one by one. A row that keeps when it changed (createOnly
   * carries the run's time as updated_at) says so.
   */
  async syncMany(
    table: Table,
    keyColumns: readonly string[],
    items: readonly { where: Row; values: Row; createOnly: Row }[],
  ): Promise<Outcome[]> {
    const identity = (row: Row) => JSON.stringify(keyColumns.map((column) => String(row[column])));
    const existing = new Map<string, Row>();
    const first = keyColumns[0]!;
    for (const values of chunks(
      [...new Set(items.map((item) => item.where[first]))],
      READ_CHUNK,
      this.fewShapes,
    )) {
      const rows = (await this.any
        .selectFrom(table)
        .selectAll()
        .where(first, 'in', values)
        .execute()) as Row[];
      for (const row of rows) existing.set(identity(row), row);
    }
    const inserts: Row[] = [];
    const outcomes: Outcome[] = [];
    for (const { where, values, createOnly } of items) {
      const key = identity(where);
      const row = existing.get(key);
      if (!row) {
        const created = { ...createOnly, ...where, ...values };
        inserts.push(created);
        existing.set(key, created);
        outcomes.push('created');
        continue;
      }
      const changed = Object.fromEntries(Object.entries(values).filter(([k, v]) => !same(row[k], v)));
      if (Object.keys(changed).length === 0) {
        outcomes.push('unchanged');
        continue;
      }
      if ('updated_at' in row && 'updated_at' in createOnly) changed.updated_at = createOnly.updated_at;
      // A row a screen edits by version (marks) moves on, so a screen holding the old one is told.
      if ('version' in row && 'version' in createOnly) changed.version = Number(row.version) + 1;
      let update = this.any.updateTable(table).set(changed);
      for (const [column, value] of Object.entries(where)) update = update.where(column, '=', value);
      await update.execute();
      Object.assign(row, changed);
      outcomes.push('updated');
    }
    await this.insertMany(table, inserts);
    return outcomes;
  }

  /** Which of these ids `table` holds. */
  async existingIds(table: Table, ids: readonly string[]): Promise<Set<string>> {
    const found = new Set<string>();
    for (const chunk of chunks([...new Set(ids)], READ_CHUNK, this.fewShapes)) {
      const rows = (await this.any.selectFrom(table).select('id').where('id', 'in', chunk).execute()) as {
        id: string;
      }[];
      for (const row of rows) found.add(row.id);
    }
    return found;
  }

  /** Rows written once and never compared again (payments: the ledger changes only by voids). */
  async insertRows(table: Table, rows: readonly Row[]): Promise<void> {
    await this.insertMany(table, rows);
  }

  /** Which of our rows these Firebase records became, remembered for the next run. */
  async rememberKeys(kind: string, keys: readonly { key: string; id: string }[], now: number): Promise<void> {
    await this.insertMany(
      'firebase_import_keys',
      keys.map(({ key, id }) => ({ kind, firebase_key: key, our_id: id, imported_at: now })),
    );
  }

  /** `count` receipt numbers of the account, in a row; the first of them. */
  async takeReceiptNumbers(accountId: string, count: number): Promise<number> {
    const row = await this.db
      .insertInto('payment_counters')
      .values({ account_id: accountId, last_receipt_no: count })
      .onConflict((oc) =>
        oc
          .column('account_id')
          .doUpdateSet({ last_receipt_no: sql`payment_counters.last_receipt_no + ${count}` }),
      )
      .returning('last_receipt_no')
      .executeTakeFirstOrThrow();
    return Number(row.last_receipt_no) - count + 1;
  }

  /** Rows of one shape inserted a chunk per statement, within both databases' parameter limits. */
  private async insertMany(table: Table, rows: readonly Row[]): Promise<void> {
    if (rows.length === 0) return;
    const perRow = Object.keys(rows[0]!).length;
    for (const chunk of chunks(rows, Math.max(1, Math.floor(MAX_PARAMETERS / perRow)), this.fewShapes))
      await this.any.insertInto(table).values(chunk).execute();
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

  /** The students holding each of these phones. */
  async studentsByPhone(phones: readonly string[]): Promise<Map<string, string[]>> {
    const found = new Map<string, string[]>();
    for (const chunk of chunks([...new Set(phones)], READ_CHUNK, this.fewShapes)) {
      const rows = await this.db
        .selectFrom('students')
        .select(['id', 'phone'])
        .where('phone', 'in', chunk)
        .execute();
      for (const row of rows) found.set(row.phone, [...(found.get(row.phone) ?? []), row.id]);
    }
    return found;
  }

  /** Which of these students are enrolled in some classroom. */
  async enrolled(studentIds: readonly string[]): Promise<Set<string>> {
    const found = new Set<string>();
    for (const chunk of chunks([...new Set(studentIds)], READ_CHUNK, this.fewShapes)) {
      const rows = await this.db
        .selectFrom('enrolments')
        .select('student_id')
        .distinct()
        .where('student_id', 'in', chunk)
        .execute();
      for (const row of rows) found.add(row.student_id);
    }
    return found;
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

  /** SQLite: the write-ahead log is copied into the database file once it holds `pages` pages. */
  async checkpointEvery(pages: number): Promise<void> {
    await sql`pragma wal_autocheckpoint = ${sql.raw(String(Math.floor(pages)))}`.execute(this.db);
  }

  /** PostgreSQL: this transaction's commit does not wait for the disk (still atomic). */
  async commitWithoutFlush(): Promise<void> {
    await sql`set local synchronous_commit = off`.execute(this.db);
  }

  /** The content hash of every record of a section as last imported. */
  async recordHashes(section: string): Promise<Map<string, string>> {
    const rows = await this.db
      .selectFrom('firebase_import_records')
      .select(['firebase_key', 'hash'])
      .where('section', '=', section)
      .execute();
    return new Map(rows.map((row) => [row.firebase_key, row.hash]));
  }

  async recordReplay(section: string, firebaseKey: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('firebase_import_records')
      .select('replay')
      .where('section', '=', section)
      .where('firebase_key', '=', firebaseKey)
      .executeTakeFirst();
    return row?.replay;
  }

  /** A record as imported now: in the transaction that wrote its rows, so both stand or fall together. */
  async saveRecord(section: string, firebaseKey: string, hash: string, replay: string, now: number) {
    await this.db
      .insertInto('firebase_import_records')
      .values({ section, firebase_key: firebaseKey, hash, replay, imported_at: now })
      .onConflict((oc) =>
        oc.columns(['section', 'firebase_key']).doUpdateSet({ hash, replay, imported_at: now }),
      )
      .execute();
  }

  async saveRun(row: Insertable<FirebaseImportRunsTable>): Promise<void> {
    await this.db.insertInto('firebase_import_runs').values(row).execute();
  }
}
