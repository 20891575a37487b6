import type { Kysely } from 'kysely';

// Attendance alerts in every interface language (spec part 1 §1): the six columns of English and
// Bangla templates become one JSON column of kind → language → text, holding only the texts a
// classroom changed. Rows are moved by the application, the same on SQLite and PostgreSQL.

const KINDS = ['entry', 'exit', 'absence'] as const;
const OLD_LANGUAGES = ['en', 'bn'] as const;
const OLD_COLUMNS = KINDS.flatMap((kind) => OLD_LANGUAGES.map((language) => `${kind}_${language}`));

type Templates = Record<string, Record<string, string>>;

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema at their own point in history
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('attendance_alert_texts')
    .addColumn('templates', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  const rows = await db
    .selectFrom('attendance_alert_texts')
    .select(['classroom_id', ...OLD_COLUMNS])
    .execute();
  for (const row of rows) {
    const templates: Templates = {};
    for (const kind of KINDS) {
      for (const language of OLD_LANGUAGES) {
        const text = row[`${kind}_${language}`];
        if (typeof text === 'string') templates[kind] = { ...templates[kind], [language]: text };
      }
    }
    await db
      .updateTable('attendance_alert_texts')
      .set({ templates: JSON.stringify(templates) })
      .where('classroom_id', '=', row.classroom_id)
      .execute();
  }
  for (const column of OLD_COLUMNS)
    await db.schema.alterTable('attendance_alert_texts').dropColumn(column).execute();
}

/** Back to English and Bangla: texts in the other languages are dropped, their classrooms speak Bangla. */
// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const column of OLD_COLUMNS)
    await db.schema.alterTable('attendance_alert_texts').addColumn(column, 'text').execute();
  const rows = await db.selectFrom('attendance_alert_texts').select(['classroom_id', 'templates']).execute();
  for (const row of rows) {
    const templates = JSON.parse(row.templates) as Templates;
    const columns: Record<string, string | null> = {};
    for (const kind of KINDS)
      for (const language of OLD_LANGUAGES)
        columns[`${kind}_${language}`] = templates[kind]?.[language] ?? null;
    await db
      .updateTable('attendance_alert_texts')
      .set(columns)
      .where('classroom_id', '=', row.classroom_id)
      .execute();
  }
  await db
    .updateTable('attendance_alert_texts')
    .set({ language: 'bn' })
    .where('language', 'not in', [...OLD_LANGUAGES])
    .execute();
  await db.schema.alterTable('attendance_alert_texts').dropColumn('templates').execute();
}
