import { setImmediate } from 'node:timers';
import type SQLite from 'better-sqlite3';
import {
  AliasNode,
  ColumnNode,
  DeleteQueryNode,
  InsertQueryNode,
  type OperationNode,
  type RootOperationNode,
  SelectQueryNode,
  TableNode,
  UpdateQueryNode,
} from 'kysely';
import type { TableStamps } from '../lib/stamped-cache';

/**
 * Knows when tables of a SQLite database last changed, so a process can keep what it read until
 * the tables it came from change, with no query to find out (the session and access reads of every
 * request, see lib/stamped-cache.ts).
 *
 * - Writes through this process's writer are told to it by the driver (db/sqlite-driver.ts) as
 *   they run: the written table, and every table its triggers and cascading foreign keys write,
 *   moves on right after the COMMIT that makes them visible. Anything it cannot read the tables of
 *   (raw SQL, schema changes) moves every table on.
 * - Writes by other connections (the worker, another server, a console) are seen through SQLite's
 *   `PRAGMA data_version`, which changes when another connection commits: every table moves on.
 *   It is read once per turn of the event loop (the first stamp of the turn), not per stamp: the
 *   read takes SQLite's shared-memory locks, and one turn answers every request that arrived
 *   together. A commit made elsewhere is seen from the next turn on.
 *
 * The reader takes the stamp BEFORE reading: data read after it is at least as new as the stamp,
 * so a stored answer can be stale only under an older stamp, which no longer matches. Tables move
 * on only once their writes are committed (and reads outside the writer see only commits), so no
 * stamp is newer than the data read under it.
 */
export class ChangeTracker implements TableStamps {
  readonly immediate = true;
  private readonly versions = new Map<string, number>();
  private everything = 0;
  private dataVersion: number;
  private readonly readDataVersion: () => number;
  /** Whether this turn of the event loop has read `data_version` yet. */
  private caughtUp = false;
  private readonly endTurn = () => {
    this.caughtUp = false;
  };
  /** Tables written since the last COMMIT; 'all' when some write could not be read. */
  private pending: Set<string> | 'all' = new Set();
  /** Table → the tables a write to it also writes (triggers, cascades); read from the schema. */
  private reach: Map<string, Set<string>> | undefined;

  constructor(private readonly sqlite: SQLite.Database) {
    const statement = sqlite.prepare('PRAGMA data_version').pluck();
    this.readDataVersion = () => statement.get() as number;
    this.dataVersion = this.readDataVersion();
  }

  /**
   * A string that stays the same exactly as long as none of these tables changes. The first stamp
   * of each turn of the event loop takes in other connections' commits.
   */
  stamp(tables: readonly string[]): string {
    if (!this.caughtUp) {
      this.caughtUp = true;
      // node:timers' own setImmediate: tests that fake the global timers must not stop the turns.
      setImmediate(this.endTurn);
      const dataVersion = this.readDataVersion();
      if (dataVersion !== this.dataVersion) {
        this.dataVersion = dataVersion;
        this.everythingChanged();
      }
    }
    let stamp = String(this.everything);
    for (const table of tables) stamp += `.${this.versions.get(table) ?? 0}`;
    return stamp;
  }

  /** Nothing to read per request: stamps are known at once. */
  begin(): void {}
  carry(): void {}

  /** A statement is running on the writer (a read inside a transaction writes nothing). */
  running(node: RootOperationNode): void {
    if (this.pending === 'all') return;
    const written = writtenTables(node);
    if (written === 'all') this.pending = written;
    else for (const table of written) this.pending.add(table);
  }

  /** The writer committed (or gave up) its transaction: what it wrote is what readers now see. */
  committed(): void {
    const written = this.pending;
    this.pending = new Set();
    if (written === 'all') this.everythingChanged();
    else for (const table of written) this.changed(table);
  }

  private everythingChanged(): void {
    this.everything++;
    // The schema may have changed too: read the triggers and foreign keys again when needed.
    this.reach = undefined;
  }

  private changed(table: string): void {
    this.reach ??= readReach(this.sqlite);
    for (const name of [table, ...(this.reach.get(table) ?? [])]) {
      this.versions.set(name, (this.versions.get(name) ?? 0) + 1);
    }
  }
}

function tableName(node: OperationNode | undefined): string | undefined {
  if (node && TableNode.is(node)) return node.table.identifier.name;
  if (node && AliasNode.is(node)) return tableName(node.node);
  return undefined;
}

/**
 * Columns no cache reads through the tracker: an update that sets only these moves nothing on.
 * `sessions.last_seen_at` is moved on once a minute per busy user, and the session cache keeps
 * its own entry current instead (SessionService.resolve).
 */
const UNTRACKED: Record<string, readonly string[]> = { sessions: ['last_seen_at'] };

function untracked(node: UpdateQueryNode, table: string | undefined): boolean {
  const columns = node.updates?.map((u) => (ColumnNode.is(u.column) ? u.column.column.name : undefined));
  const free = table ? UNTRACKED[table] : undefined;
  return !!free && !!columns?.length && columns.every((c) => c !== undefined && free.includes(c));
}

/** The tables a query writes; 'all' when it cannot tell (raw SQL, schema changes, CTEs). */
function writtenTables(node: RootOperationNode): readonly string[] | 'all' {
  if (SelectQueryNode.is(node)) return node.with ? 'all' : [];
  let tables: (string | undefined)[];
  if (InsertQueryNode.is(node)) tables = [tableName(node.into)];
  else if (UpdateQueryNode.is(node)) {
    tables = [tableName(node.table)];
    if (!node.with && untracked(node, tables[0])) return [];
  } else if (DeleteQueryNode.is(node)) tables = node.from.froms.map(tableName);
  else return 'all';
  if (node.with || tables.some((t) => t === undefined)) return 'all';
  return tables as string[];
}

const WRITE_IN_TRIGGER =
  /\b(?:update(?:\s+or\s+\w+)?|insert(?:\s+or\s+\w+)?\s+into|delete\s+from)\s+["`[]?(\w+)/gi;
const CASCADING = new Set(['CASCADE', 'SET NULL', 'SET DEFAULT']);

/** For each table, every table a write to it may also change, through triggers and foreign keys. */
function readReach(sqlite: SQLite.Database): Map<string, Set<string>> {
  const direct = new Map<string, Set<string>>();
  const add = (from: string, to: string) => {
    if (from === to) return;
    if (!direct.has(from)) direct.set(from, new Set());
    direct.get(from)!.add(to);
  };
  const triggers = sqlite
    .prepare("select tbl_name as tableName, sql from sqlite_master where type = 'trigger'")
    .all() as { tableName: string; sql: string }[];
  for (const trigger of triggers) {
    const body = trigger.sql.slice(trigger.sql.search(/\bbegin\b/i));
    for (const match of body.matchAll(WRITE_IN_TRIGGER)) add(trigger.tableName, match[1]!);
  }
  const tables = sqlite
    .prepare("select name from sqlite_master where type = 'table'")
    .pluck()
    .all() as string[];
  for (const child of tables) {
    const keys = sqlite.pragma(`foreign_key_list("${child.replaceAll('"', '""')}")`) as {
      table: string;
      on_update: string;
      on_delete: string;
    }[];
    for (const key of keys) {
      if (CASCADING.has(key.on_delete) || CASCADING.has(key.on_update)) add(key.table, child);
    }
  }
  const reach = new Map<string, Set<string>>();
  for (const table of direct.keys()) {
    const seen = new Set<string>();
    const queue = [...direct.get(table)!];
    while (queue.length > 0) {
      const next = queue.pop()!;
      if (next === table || seen.has(next)) continue;
      seen.add(next);
      queue.push(...(direct.get(next) ?? []));
    }
    reach.set(table, seen);
  }
  return reach;
}
