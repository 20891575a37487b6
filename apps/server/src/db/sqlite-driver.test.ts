import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from './database';

type Tables = { notes: { id: string } };

/** What another process would find in the file right now: only committed rows. */
function committedIds(file: string): string[] {
  const other = new SQLite(file, { readonly: true });
  try {
    return (other.prepare('select id from notes order by id').pluck().all() as string[]) ?? [];
  } finally {
    other.close();
  }
}

describe('SQLite driver: a reader beside the writer, and transactions sharing a commit', () => {
  let dir: string;
  let file: string;
  let db: Db;
  const k = () => db.kysely as unknown as Kysely<Tables>;
  const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'batchwise-driver-'));
    file = path.join(dir, 'db.sqlite');
    db = openDatabase({ kind: 'sqlite', file, synchronous: 'FULL' });
    await sql`create table notes (id text primary key)`.execute(db.kysely);
  });
  afterEach(async () => {
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers a read during an open transaction at once, with the last commit', async () => {
    await k().insertInto('notes').values({ id: 'a' }).execute();
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = db.kysely.transaction().execute(async (trx) => {
      await (trx as unknown as Kysely<Tables>).insertInto('notes').values({ id: 'b' }).execute();
      await held;
    });
    await nextTurn();
    // The transaction holds the writer; the read neither waits for it nor sees its row.
    const rows = await k().selectFrom('notes').select('id').execute();
    expect(rows.map((r) => r.id)).toEqual(['a']);
    release();
    await transaction;
    expect((await k().selectFrom('notes').select('id').orderBy('id').execute()).map((r) => r.id)).toEqual([
      'a',
      'b',
    ]);
  });

  it('acknowledges each of many parallel transactions only once its rows are committed', async () => {
    const seen: string[][] = [];
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        db.kysely
          .transaction()
          .execute(async (trx) => {
            await (trx as unknown as Kysely<Tables>)
              .insertInto('notes')
              .values({ id: `n${String(i).padStart(2, '0')}` })
              .execute();
          })
          .then(() => seen.push(committedIds(file))),
      ),
    );
    // Every acknowledgement found its own row durable in the file, seen from another connection.
    seen.forEach((ids, i) => {
      expect(ids.length).toBeGreaterThan(i);
    });
    expect(committedIds(file)).toHaveLength(20);
  });

  it('rolls back a failed transaction alone, keeping the others of its batch', async () => {
    const results = await Promise.allSettled([
      k().insertInto('notes').values({ id: 'kept-1' }).execute(),
      db.kysely.transaction().execute(async (trx) => {
        await (trx as unknown as Kysely<Tables>).insertInto('notes').values({ id: 'lost' }).execute();
        throw new Error('changed my mind');
      }),
      k().insertInto('notes').values({ id: 'kept-1' }).execute(),
      k().insertInto('notes').values({ id: 'kept-2' }).execute(),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
    expect(committedIds(file)).toEqual(['kept-1', 'kept-2']);
  });

  it('keeps savepoints inside a transaction', async () => {
    const trx = await k().startTransaction().execute();
    await trx.insertInto('notes').values({ id: 'outer' }).execute();
    const inner = await trx.savepoint('inner').execute();
    await inner.insertInto('notes').values({ id: 'inner' }).execute();
    await inner.rollbackToSavepoint('inner').execute();
    await trx.commit().execute();
    expect(committedIds(file)).toEqual(['outer']);
  });

  it('runs DDL that re-creates a name dropped just before, outside a transaction', async () => {
    // The reader learns of the writer's DDL only when it next reads; preparing there first
    // would refuse the CREATE as a name that still exists.
    await k().selectFrom('notes').select('id').execute();
    await sql`create trigger notes_ins after insert on notes begin select 1; end`.execute(db.kysely);
    await k().selectFrom('notes').select('id').execute();
    await sql`drop trigger notes_ins`.execute(db.kysely);
    await sql`create trigger notes_ins after insert on notes begin select 2; end`.execute(db.kysely);
    const triggers = await sql<{
      sql: string;
    }>`select sql from sqlite_master where name = 'notes_ins'`.execute(db.kysely);
    expect(triggers.rows).toEqual([{ sql: expect.stringContaining('select 2') }]);
  });
});
