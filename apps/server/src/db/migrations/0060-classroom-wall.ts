import type { Kysely } from 'kysely';

/**
 * The classroom wall (db/schema-wall.ts): announcements, the classrooms each is posted to, and
 * students' comments. Walls are read a classroom at a time, pinned first and newest first.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema at their own point in history
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('wall_posts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('author_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('pinned', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('comments_on', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('attachments', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('sms_send_id', 'text')
    .addColumn('sms_sent_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('wall_post_classrooms')
    .addColumn('post_id', 'text', (c) => c.notNull().references('wall_posts.id').onDelete('cascade'))
    .addColumn('classroom_id', 'text', (c) => c.notNull().references('classrooms.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('wall_post_classrooms_pk', ['classroom_id', 'post_id'])
    .execute();
  await db.schema
    .createIndex('wall_post_classrooms_post')
    .on('wall_post_classrooms')
    .column('post_id')
    .execute();
  await db.schema
    .createTable('wall_comments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('post_id', 'text', (c) => c.notNull().references('wall_posts.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull())
    // No foreign key: a comment is the author's words on the wall, not a row of the student's
    // record, so deleting and restoring a student (STUDENT_TABLES) neither takes nor needs it.
    .addColumn('student_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('wall_comments_post')
    .on('wall_comments')
    .columns(['post_id', 'created_at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('wall_comments').execute();
  await db.schema.dropTable('wall_post_classrooms').execute();
  await db.schema.dropTable('wall_posts').execute();
}
