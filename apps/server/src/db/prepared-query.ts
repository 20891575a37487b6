import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import { nameStatement } from './pg-named-statements';
import type { Database } from './schema';

/**
 * A query built and compiled once and then run with new values: building and compiling a Kysely
 * query costs more than running a small indexed one, so the few queries every signed-in request
 * runs (session, user, access, list versions) are prepared this way.
 *
 * `build` gets a stand-in string for each named value and must use every one of them as a plain
 * parameter (`where(column, '=', value)`); each run swaps the stand-ins for the real values. The
 * query's shape is fixed: a list of values (`in`) needs one prepared query per length. It is
 * compiled on its first run, so repositories made for one transaction pay nothing for it; on
 * PostgreSQL each connection also parses and plans it once (db/pg-named-statements.ts). A
 * query prepared once on the database may run inside a transaction: pass the transaction as `on`.
 */
export function preparedQuery<Name extends string, Row, Tables = Database>(
  db: Kysely<Tables>,
  names: readonly Name[],
  build: (values: Record<Name, string>) => Compilable<Row>,
): (values: Record<Name, unknown>, on?: Kysely<Tables>) => Promise<Row[]> {
  let prepared: { compiled: CompiledQuery<Row>; slots: (Name | undefined)[] } | undefined;
  const prepare = () => {
    const standIns = Object.fromEntries(names.map((name) => [name, `\u0000${name}\u0000`])) as Record<
      Name,
      string
    >;
    const compiled = build(standIns).compile();
    nameStatement(compiled.sql);
    const slots = compiled.parameters.map((parameter) => names.find((name) => standIns[name] === parameter));
    for (const name of names) {
      if (!slots.includes(name)) throw new Error(`the prepared query does not use the value "${name}"`);
    }
    return { compiled, slots };
  };
  return async (values, on = db) => {
    prepared ??= prepare();
    const { compiled, slots } = prepared;
    const parameters = compiled.parameters.map((parameter, i) => {
      const slot = slots[i];
      return slot === undefined ? parameter : values[slot];
    });
    return (await on.executeQuery<Row>({ ...compiled, parameters })).rows;
  };
}

/**
 * A list of values in a prepared query (`in`): one stand-in name per item (`prefix0`, `prefix1`, …)
 * and the items under those names, to spread into the run's values.
 */
export function numbered(
  prefix: string,
  items: readonly unknown[],
): { names: string[]; values: Record<string, unknown> } {
  const names = items.map((_, i) => `${prefix}${i}`);
  return { names, values: Object.fromEntries(items.map((item, i) => [names[i]!, item])) };
}

type Prepared = (values: Record<string, unknown>, on?: Kysely<Database>) => Promise<unknown[]>;
/** Per database (its adapter, which its transactions share): the shared prepared queries by key. */
const shared = new WeakMap<object, Map<string, Prepared>>();

/**
 * `preparedQuery` for a repository made per call or per transaction (a drawer save makes its own):
 * kept for the process under `key`, once per database, and run on `db`. `key` names the query's
 * shape, so a list of values of another length is another key.
 */
export function sharedPreparedQuery<Name extends string, Row>(
  db: Kysely<Database>,
  key: string,
  names: readonly Name[],
  build: (values: Record<Name, string>) => Compilable<Row>,
): (values: Record<Name, unknown>) => Promise<Row[]> {
  const adapter = db.getExecutor().adapter;
  let byKey = shared.get(adapter);
  if (!byKey) {
    byKey = new Map();
    shared.set(adapter, byKey);
  }
  let query = byKey.get(key) as ReturnType<typeof preparedQuery<Name, Row>> | undefined;
  if (!query) {
    query = preparedQuery(db, names, build);
    byKey.set(key, query as Prepared);
  }
  const prepared = query;
  return (values) => prepared(values, db);
}
