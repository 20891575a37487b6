import type { Kysely } from 'kysely';

/**
 * EduCast (db/schema-educast.ts): lessons recorded in the browser, their chunks as they arrived,
 * and once published the lesson video they became and its join code.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema at their own point in history
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('educasts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('duration_ms', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('chunk_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('size_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('trim_start_s', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('trim_end_s', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('course_id', 'text', (c) => c.references('video_courses.id').onDelete('set null'))
    .addColumn('chapter_id', 'text')
    .addColumn('video_id', 'text', (c) => c.references('videos.id').onDelete('set null'))
    .addColumn('code', 'text', (c) => c.unique())
    .addColumn('error_code', 'text')
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('published_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('educasts_account')
    .on('educasts')
    .columns(['account_id', 'created_at'])
    .execute();
  await db.schema
    .createTable('educast_chunks')
    .addColumn('educast_id', 'text', (c) => c.notNull().references('educasts.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'bigint', (c) => c.notNull())
    .addColumn('at_ms', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('educast_chunks_pk', ['educast_id', 'seq'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('educast_chunks').execute();
  await db.schema.dropTable('educasts').execute();
}
