import type { Kysely } from 'kysely';

/**
 * Report cards (db/schema-report-cards.ts): the signed links parents open from an
 * SMS (only the SHA-256 of a key is kept, like sign-in and photo links), the acknowledgement of a
 * card (one per student, classroom and term: acknowledging twice changes nothing), the parents'
 * feedback, and the teacher's remark on a card. A card is per student per term of a classroom.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema at their own point in history
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('report_links')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    // 'student': one student's card (/viewreport); 'table': the classroom's term table (/tableviewreport).
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('student_id', 'text', (c) => c.references('students.id').onDelete('cascade'))
    .addColumn('classroom_id', 'text', (c) => c.notNull().references('classrooms.id').onDelete('cascade'))
    .addColumn('term', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .addColumn('last_opened_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('report_links_card_idx')
    .on('report_links')
    .columns(['classroom_id', 'term', 'student_id'])
    .execute();

  await db.schema
    .createTable('report_acknowledgements')
    .addColumn('student_id', 'text', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('classroom_id', 'text', (c) => c.notNull().references('classrooms.id').onDelete('cascade'))
    .addColumn('term', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('link_id', 'text', (c) => c.references('report_links.id').onDelete('set null'))
    .addColumn('acknowledged_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('report_acknowledgements_pk', ['student_id', 'classroom_id', 'term'])
    .execute();

  await db.schema
    .createTable('report_feedback')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('student_id', 'text', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('classroom_id', 'text', (c) => c.notNull().references('classrooms.id').onDelete('cascade'))
    .addColumn('term', 'text', (c) => c.notNull())
    .addColumn('link_id', 'text', (c) => c.references('report_links.id').onDelete('set null'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('read_at', 'bigint')
    .addColumn('read_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('report_feedback_card_idx')
    .on('report_feedback')
    .columns(['classroom_id', 'term', 'created_at'])
    .execute();
  await db.schema
    .createIndex('report_feedback_unread_idx')
    .on('report_feedback')
    .columns(['account_id', 'read_at'])
    .execute();

  await db.schema
    .createTable('report_remarks')
    .addColumn('student_id', 'text', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('classroom_id', 'text', (c) => c.notNull().references('classrooms.id').onDelete('cascade'))
    .addColumn('term', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('remark', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('report_remarks_pk', ['student_id', 'classroom_id', 'term'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('report_remarks').execute();
  await db.schema.dropTable('report_feedback').execute();
  await db.schema.dropTable('report_acknowledgements').execute();
  await db.schema.dropTable('report_links').execute();
}
