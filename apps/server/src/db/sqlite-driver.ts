import { setImmediate } from 'node:timers';
import type SQLite from 'better-sqlite3';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  SelectQueryNode,
  type TransactionSettings,
} from 'kysely';
import type { ChangeTracker } from './change-tracker';

/** Prepared statements kept for reuse per connection: how many distinct SQL texts. */
const STATEMENT_CACHE_SIZE = 500;
/** A batch stays open for writers already waiting, up to this many transactions... */
const BATCH_MAX_TRANSACTIONS = 64;
/** ...or this long since it began, so no acknowledgement waits behind a steady stream. */
const BATCH_MAX_MS = 10;

/**
 * Kysely prepares every query anew; preparing costs as much as running a small query, so the
 * statements are kept by their SQL text. Statements run synchronously, so one is never used by two
 * queries at once.
 */
function statementCache(sqlite: SQLite.Database): (text: string) => SQLite.Statement {
  const cache = new Map<string, SQLite.Statement>();
  return (text) => {
    let statement = cache.get(text);
    if (statement) {
      cache.delete(text);
    } else {
      statement = sqlite.prepare(text);
      if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
    }
    cache.set(text, statement);
    return statement;
  };
}

function run(statement: SQLite.Statement, parameters: readonly unknown[]): QueryResult<unknown> {
  if (statement.reader) return { rows: statement.all(parameters) };
  const { changes, lastInsertRowid } = statement.run(parameters);
  return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
}

/** Transactions take the writer one at a time, in order of asking. */
class WriterQueue {
  held = false;
  private readonly waiting: (() => void)[] = [];

  get waiters(): number {
    return this.waiting.length;
  }

  async take(): Promise<void> {
    if (!this.held) {
      this.held = true;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  /** Hands the writer to the next in line (still held), or frees it. */
  give(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.held = false;
  }
}

interface Batch {
  startedAt: number;
  transactions: number;
  acknowledgements: { resolve(): void; reject(error: unknown): void }[];
}

/**
 * SQLite with two connections and group commit (the data path capability: saves and reads under real traffic).
 *
 * - **Reads outside a transaction use their own connection.** WAL lets it read the last commit
 *   while the writer is mid-transaction, so a list page never waits for someone's save. It sees
 *   only committed data, and a writer's caller is answered only after its commit, so every request
 *   reads what earlier answers acknowledged.
 * - **Transactions share a commit.** With `synchronous=FULL` every commit waits for the disk
 *   (about 1.2 ms here), more than a whole save's statements. Each transaction runs alone on the
 *   writer inside a savepoint (its rollback undoes only itself); when it ends and others are
 *   waiting for the writer, the database transaction stays open for them, and one COMMIT makes
 *   the whole batch durable. Nobody is answered before the COMMIT that holds their writes has
 *   returned, so an acknowledged write survives a power cut exactly as before. A failed COMMIT
 *   fails every transaction of its batch: none of them was acknowledged.
 * - **A write outside a transaction** is a transaction of one statement.
 * - The change tracker learns what each write statement touches as it runs and moves those tables
 *   on right after the COMMIT, before anything else runs: a reader never stamps newer data than it
 *   reads (db/change-tracker.ts).
 */
export class GroupCommitDriver implements Driver {
  /**
   * Drivers of this process with a batch open. Two handles on one file in one process (a test's
   * two app instances, a CLI beside the app) would otherwise deadlock: the second's BEGIN waits
   * synchronously for a lock that only this process's next turn would release.
   */
  private static readonly batching = new Set<GroupCommitDriver>();
  private readonly queue = new WriterQueue();
  private readonly prepareRead: (text: string) => SQLite.Statement;
  private readonly prepareWrite: (text: string) => SQLite.Statement;
  private batch: Batch | undefined;
  /**
   * The statements every transaction runs, prepared once: `exec` parses its text on every call,
   * and these run several times a write (a savepoint per transaction, a batch's begin and commit).
   */
  private readonly control: Record<'begin' | 'commit' | 'savepoint' | 'release', SQLite.Statement>;

  constructor(
    private readonly writer: SQLite.Database,
    private readonly reader: SQLite.Database,
    private readonly changes: ChangeTracker,
  ) {
    this.prepareRead = statementCache(reader);
    this.prepareWrite = statementCache(writer);
    this.control = {
      begin: writer.prepare('BEGIN IMMEDIATE'),
      commit: writer.prepare('COMMIT'),
      savepoint: writer.prepare('SAVEPOINT batchwise_transaction'),
      release: writer.prepare('RELEASE batchwise_transaction'),
    };
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new GroupCommitConnection(this);
  }

  async beginTransaction(connection: DatabaseConnection, _settings: TransactionSettings): Promise<void> {
    await this.queue.take();
    try {
      this.open();
      this.control.savepoint.run();
    } catch (error) {
      this.queue.give();
      throw error;
    }
    (connection as GroupCommitConnection).inTransaction = true;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    (connection as GroupCommitConnection).inTransaction = false;
    this.control.release.run();
    await this.finish(true);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    (connection as GroupCommitConnection).inTransaction = false;
    if (this.writer.inTransaction) {
      this.writer.exec('ROLLBACK TO batchwise_transaction; RELEASE batchwise_transaction');
      await this.finish(false);
      return;
    }
    // SQLite gave up the whole database transaction (disk full, I/O error): the batch is lost.
    this.fail(new Error('the database transaction was rolled back'));
    this.queue.give();
  }

  // Savepoints of a transaction (Kysely's `trx.savepoint()`): on the writer, moving no table on.
  async savepoint(_connection: DatabaseConnection, name: string): Promise<void> {
    this.writer.exec(`SAVEPOINT "${name.replaceAll('"', '""')}"`);
  }

  async rollbackToSavepoint(_connection: DatabaseConnection, name: string): Promise<void> {
    this.writer.exec(`ROLLBACK TO "${name.replaceAll('"', '""')}"`);
  }

  async releaseSavepoint(_connection: DatabaseConnection, name: string): Promise<void> {
    this.writer.exec(`RELEASE "${name.replaceAll('"', '""')}"`);
  }

  async releaseConnection(): Promise<void> {}

  async destroy(): Promise<void> {
    // Every transaction has ended once Kysely destroys the driver; an open batch is still owed.
    await this.queue.take();
    if (this.batch) this.commit();
    this.writer.close();
    this.reader.close();
  }

  /** A statement outside any transaction: a read on the reader, a write as its own transaction. */
  async executeAlone(query: CompiledQuery): Promise<QueryResult<unknown>> {
    const statement = this.prepareReadIfFresh(query.sql);
    if (statement?.readonly) return run(statement, query.parameters);
    await this.queue.take();
    this.open();
    let result: QueryResult<unknown>;
    try {
      result = this.executeWrite(query);
    } catch (error) {
      // SQLite undid the failed statement alone; the batch goes on.
      await this.finish(false);
      throw error;
    }
    await this.finish(true);
    return result;
  }

  /**
   * The statement prepared on the reader, or nothing if the reader cannot prepare it. The reader
   * learns of the writer's DDL only when it next reads, so it may refuse a CREATE of a name just
   * dropped ("already exists"); such a statement writes anyway, and the writer prepares it
   * against its own, current schema (which reports a statement that is truly wrong).
   */
  private prepareReadIfFresh(text: string): SQLite.Statement | undefined {
    try {
      return this.prepareRead(text);
    } catch {
      return undefined;
    }
  }

  executeWrite(query: CompiledQuery): QueryResult<unknown> {
    // After SQLite rolled the batch back on its own, a statement would run (and stay) outside it.
    if (!this.writer.inTransaction) throw new Error('the database transaction was rolled back');
    this.changes.running(query.query);
    return run(this.prepareWrite(query.sql), query.parameters);
  }

  /** Streams a select from the reader (Kysely's `stream()`). */
  *stream(query: CompiledQuery): Generator<QueryResult<unknown>> {
    if (!SelectQueryNode.is(query.query)) throw new Error('only selects can be streamed');
    for (const row of this.prepareRead(query.sql).iterate(query.parameters)) yield { rows: [row] };
  }

  private open(): void {
    if (this.batch) return;
    for (const other of GroupCommitDriver.batching) other.commitWhenFree();
    this.control.begin.run();
    GroupCommitDriver.batching.add(this);
    this.batch = { startedAt: Date.now(), transactions: 0, acknowledgements: [] };
  }

  /**
   * Ends a transaction's turn on the writer. Its acknowledgement (when it wrote) waits for the
   * batch's COMMIT. The batch stays open for writers already waiting, and then for one turn of the
   * event loop (the requests that arrived together reach their transactions in it), unless it is
   * full or old: then it commits now.
   */
  private finish(wrote: boolean): Promise<void> {
    const batch = this.batch!;
    batch.transactions++;
    const acknowledged = wrote
      ? new Promise<void>((resolve, reject) => batch.acknowledgements.push({ resolve, reject }))
      : Promise.resolve();
    const young = batch.transactions < BATCH_MAX_TRANSACTIONS && Date.now() - batch.startedAt < BATCH_MAX_MS;
    if (!young) this.commit();
    else if (this.queue.waiters === 0) setImmediate(this.commitWhenFree);
    this.queue.give();
    return acknowledged;
  }

  /** The turn is over: commit the open batch, unless a transaction of it is still running. */
  private readonly commitWhenFree = () => {
    if (this.batch && !this.queue.held) this.commit();
  };

  private commit(): void {
    const batch = this.batch!;
    try {
      this.control.commit.run();
    } catch (error) {
      this.fail(error);
      return;
    }
    this.batch = undefined;
    GroupCommitDriver.batching.delete(this);
    this.changes.committed();
    for (const a of batch.acknowledgements) a.resolve();
  }

  /** The open batch did not commit: every transaction in it fails, none was acknowledged. */
  private fail(error: unknown): void {
    const batch = this.batch;
    this.batch = undefined;
    GroupCommitDriver.batching.delete(this);
    if (this.writer.inTransaction) this.writer.exec('ROLLBACK');
    this.changes.committed();
    for (const a of batch?.acknowledgements ?? []) a.reject(error);
  }
}

class GroupCommitConnection implements DatabaseConnection {
  inTransaction = false;

  constructor(private readonly driver: GroupCommitDriver) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = this.inTransaction
      ? this.driver.executeWrite(query)
      : await this.driver.executeAlone(query);
    return result as QueryResult<R>;
  }

  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    yield* this.driver.stream(query) as Generator<QueryResult<R>>;
  }
}
