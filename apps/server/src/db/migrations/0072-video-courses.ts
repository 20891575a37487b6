import type { Kysely } from 'kysely';

/**
 * Private video courses (db/schema-video.ts): lesson videos with their transcode state, courses
 * made of ordered chapters of videos, the classrooms a course is attached to, and where each
 * student is in each video.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema at their own point in history
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('videos')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'bigint', (c) => c.notNull())
    .addColumn('source_key', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('error_code', 'text')
    .addColumn('error_detail', 'text')
    .addColumn('duration_ms', 'bigint')
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('renditions', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('poster_key', 'text')
    .addColumn('stream_secret', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('videos_account').on('videos').columns(['account_id', 'created_at']).execute();
  await db.schema
    .createTable('video_courses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('video_courses_account').on('video_courses').column('account_id').execute();
  await db.schema
    .createTable('video_chapters')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('course_id', 'text', (c) => c.notNull().references('video_courses.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('video_chapters_course').on('video_chapters').column('course_id').execute();
  await db.schema
    .createTable('video_chapter_items')
    .addColumn('chapter_id', 'text', (c) => c.notNull().references('video_chapters.id').onDelete('cascade'))
    .addColumn('video_id', 'text', (c) => c.notNull().references('videos.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('video_chapter_items_pk', ['chapter_id', 'video_id'])
    .execute();
  await db.schema
    .createIndex('video_chapter_items_video')
    .on('video_chapter_items')
    .column('video_id')
    .execute();
  await db.schema
    .createTable('video_course_classrooms')
    .addColumn('course_id', 'text', (c) => c.notNull().references('video_courses.id').onDelete('cascade'))
    .addColumn('classroom_id', 'text', (c) => c.notNull().references('classrooms.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('video_course_classrooms_pk', ['classroom_id', 'course_id'])
    .execute();
  await db.schema
    .createIndex('video_course_classrooms_course')
    .on('video_course_classrooms')
    .column('course_id')
    .execute();
  await db.schema
    .createTable('video_progress')
    .addColumn('video_id', 'text', (c) => c.notNull().references('videos.id').onDelete('cascade'))
    // No foreign key, as wall comments: progress is the viewer's history, not the student's record.
    .addColumn('student_id', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('position_ms', 'bigint', (c) => c.notNull())
    .addColumn('furthest_ms', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('video_progress_pk', ['video_id', 'student_id'])
    .execute();
  await db.schema.createIndex('video_progress_student').on('video_progress').column('student_id').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'video_progress',
    'video_course_classrooms',
    'video_chapter_items',
    'video_chapters',
    'video_courses',
    'videos',
  ])
    await db.schema.dropTable(table).execute();
}
