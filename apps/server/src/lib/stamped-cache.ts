/**
 * Where a cache learns that tables changed: a string that stays the same exactly as long as none
 * of the named tables changes. On SQLite (db/change-tracker.ts) it is known at once, with no query;
 * on PostgreSQL (db/pg-table-stamps.ts) it is one small read of a row the database raises itself.
 */
export interface TableStamps {
  /** Whether `stamp` answers without waiting (a string, never a promise). */
  readonly immediate: boolean;
  /**
   * `caller`: the object that stands for one request (its principal). When `begin` read stamps
   * for it, those answer: the request sees the tables as they were when it began, and its session
   * and scope reads cost one query between them (db/pg-table-stamps.ts). Else the current stamps.
   */
  stamp(tables: readonly string[], caller?: object): string | Promise<string>;
  /**
   * A request begins: stamps that must be read are read now, for every read it makes. `account`:
   * the account it is about (its path's), whose list versions PostgreSQL reads with the stamps.
   */
  begin(request: object, account?: string): void;
  /** `to` is the same request as `from` from now on: it uses the stamps read for `from`. */
  carry(from: object, to: object): void;
}

/**
 * Answers read from some tables, kept until one of those tables changes (lib TableStamps).
 * Without stamps every call reads. Values should be frozen: the same object answers many
 * requests. `undefined` (nothing found) is not kept, so unknown keys (a stranger's made-up
 * cookies) cannot push out real entries.
 */
export class StampedCache<Value> {
  private readonly entries = new Map<string, { stamp: string; value: Value }>();

  constructor(
    private readonly changes: TableStamps | undefined,
    private readonly tables: readonly string[],
    private readonly maxEntries = 10_000,
  ) {}

  /**
   * The kept answer while its tables are unchanged, without waiting; undefined when not kept or
   * when the stamps cannot be known without a query (PostgreSQL: ask `get`).
   */
  peek(key: string): Value | undefined {
    if (!this.changes?.immediate) return undefined;
    const entry = this.entries.get(key);
    return entry && entry.stamp === this.changes.stamp(this.tables) ? entry.value : undefined;
  }

  /**
   * Keeps a newer form of an answer in place of the old one, as long as the old one is still the
   * kept one. The entry keeps the stamp it was read under: should its tables have changed since,
   * the next `get` reads again whatever the value, so only a change to columns no stamp follows
   * (a session's last-seen time) can be kept this way.
   */
  replace(key: string, current: Value, next: Value): void {
    const entry = this.changes && this.entries.get(key);
    if (entry && entry.value === current) entry.value = next;
  }

  /** `caller`: the request asking (TableStamps.stamp). */
  async get(key: string, read: () => Promise<Value>, caller?: object): Promise<Value> {
    if (!this.changes) return read();
    // The stamp is taken before reading, so what is read is at least as new as the stamp.
    const stamp = await this.changes.stamp(this.tables, caller);
    const entry = this.entries.get(key);
    if (entry?.stamp === stamp) return entry.value;
    const value = await read();
    if (value === undefined) return value;
    if (this.entries.get(key) === entry) {
      if (entry) this.entries.delete(key);
      else if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, { stamp, value });
    }
    return value;
  }
}
