import type { ChangeTracker } from '../db/change-tracker';

/**
 * Answers read from some tables, kept until one of those tables changes (db/change-tracker.ts).
 * Without a tracker (PostgreSQL) every call reads. Values should be frozen: the same object
 * answers many requests. `undefined` (nothing found) is not kept, so unknown keys (a stranger's
 * made-up cookies) cannot push out real entries.
 */
export class StampedCache<Value> {
  private readonly entries = new Map<string, { stamp: string; value: Value }>();

  constructor(
    private readonly changes: ChangeTracker | undefined,
    private readonly tables: readonly string[],
    private readonly maxEntries = 10_000,
  ) {}

  /** The kept answer while its tables are unchanged, without waiting; undefined when not kept. */
  peek(key: string): Value | undefined {
    const entry = this.changes && this.entries.get(key);
    return entry && entry.stamp === this.changes!.stamp(this.tables) ? entry.value : undefined;
  }

  /**
   * Keeps a newer form of an answer in place of the old one, as long as the old one is still the
   * kept one and nothing it was read from has changed since (else the next read refreshes it).
   */
  replace(key: string, current: Value, next: Value): void {
    const entry = this.changes && this.entries.get(key);
    if (entry && entry.value === current && entry.stamp === this.changes!.stamp(this.tables)) {
      entry.value = next;
    }
  }

  async get(key: string, read: () => Promise<Value>): Promise<Value> {
    if (!this.changes) return read();
    // The stamp is taken before reading, so what is read is at least as new as the stamp.
    const stamp = this.changes.stamp(this.tables);
    const entry = this.entries.get(key);
    if (entry?.stamp === stamp) return entry.value;
    const value = await read();
    if (value === undefined) return value;
    if (entry) this.entries.delete(key);
    else if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { stamp, value });
    return value;
  }
}
