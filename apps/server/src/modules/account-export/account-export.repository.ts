import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../../db/database';
import type { Database } from '../../db/schema';
import type { AccountExportsTable } from '../../db/schema-account-export';
import type { AnyKysely, Row } from '../backup/backup.repository';
import type { TableScope } from './export-tables';

/** The only SQL of the account export: its own rows, and generic reads and writes of account tables. */
export class AccountExportRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
  ) {}

  private get any(): AnyKysely {
    return this.db as unknown as AnyKysely;
  }

  insert(row: AccountExportsTable): Promise<unknown> {
    return this.db.insertInto('account_exports').values(row).execute();
  }

  update(id: string, changes: Partial<AccountExportsTable>): Promise<unknown> {
    return this.db.updateTable('account_exports').set(changes).where('id', '=', id).execute();
  }

  find(accountId: string, id: string): Promise<AccountExportsTable | undefined> {
    return this.db
      .selectFrom('account_exports')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  byId(id: string): Promise<AccountExportsTable | undefined> {
    return this.db.selectFrom('account_exports').selectAll().where('id', '=', id).executeTakeFirst();
  }

  latest(accountId: string, limit: number): Promise<AccountExportsTable[]> {
    return this.db
      .selectFrom('account_exports')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /** Ready archives whose link has expired, across accounts, for deleting their files. */
  expired(now: number): Promise<AccountExportsTable[]> {
    return this.db
      .selectFrom('account_exports')
      .selectAll()
      .where('status', '=', 'ready')
      .where('file_key', 'is not', null)
      .where('expires_at', '<=', now)
      .execute();
  }

  /** One account table's rows for the account, in a stable order. */
  async scopedRows(scope: TableScope, accountId: string): Promise<Row[]> {
    const column = sql.ref(`t.${scope.column}`);
    const where =
      'parent' in scope
        ? sql`${column} in (select p.id from ${sql.table(scope.parent)} p where p.account_id = ${accountId})`
        : sql`${column} = ${accountId}`;
    const { rows } = await sql<Row>`select t.* from ${sql.table(scope.table)} t where ${where}`.execute(
      this.any,
    );
    return rows;
  }

  async usersByIds(ids: readonly string[]): Promise<Row[]> {
    const rows: Row[] = [];
    for (let i = 0; i < ids.length; i += 500) {
      rows.push(
        ...(await this.any
          .selectFrom('users')
          .selectAll()
          .where('id', 'in', ids.slice(i, i + 500))
          .orderBy('id')
          .execute()),
      );
    }
    return rows;
  }

  /** Users of the install that an import would collide with (same id, e-mail or phone). */
  async clashingUsers(users: readonly Row[]): Promise<string[]> {
    const ids = users.map((u) => String(u.id));
    const emails = users.map((u) => u.email).filter((v): v is string => typeof v === 'string');
    const phones = users.map((u) => u.phone).filter((v): v is string => typeof v === 'string');
    if (!ids.length) return [];
    const rows = await this.db
      .selectFrom('users')
      .select('id')
      .where((eb) =>
        eb.or([
          eb('id', 'in', ids),
          ...(emails.length ? [eb('email', 'in', emails)] : []),
          ...(phones.length ? [eb('phone', 'in', phones)] : []),
        ]),
      )
      .limit(10)
      .execute();
    return rows.map((r) => r.id);
  }

  async accountExists(id: string): Promise<boolean> {
    return !!(await this.db.selectFrom('accounts').select('id').where('id', '=', id).executeTakeFirst());
  }

  /** The columns of `table` that point at `users.id` (foreign keys), read from the schema. */
  async userColumns(table: string): Promise<string[]> {
    const query =
      this.dialect === 'sqlite'
        ? sql<{ column: string }>`select "from" as "column" from pragma_foreign_key_list(${table})
            where "table" = 'users'`
        : sql<{ column: string }>`select kcu.column_name as "column"
            from information_schema.table_constraints tc
            join information_schema.key_column_usage kcu
              on kcu.constraint_name = tc.constraint_name and kcu.table_schema = tc.table_schema
            join information_schema.constraint_column_usage ccu
              on ccu.constraint_name = tc.constraint_name and ccu.table_schema = tc.table_schema
            where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = current_schema()
              and tc.table_name = ${table} and ccu.table_name = 'users'`;
    const { rows } = await query.execute(this.any);
    return rows.map((r) => r.column);
  }

  /** Writes rows as they are, in batches small enough for either database's parameter limit. */
  async insertRows(table: string, rows: readonly Row[]): Promise<void> {
    if (!rows.length) return;
    const columns = Object.keys(rows[0]!).length || 1;
    const batch = Math.max(1, Math.floor(30_000 / columns));
    for (let i = 0; i < rows.length; i += batch) {
      await this.any
        .insertInto(table)
        .values(rows.slice(i, i + batch) as Row[])
        .execute();
    }
  }
}
