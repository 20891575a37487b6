import crypto from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NamedStatementClient, StatementNames } from './pg-named-statements';

// Runs on PostgreSQL only: SQLite keeps its own prepared statements (db/sqlite-driver.ts).
const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('statements prepared once per PostgreSQL connection', () => {
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  const names = new StatementNames(3, 200);
  class Client extends NamedStatementClient {
    static override names = names;
  }
  const client = new Client({ connectionString: url, options: `-c search_path=${schema}` });
  // Asked as a config object, which the client runs as given: this read takes no name itself.
  const prepared = async (on: pg.Client = client): Promise<string[]> =>
    (await on.query({ text: 'select statement from pg_prepared_statements order by statement' })).rows.map(
      (r: { statement: string }) => r.statement,
    );

  beforeAll(async () => {
    await client.connect();
    await client.query(`create schema ${schema}`);
    await client.query('create table shelf (id integer primary key, label text)');
    await client.query("insert into shelf values (1, 'one'), (2, 'two')");
  });
  const onEnd: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const end of onEnd) await end();
    await client.query(`drop schema ${schema} cascade`);
    await client.end();
  });

  it('prepares a statement on its second run and then only binds values', async () => {
    const text = 'select label from shelf where id = $1';
    expect((await client.query(text, [1])).rows).toEqual([{ label: 'one' }]);
    expect(await prepared()).not.toContain(text);
    expect((await client.query(text, [2])).rows).toEqual([{ label: 'two' }]);
    expect(await prepared()).toContain(text);
    expect((await client.query(text, [1])).rows).toEqual([{ label: 'one' }]);
    expect((await prepared()).filter((s) => s === text)).toHaveLength(1);
  });

  it('leaves unnamed what is not a query, too long, or past the limit', async () => {
    const long = `select label from shelf where id = $1 and label <> '${'x'.repeat(200)}'`;
    for (let i = 0; i < 2; i++) {
      await client.query(long, [1]);
      await client.query('show search_path');
    }
    for (const id of [1, 2, 3, 4]) {
      const text = `select ${id} as n, label from shelf where id = $1`;
      await client.query(text, [1]);
      await client.query(text, [1]);
    }
    const named = await prepared();
    expect(named).not.toContain(long);
    expect(named).not.toContain('show search_path');
    // The limit is 3: the first test's statement and two of these four.
    expect(named.filter((s) => /^select \d as n/.test(s))).toHaveLength(2);
    expect(names.size).toBe(3);
  });

  it('prepares a statement again after its table changed shape under it', async () => {
    const text = 'select * from shelf where id = $1';
    // A connection with names of its own, so this statement is not past the limit.
    class Fresh extends NamedStatementClient {
      static override names = new StatementNames(3, 200);
    }
    const fresh = new Fresh({ connectionString: url, options: `-c search_path=${schema}` });
    await fresh.connect();
    onEnd.push(() => fresh.end());
    await fresh.query(text, [1]);
    await fresh.query(text, [1]);
    expect(await prepared(fresh)).toContain(text);
    await client.query('alter table shelf add column colour text');
    await expect(fresh.query(text, [1])).rejects.toThrow(/cached plan must not change result type/);
    expect((await fresh.query(text, [1])).rows).toEqual([{ id: 1, label: 'one', colour: null }]);
  });
});
