import {
  type AliasNode,
  IdentifierNode,
  type Kysely,
  type KyselyPlugin,
  type OperationNode,
  OperationNodeTransformer,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  sql,
  TableNode,
} from 'kysely';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';

// For the caches' "covers every table" tests (CACHING.md rule 3): the tables a cached read
// touches, and the tables whose writes raise a version, read from the database's own triggers.

/**
 * Every table a query names, read or written (subqueries and joins too). A column of an aliased
 * table (`m.marks`) names the alias as its table: aliases are not tables.
 */
class TableCollector extends OperationNodeTransformer {
  private readonly named = new Set<string>();
  private readonly aliases = new Set<string>();
  get tables(): Set<string> {
    return new Set([...this.named].filter((name) => !this.aliases.has(name)));
  }
  collect(node: OperationNode): void {
    this.transformNode(node);
  }
  protected override transformTable(node: TableNode): TableNode {
    this.named.add(node.table.identifier.name);
    return super.transformTable(node);
  }
  protected override transformAlias(node: AliasNode): AliasNode {
    if (TableNode.is(node.node) && IdentifierNode.is(node.alias)) this.aliases.add(node.alias.name);
    return super.transformAlias(node);
  }
}

/** Records the tables of every query run through it. */
export class TablesRead implements KyselyPlugin {
  private readonly collector = new TableCollector();
  get tables(): Set<string> {
    return this.collector.tables;
  }
  transformQuery({ node }: PluginTransformQueryArgs) {
    this.collector.collect(node);
    return node;
  }
  async transformResult({ result }: PluginTransformResultArgs) {
    return result;
  }
}

/** The tables with a trigger named `{prefix}…` (the tables whose writes raise that version). */
export async function triggeredTables(db: Db, prefixes: readonly string[]): Promise<Set<string>> {
  const kysely: Kysely<Database> = db.kysely;
  const names = new Set<string>();
  for (const prefix of prefixes) {
    const { rows } =
      db.dialect === 'sqlite'
        ? await sql<{ name: string }>`select tbl_name as name from sqlite_master
            where type = 'trigger' and name like ${`${prefix}%`}`.execute(kysely)
        : await sql<{
            name: string;
          }>`select distinct event_object_table as name from information_schema.triggers
            where trigger_name like ${`${prefix}%`} and trigger_schema = current_schema()`.execute(kysely);
    for (const row of rows) names.add(row.name);
  }
  return names;
}
