import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from './database';

// A small schema with a cascading foreign key and a trigger, so the tracker's reach is visible.
const SCHEMA = [
  'create table parents (id text primary key)',
  'create table children (id text primary key, parent_id text references parents (id) on delete cascade)',
  'create table audit (note text)',
  'create table unrelated (id text primary key)',
  "create trigger parents_audit after insert on parents begin insert into audit (note) values ('parent'); end",
];

describe('ChangeTracker', () => {
  let dir: string;
  let db: Db;

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'batchwise-tracker-'));
    db = openDatabase({ kind: 'sqlite', file: path.join(dir, 'db.sqlite'), synchronous: 'NORMAL' });
    for (const statement of SCHEMA) await sql.raw(statement).execute(db.kysely);
  });
  afterEach(async () => {
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const stamp = (...tables: string[]) => db.changes!.stamp(tables);
  /** A commit by another connection to the same file, as another process would make. */
  const commitElsewhere = () => {
    const other = new SQLite(path.join(dir, 'db.sqlite'));
    try {
      other.prepare('insert into unrelated (id) values (?)').run(`elsewhere ${Math.random()}`);
    } finally {
      other.close();
    }
  };
  const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
  type Tables = {
    parents: { id: string };
    children: { id: string; parent_id: string };
    unrelated: { id: string };
  };
  const k = () => db.kysely as unknown as Kysely<Tables>;

  it('moves a table on when it is written, and leaves the others', async () => {
    const children = stamp('children');
    const unrelated = stamp('unrelated');
    await k().insertInto('unrelated').values({ id: 'u1' }).execute();
    expect(stamp('children')).toBe(children);
    expect(stamp('unrelated')).not.toBe(unrelated);
  });

  it('follows triggers and cascading foreign keys', async () => {
    const audit = stamp('audit');
    await k().insertInto('parents').values({ id: 'p1' }).execute();
    expect(stamp('audit')).not.toBe(audit);

    await k().insertInto('children').values({ id: 'c1', parent_id: 'p1' }).execute();
    const children = stamp('children');
    await k().deleteFrom('parents').execute();
    expect(stamp('children')).not.toBe(children);
  });

  it('treats SQL it cannot read as a change to every table', async () => {
    const children = stamp('children');
    await sql`update unrelated set id = id`.execute(db.kysely);
    expect(stamp('children')).not.toBe(children);
  });

  it('does not move on for reads', async () => {
    const before = stamp('children', 'parents');
    await k().selectFrom('children').selectAll().execute();
    expect(stamp('children', 'parents')).toBe(before);
  });

  it("sees another connection's commits from the next turn of the event loop", async () => {
    const children = stamp('children');
    await nextTurn();
    expect(stamp('children')).toBe(children);
    commitElsewhere();
    // Requests answered in the same turn share one look at other connections...
    expect(stamp('children')).toBe(children);
    // ...and the next turn sees the other connection's commit.
    await nextTurn();
    expect(stamp('children')).not.toBe(children);
  });

  it('moves a table on only when its write is committed', async () => {
    const before = stamp('unrelated');
    let written!: () => void;
    const wrote = new Promise<void>((resolve) => {
      written = resolve;
    });
    const transaction = db.kysely.transaction().execute(async (trx) => {
      await (trx as unknown as Kysely<Tables>).insertInto('unrelated').values({ id: 'u1' }).execute();
      written();
      await nextTurn();
    });
    await wrote;
    // Written but not committed: a reader now reads the old rows, and must stamp them as old.
    expect(stamp('unrelated')).toBe(before);
    await transaction;
    expect(stamp('unrelated')).not.toBe(before);
  });

  it("leaves a session's last-seen time untracked (the session cache keeps it itself)", async () => {
    await sql
      .raw('create table sessions (id text primary key, last_seen_at integer, revoked_at integer)')
      .execute(db.kysely);
    await sql`insert into sessions (id, last_seen_at) values ('s1', 1)`.execute(db.kysely);
    type WithSessions = { sessions: { id: string; last_seen_at: number; revoked_at: number | null } };
    const sessions = () => (db.kysely as unknown as Kysely<WithSessions>).updateTable('sessions');
    const before = stamp('sessions');
    await sessions().set({ last_seen_at: 2 }).where('id', '=', 's1').execute();
    expect(stamp('sessions')).toBe(before);
    await sessions().set({ revoked_at: 3 }).where('id', '=', 's1').execute();
    expect(stamp('sessions')).not.toBe(before);
  });
});
