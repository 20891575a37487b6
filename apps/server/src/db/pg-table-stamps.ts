import { setImmediate } from 'node:timers';
import type { Kysely } from 'kysely';
import type { TableStamps } from '../lib/stamped-cache';
import { nameStatement } from './pg-named-statements';
import type { Database } from './schema';

/**
 * The tables PostgreSQL stamps itself (migration 0075): what every signed-in request reads, the
 * session and its user and the caller's access scopes. A write to any other table moves no stamp.
 */
export const STAMPED_TABLES = [
  'sessions',
  'users',
  'accounts',
  'admin_teachers',
  'moderators',
  'classrooms',
] as const;
export type StampedTable = (typeof STAMPED_TABLES)[number];

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
 * Requests that ask in the same turn of the event loop share one read: each of them arrived before
 * the read was sent, so the read is at least as new as every write acknowledged before any of them
 * arrived. A request in a later turn never joins an earlier read. One request reads once: the
 * stamps read when its session was resolved answer its scope reads too (`caller`), so it sees
 * the tables as they were when it began, as a request without any cache would have.
 */
export class PgTableStamps implements TableStamps {
  readonly immediate = false;
  private readonly query: () => Promise<Record<StampedTable, number> | undefined>;
  private turn: Promise<Record<StampedTable, number>> | undefined;
  /** The stamps read when each request began (`begin`), by its objects (a request, its principal). */
  private readonly byCaller = new WeakMap<object, Promise<Record<StampedTable, number>>>();
  private readonly endTurn = () => {
    this.turn = undefined;
  };

  constructor(db: Kysely<Database>) {
    // Compiled once, and parsed and planned once per connection: the read has no values of its own.
    const query = db.selectFrom('cache_stamps').select(STAMPED_TABLES).where('id', '=', 1).compile();
    nameStatement(query.sql);
    this.query = async () => (await db.executeQuery(query)).rows[0];
  }

  async stamp(tables: readonly string[], caller?: object): Promise<string> {
    // A caller without a reading of its own (a principal made outside a request) reads anew:
    // only readings `begin` made are used again.
    const row = await ((caller && this.byCaller.get(caller)) ?? this.read());
    let stamp = '';
    for (const table of tables) {
      if (!(table in row)) throw new Error(`PostgreSQL does not stamp the table ${table}`);
      stamp += `.${row[table as StampedTable]}`;
    }
    return stamp;
  }

  begin(request: object): void {
    this.byCaller.set(request, this.read());
  }

  carry(from: object, to: object): void {
    const reading = this.byCaller.get(from);
    if (reading) this.byCaller.set(to, reading);
  }

  /** This turn's read of the stamps, sent now if no request of this turn has asked yet. */
  private read(): Promise<Record<StampedTable, number>> {
    if (!this.turn) {
      // node:timers' own setImmediate: tests that fake the global timers must not stop the turns.
      setImmediate(this.endTurn);
      this.turn = this.query().then((row) => {
        if (!row) throw new Error('cache_stamps has no row: migration 0075 has not run');
        return row;
      });
    }
    return this.turn;
  }
}
