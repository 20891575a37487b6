import type { Kysely } from 'kysely';

/**
 * The public status page (db/schema-status.ts): incidents staff post with their updates, and
 * each part's worst state per day, so the page shows 90 days of history.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema at their own point in history
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('status_incidents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('resolved_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('status_incidents_created_idx')
    .on('status_incidents')
    .column('created_at')
    .execute();
  await db.schema
    .createTable('status_incident_updates')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('incident_id', 'text', (c) =>
      c.notNull().references('status_incidents.id').onDelete('cascade'),
    )
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('status_incident_updates_incident_idx')
    .on('status_incident_updates')
    .columns(['incident_id', 'created_at'])
    .execute();
  await db.schema
    .createTable('status_days')
    .addColumn('component', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('status_days_pk', ['component', 'day'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('status_days').execute();
  await db.schema.dropTable('status_incident_updates').execute();
  await db.schema.dropTable('status_incidents').execute();
}
