import { type Kysely, sql } from 'kysely';
import { dialectOf } from './0005-list-versions';

/**
 * The staff console's Firebase import (db/schema-firebase-import.ts): exports uploaded for it, and
 * runs that are queued or running (no finish, no report yet), dry runs among them, with who started
 * them, their progress per section and why a failed one stopped.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema at their own point in history
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('firebase_import_files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('bytes', 'bigint', (c) => c.notNull())
    .addColumn('uploaded_by', 'text', (c) => c.notNull())
    .addColumn('uploaded_at', 'bigint', (c) => c.notNull())
    .execute();

  for (const [column, type, fallback] of [
    ['dry_run', 'integer', 0],
    ['status', 'text', 'done'],
  ] as const)
    await db.schema
      .alterTable('firebase_import_runs')
      .addColumn(column, type, (c) => c.notNull().defaultTo(fallback))
      .execute();
  for (const column of ['progress', 'error', 'started_by'])
    await db.schema.alterTable('firebase_import_runs').addColumn(column, 'text').execute();
  await nullable(db, true);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  // The runs as 0063 knew them: those that wrote and finished.
  await db
    .deleteFrom('firebase_import_runs')
    .where((eb) => eb.or([eb('dry_run', '=', 1), eb('status', '!=', 'done')]))
    .execute();
  await nullable(db, false);
  for (const column of ['started_by', 'error', 'progress', 'status', 'dry_run'])
    await db.schema.alterTable('firebase_import_runs').dropColumn(column).execute();
  await db.schema.dropTable('firebase_import_files').execute();
}

/**
 * `finished_at` and `report` empty (`yes`) or required: PostgreSQL alters the columns; SQLite
 * cannot, so its table is copied into one of the new shape.
 */
// biome-ignore lint/suspicious/noExplicitAny: see up()
async function nullable(db: Kysely<any>, yes: boolean): Promise<void> {
  if ((await dialectOf(db)) === 'postgres') {
    for (const column of ['finished_at', 'report'])
      await sql`alter table firebase_import_runs alter column ${sql.ref(column)} ${sql.raw(yes ? 'drop' : 'set')} not null`.execute(
        db,
      );
    return;
  }
  const columns = [
    'id',
    'file_name',
    'started_at',
    'finished_at',
    'report',
    'dry_run',
    'status',
    'progress',
    'error',
    'started_by',
  ];
  await db.schema.alterTable('firebase_import_runs').renameTo('firebase_import_runs_old').execute();
  await db.schema
    .createTable('firebase_import_runs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint', (c) => (yes ? c : c.notNull()))
    .addColumn('report', 'text', (c) => (yes ? c : c.notNull()))
    .addColumn('dry_run', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('done'))
    .addColumn('progress', 'text')
    .addColumn('error', 'text')
    .addColumn('started_by', 'text')
    .execute();
  const list = sql.join(columns.map((c) => sql.ref(c)));
  await sql`insert into firebase_import_runs (${list}) select ${list} from firebase_import_runs_old`.execute(
    db,
  );
  await db.schema.dropTable('firebase_import_runs_old').execute();
}
