import type { Kysely } from 'kysely';

/**
 * Public video courses (db/schema-public-video.ts): a course's public link with its price, and
 * the purchases of paid courses made through the institution's gateway, each with the buyer's
 * access token. Both go with their course.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema at their own point in history
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('video_course_publications')
    .addColumn('course_id', 'text', (c) => c.primaryKey().references('video_courses.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('link_key', 'text', (c) => c.notNull().unique())
    .addColumn('price', 'bigint', (c) => c.notNull())
    .addColumn('published_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('video_course_purchases')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('course_id', 'text', (c) => c.notNull().references('video_courses.id').onDelete('cascade'))
    .addColumn('buyer_name', 'text', (c) => c.notNull())
    .addColumn('buyer_phone', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('gateway', 'text', (c) => c.notNull())
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('tran_id', 'text', (c) => c.notNull().unique())
    .addColumn('gateway_payment_id', 'text')
    .addColumn('gateway_trx_id', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('access_token', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('paid_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('video_course_purchases_course')
    .on('video_course_purchases')
    .columns(['course_id', 'status'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('video_course_purchases').execute();
  await db.schema.dropTable('video_course_publications').execute();
}
