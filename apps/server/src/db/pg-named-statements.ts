import pg from 'pg';

/** Statement text → the name it is prepared under on each PostgreSQL connection. */
const names = new Map<string, string>();

/**
 * Marks a statement as one every request runs (db/prepared-query.ts): on PostgreSQL each pooled
 * connection parses and plans it once, under a name, and then only binds new values, instead of
 * parsing and planning the same text on every run. Only fixed statements are named: a query whose
 * text varies (a list of values, a search) would leave a new prepared statement per shape.
 */
export function nameStatement(text: string): void {
  if (!names.has(text)) names.set(text, `bw_${names.size}`);
}

/** The pool's connection class: runs named statements under their names (pg's `name` option). */
export class NamedStatementClient extends pg.Client {
  // biome-ignore lint/suspicious/noExplicitAny: pg's query has many overloads; only (text, values) is changed
  override query(...args: any[]): any {
    const [text, values] = args;
    const name = typeof text === 'string' && args.length <= 2 ? names.get(text) : undefined;
    // biome-ignore lint/suspicious/noExplicitAny: see above
    if (name) return (super.query as any)({ name, text, values });
    // biome-ignore lint/suspicious/noExplicitAny: see above
    return (super.query as any)(...args);
  }
}
