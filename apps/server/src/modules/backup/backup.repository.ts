import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DialectName } from '../../db/database';

export interface TableShape {
  name: string;
  /** Every column, by name. */
  columns: string[];
  /** The primary key's columns in key order; empty when the table has none. */
  key: string[];
  /** Columns holding text (ordered byte-wise on both databases, as SQLite's BINARY collation does). */
  textColumns: string[];
}

export type Row = Record<string, unknown>;

/** Any database: the live one, an archive's SQLite copy, or a restored one. */
// biome-ignore lint/suspicious/noExplicitAny: tables are discovered at run time
export type AnyKysely = Kysely<any>;

/**
 * Reads tables generically for backup manifests: which tables exist, their keys, and their rows in
 * primary-key order, a batch at a time. The only place of the backup module that writes SQL.
 */
export class BackupRepository {
  constructor(
    private readonly db: AnyKysely,
    private readonly dialect: DialectName,
  ) {}

  /** The base tables of the current schema (SQLite: the main database), by name. */
  async tableNames(): Promise<string[]> {
    const query =
      this.dialect === 'sqlite'
        ? sql<{
            name: string;
          }>`select name from sqlite_master where type = 'table' and name not like 'sqlite\\_%' escape '\\' order by name`
        : sql<{ name: string }>`select table_name as name from information_schema.tables
            where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`;
    const { rows } = await query.execute(this.db);
    return rows.map((r) => r.name).sort();
  }

  async shape(table: string): Promise<TableShape> {
    if (this.dialect === 'sqlite') {
      const { rows } = await sql<{ name: string; type: string; pk: number }>`
        select name, type, pk from pragma_table_info(${table}) order by cid`.execute(this.db);
      return {
        name: table,
        columns: rows.map((r) => r.name),
        key: rows
          .filter((r) => r.pk > 0)
          .sort((a, b) => a.pk - b.pk)
          .map((r) => r.name),
        textColumns: rows.filter((r) => /CHAR|CLOB|TEXT/i.test(r.type)).map((r) => r.name),
      };
    }
    const { rows } = await sql<{ name: string; type: string; key_position: number | null }>`
      select c.column_name as name, c.data_type as type,
        (select k.ordinal_position from information_schema.key_column_usage k
           join information_schema.table_constraints t
             on t.constraint_name = k.constraint_name and t.table_schema = k.table_schema
          where t.constraint_type = 'PRIMARY KEY' and k.table_schema = c.table_schema
            and k.table_name = c.table_name and k.column_name = c.column_name) as key_position
      from information_schema.columns c
      where c.table_schema = current_schema() and c.table_name = ${table}
      order by c.ordinal_position`.execute(this.db);
    return {
      name: table,
      columns: rows.map((r) => r.name),
      key: rows
        .filter((r) => r.key_position !== null)
        .sort((a, b) => Number(a.key_position) - Number(b.key_position))
        .map((r) => r.name),
      textColumns: rows.filter((r) => /char|text/i.test(r.type)).map((r) => r.name),
    };
  }

  /**
   * Up to `limit` rows after the key `after` (from the start when undefined), in primary-key
   * order. Text keys compare byte-wise on PostgreSQL too (COLLATE "C"), so both databases walk a
   * table in the same order. A table without a key is read whole, ordered by every column.
   */
  async rowsAfter(shape: TableShape, after: unknown[] | undefined, limit: number): Promise<Row[]> {
    const order = shape.key.length ? shape.key : shape.columns;
    const term = (column: string): RawBuilder<unknown> =>
      this.dialect === 'postgres' && shape.textColumns.includes(column)
        ? sql`${sql.ref(column)} collate "C"`
        : sql`${sql.ref(column)}`;
    const orderBy = sql.join(order.map(term));
    const where =
      shape.key.length && after
        ? sql`where (${orderBy}) > (${sql.join(after.map((v) => sql`${v}`))})`
        : sql``;
    const page = shape.key.length ? sql`limit ${limit}` : sql``;
    const { rows } =
      await sql<Row>`select * from ${sql.table(shape.name)} ${where} order by ${orderBy} ${page}`.execute(
        this.db,
      );
    return rows;
  }

  /**
   * Exports the snapshot of the current transaction (PostgreSQL, repeatable read), so pg_dump can
   * dump exactly what this transaction reads.
   */
  async exportSnapshot(): Promise<string> {
    const { rows } = await sql<{ id: string }>`select pg_export_snapshot() as id`.execute(this.db);
    return rows[0]!.id;
  }

  /** How many base tables the current schema holds (a restore target must hold none). */
  async countTables(): Promise<number> {
    return (await this.tableNames()).length;
  }
}
