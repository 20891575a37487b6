import type { Kysely } from 'kysely';

/**
 * Open live-update streams (`GET /api/events`), so the per-user and per-address limits hold
 * across every API process on one database. A row is a lease: its process renews it while the
 * stream is open and deletes it on close; a crashed process's rows simply expire.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema at their own point in history
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('event_streams')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('instance_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('opened_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('event_streams_user').on('event_streams').columns(['user_id']).execute();
  await db.schema.createIndex('event_streams_ip').on('event_streams').columns(['ip']).execute();
  await db.schema
    .createIndex('event_streams_instance')
    .on('event_streams')
    .columns(['instance_id'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('event_streams').execute();
}
