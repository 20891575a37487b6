import { setImmediate } from 'node:timers';
import { CompiledQuery, type Kysely, type Selectable } from 'kysely';
import type { TableStamps } from '../lib/stamped-cache';
import { nameStatement } from './pg-named-statements';
import type { Database, ListVersionsTable } from './schema';

/**
 * The tables PostgreSQL stamps itself (migrations 0075, 0085, 0086): what every signed-in request
 * reads, the session and its user and the caller's access scopes, the suspensions every write
 * asks about, and the webhook endpoints a student save reports to. A write to any other table
 * moves no stamp.
 */
export const STAMPED_TABLES = [
  'sessions',
  'users',
  'accounts',
  'admin_teachers',
  'moderators',
  'classrooms',
  'account_suspensions',
  'webhook_endpoints',
] as const;
export type StampedTable = (typeof STAMPED_TABLES)[number];

/** An account's row of `list_versions` (migrations 0005, 0084), as the list's stamps use it. */
export type ListVersionRow = Pick<
  Selectable<ListVersionsTable>,
  'account_id' | 'version' | 'row_changes' | 'recent_rows'
>;

/** One read of the stamps, with the list versions of the accounts the requests of its turn named. */
interface Reading {
  stamps: Record<StampedTable, number>;
  lists: readonly ListVersionRow[];
  /** The accounts whose list versions were read (an account without a row has none yet). */
  asked: ReadonlySet<string>;
}

/**
 * When the session and access tables last changed on PostgreSQL, where several processes write
 * the same database (CACHING.md, "Session and scope caches on PostgreSQL").
 *
 * The database raises a counter per table in the one row of `cache_stamps`, in the transaction
 * that changes the table and at its commit (migration 0075), so a stamp read after a write was
 * acknowledged sees it, whichever process wrote. Every request that needs a stamp reads that row:
 * one indexed read of one row in place of the session and scope reads it stands for. A sign-out,
 * a revoked session or a removed assistant on one process fails on every other one at the very
 * next request, as it does without a cache.
 *
 * Requests that begin in the same turn of the event loop share one read, sent when the turn ends:
 * each of them arrived before the read was sent, so the read is at least as new as every write
 * acknowledged before any of them arrived. A request in a later turn never joins an earlier read.
 * One request reads once: the stamps read when its session was resolved answer its scope reads
 * too (`caller`), so it sees the tables as they were when it began, as a request without any
 * cache would have.
 *
 * The same statement reads the list versions (migration 0005) of the accounts those requests are
 * about (the account in their path): a list read then needs no statement of its own to know
 * whether its kept page stands (`listVersions`), and a list request costs one statement, not two.
 */
export class PgTableStamps implements TableStamps {
  readonly immediate = false;
  private readonly query: (accounts: readonly string[]) => Promise<Reading>;
  /** This turn's read: the accounts its requests named, and the reading sent when the turn ends. */
  private turn: { accounts: Set<string>; reading: Promise<Reading> } | undefined;
  /** The reading made when each request began (`begin`), by its objects (a request, its principal). */
  private readonly byCaller = new WeakMap<object, Promise<Reading>>();

  constructor(db: Kysely<Database>) {
    // Compiled once, and parsed and planned once per connection: its one value is the accounts.
    const columns = STAMPED_TABLES.map((table) => `c."${table}"`).join(', ');
    const text = `select ${columns}, coalesce((select json_agg(json_build_object('account_id', l.account_id, 'version', l.version, 'row_changes', l.row_changes, 'recent_rows', l.recent_rows)) from list_versions l where l.account_id = any($1::text[])), '[]'::json) as lists from cache_stamps c where c.id = 1`;
    nameStatement(text);
    this.query = async (accounts) => {
      const row = (
        await db.executeQuery<Record<StampedTable, number> & { lists: ListVersionRow[] }>(
          CompiledQuery.raw(text, [accounts]),
        )
      ).rows[0];
      if (!row) throw new Error('cache_stamps has no row: migration 0075 has not run');
      const { lists, ...stamps } = row;
      return { stamps, lists, asked: new Set(accounts) };
    };
  }

  async stamp(tables: readonly string[], caller?: object): Promise<string> {
    // A caller without a reading of its own (a principal made outside a request) reads anew:
    // only readings `begin` made are used again.
    const { stamps } = await ((caller && this.byCaller.get(caller)) ?? this.read());
    let stamp = '';
    for (const table of tables) {
      if (!(table in stamps)) throw new Error(`PostgreSQL does not stamp the table ${table}`);
      stamp += `.${stamps[table as StampedTable]}`;
    }
    return stamp;
  }

  begin(request: object, account?: string): void {
    this.byCaller.set(request, this.read(account));
  }

  carry(from: object, to: object): void {
    const reading = this.byCaller.get(from);
    if (reading) this.byCaller.set(to, reading);
  }

  /**
   * The list versions of these accounts as read when the caller's request began, or undefined
   * when that read did not include them all (the caller must read them itself).
   */
  async listVersions(caller: object, accountIds: readonly string[]): Promise<ListVersionRow[] | undefined> {
    const reading = this.byCaller.get(caller);
    if (!reading) return undefined;
    const { lists, asked } = await reading;
    if (!accountIds.every((id) => asked.has(id))) return undefined;
    return lists.filter((row) => accountIds.includes(row.account_id));
  }

  /** This turn's read, sent when the turn ends, with the accounts its requests named. */
  private read(account?: string): Promise<Reading> {
    if (!this.turn) {
      const accounts = new Set<string>();
      const reading = new Promise<Reading>((resolve, reject) => {
        // node:timers' own setImmediate: tests that fake the global timers must not stop the turns.
        setImmediate(() => {
          this.turn = undefined;
          this.query([...accounts]).then(resolve, reject);
        });
      });
      this.turn = { accounts, reading };
    }
    if (account) this.turn.accounts.add(account);
    return this.turn.reading;
  }
}
