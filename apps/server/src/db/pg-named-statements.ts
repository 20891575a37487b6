import pg from 'pg';

/**
 * Which statements each PostgreSQL connection prepares once (parse and plan) and then only binds
 * new values to, instead of parsing and planning the same text on every run: the statement cache
 * of other drivers (pgx keeps 512, JDBC names a statement after its fifth run). A parse and plan
 * costs PostgreSQL more than running the small indexed reads a page makes (measured in CACHING.md,
 * "Prepared statements on PostgreSQL").
 *
 * - Statements every request runs are named at once (`name`, db/prepared-query.ts).
 * - Any other select, insert, update, delete or with-query is named on its second run, so one-off
 *   texts (a migration, a bulk insert of some number of rows) take no place.
 * - At most `limit` texts are named per process, so each connection keeps a bounded set; texts
 *   after that run unnamed, as before. Kysely passes values as parameters, so texts differ only by
 *   shape (which filters, how many values in a list), and a running server meets a few hundred.
 * - A named statement whose table changed shape under it (a migration while the process runs)
 *   fails once with PostgreSQL's "cached plan must not change result type"; the text then gets a
 *   new name, so its next run prepares it afresh.
 */
export class StatementNames {
  private readonly names = new Map<string, string>();
  private readonly seen = new Set<string>();
  private next = 0;
  private auto = 0;

  constructor(
    private readonly limit = 500,
    private readonly longest = 8_000,
  ) {}

  /** Names a statement at once (one every request runs), whatever the limit. */
  name(text: string): void {
    if (!this.names.has(text)) this.names.set(text, `bw_${this.next++}`);
  }

  /** The name a statement runs under, naming it on its second run if it may have one. */
  nameFor(text: string): string | undefined {
    const known = this.names.get(text);
    if (known || this.auto >= this.limit || text.length > this.longest || !NAMEABLE.test(text)) return known;
    if (!this.seen.has(text)) {
      // Texts seen once are forgotten in bulk: they are the ones that never come back.
      if (this.seen.size >= this.limit * 10) this.seen.clear();
      this.seen.add(text);
      return undefined;
    }
    this.seen.delete(text);
    this.auto++;
    this.name(text);
    return this.names.get(text);
  }

  /** A new name for a statement whose prepared form went stale, so it is prepared again. */
  renew(text: string): void {
    if (this.names.has(text)) this.names.set(text, `bw_${this.next++}`);
  }

  get size(): number {
    return this.names.size;
  }
}

const NAMEABLE = /^\s*(select|insert|update|delete|with)\b/i;

/** The process's statement names, shared by every pooled connection. */
export const statementNames = new StatementNames();

/** Marks a statement as one every request runs, prepared from its first run (db/prepared-query.ts). */
export function nameStatement(text: string): void {
  statementNames.name(text);
}

/** PostgreSQL's answer when a prepared statement's tables changed shape since it was planned. */
function isStalePlan(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error as { code?: string }).code === '0A000' &&
    error.message.includes('cached plan must not change result type')
  );
}

/** The pool's connection class: runs statements under their names (pg's `name` option). */
export class NamedStatementClient extends pg.Client {
  /** Whose names this class's connections use; tests give theirs a fresh set. */
  static names: StatementNames = statementNames;

  // biome-ignore lint/suspicious/noExplicitAny: pg's query has many overloads; only (text, values) is changed
  override query(...args: any[]): any {
    const [text, values] = args;
    const names = (this.constructor as typeof NamedStatementClient).names;
    // Only (text) and (text, values) calls are named; a callback or a config object runs as given.
    const plain =
      typeof text === 'string' && args.length <= 2 && (values === undefined || Array.isArray(values));
    const name = plain ? names.nameFor(text) : undefined;
    // biome-ignore lint/suspicious/noExplicitAny: see above
    if (!name) return (super.query as any)(...args);
    // biome-ignore lint/suspicious/noExplicitAny: see above
    return ((super.query as any)({ name, text, values }) as Promise<unknown>).catch((error: unknown) => {
      if (isStalePlan(error)) names.renew(text);
      throw error;
    });
  }
}
