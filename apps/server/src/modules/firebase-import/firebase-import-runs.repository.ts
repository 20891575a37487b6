import { type Insertable, type Kysely, sql, type Updateable } from 'kysely';
import type { DialectName } from '../../db/database';
import type { Database } from '../../db/schema';
import type { FirebaseImportFilesTable, FirebaseImportRunsTable } from '../../db/schema-firebase-import';

export type RunRow = Omit<FirebaseImportRunsTable, 'dry_run' | 'status'> & {
  dry_run: number;
  status: string;
};

/** The only SQL of the staff console's import: uploaded exports and the runs with their reports. */
export class FirebaseImportRunsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  insertFile(row: FirebaseImportFilesTable): Promise<unknown> {
    return this.db.insertInto('firebase_import_files').values(row).execute();
  }

  file(id: string): Promise<FirebaseImportFilesTable | undefined> {
    return this.db.selectFrom('firebase_import_files').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async filesBefore(uploadedBefore: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('firebase_import_files')
      .select('id')
      .where('uploaded_at', '<', uploadedBefore)
      .execute();
    return rows.map((row) => row.id);
  }

  deleteFile(id: string): Promise<unknown> {
    return this.db.deleteFrom('firebase_import_files').where('id', '=', id).execute();
  }

  insertRun(row: Insertable<FirebaseImportRunsTable>): Promise<unknown> {
    return this.db.insertInto('firebase_import_runs').values(row).execute();
  }

  updateRun(id: string, changes: Updateable<FirebaseImportRunsTable>): Promise<unknown> {
    return this.db.updateTable('firebase_import_runs').set(changes).where('id', '=', id).execute();
  }

  run(id: string): Promise<RunRow | undefined> {
    return this.db.selectFrom('firebase_import_runs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * Two starts at once wait for each other until the first commits, so the second sees its run
   * (SQLite's single writer already does this).
   */
  async lockStarts(dialect: DialectName): Promise<void> {
    if (dialect === 'postgres')
      await sql`select pg_advisory_xact_lock(hashtext('batchwise:firebase-import'))`.execute(this.db);
  }

  /** A run that is queued or running, if any: there is one at a time. */
  active(): Promise<{ id: string } | undefined> {
    return this.db
      .selectFrom('firebase_import_runs')
      .select('id')
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirst();
  }

  latest(limit: number): Promise<RunRow[]> {
    return this.db
      .selectFrom('firebase_import_runs')
      .selectAll()
      .orderBy('started_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }
}
