import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { FacePrintsTable, FaceSettingsTable } from '../../db/schema-faces';

/** A registration link's key with the student and account it is for. */
export interface FaceKeyRow {
  account_id: string;
  student_id: string;
  user_id: string | null;
  name: string;
  institution: string;
  expires_at: number;
}

/** SQL of face registration: sealed prints, registration keys and the account's settings. */
export class FacesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  insertKey(row: Database['face_print_keys']): Promise<unknown> {
    return this.db.insertInto('face_print_keys').values(row).execute();
  }

  /** A live key for this student (the link's `suid`), who is still a current student. */
  liveKey(keyHash: string, studentId: string, now: number): Promise<FaceKeyRow | undefined> {
    return this.db
      .selectFrom('face_print_keys as k')
      .innerJoin('students as s', 's.id', 'k.student_id')
      .innerJoin('accounts as a', 'a.id', 'k.account_id')
      .select(['k.account_id', 'k.student_id', 's.user_id', 's.name', 'a.institution', 'k.expires_at'])
      .where('k.key_hash', '=', keyHash)
      .where('k.student_id', '=', studentId)
      .whereRef('s.account_id', '=', 'k.account_id')
      .where('s.archived_at', 'is', null)
      .where('k.expires_at', '>', now)
      .executeTakeFirst();
  }

  print(accountId: string, studentId: string) {
    return this.db
      .selectFrom('face_prints')
      .select(['angles', 'liveness', 'updated_at'])
      .where('account_id', '=', accountId)
      .where('student_id', '=', studentId)
      .executeTakeFirst();
  }

  /** Stores the student's print, replacing an earlier one. */
  async savePrint(row: FacePrintsTable): Promise<void> {
    await this.db
      .insertInto('face_prints')
      .values(row)
      .onConflict((oc) =>
        oc.column('student_id').doUpdateSet({
          sealed: row.sealed,
          model: row.model,
          angles: row.angles,
          liveness: row.liveness,
          updated_at: row.updated_at,
        }),
      )
      .execute();
  }

  /** Deletes the student's print and registration links; false when there was neither. */
  async deletePrint(accountId: string, studentId: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const prints = await trx
        .deleteFrom('face_prints')
        .where('account_id', '=', accountId)
        .where('student_id', '=', studentId)
        .executeTakeFirst();
      const keys = await trx
        .deleteFrom('face_print_keys')
        .where('account_id', '=', accountId)
        .where('student_id', '=', studentId)
        .executeTakeFirst();
      return Number(prints.numDeletedRows) + Number(keys.numDeletedRows) > 0;
    });
  }

  /** The account's current students' prints, for its kiosks. */
  kioskPrints(accountId: string) {
    return this.db
      .selectFrom('face_prints as f')
      .innerJoin('students as s', 's.id', 'f.student_id')
      .select(['f.student_id', 'f.sealed', 'f.model', 'f.updated_at', 's.name', 's.avatar_key'])
      .where('f.account_id', '=', accountId)
      .whereRef('s.account_id', '=', 'f.account_id')
      .where('s.archived_at', 'is', null)
      .orderBy('f.student_id')
      .execute();
  }

  settings(accountId: string): Promise<FaceSettingsTable | undefined> {
    return this.db
      .selectFrom('face_settings')
      .selectAll()
      .where('account_id', '=', accountId)
      .executeTakeFirst();
  }

  async saveSettings(row: FaceSettingsTable): Promise<void> {
    await this.db
      .insertInto('face_settings')
      .values(row)
      .onConflict((oc) =>
        oc
          .column('account_id')
          .doUpdateSet({ threshold: row.threshold, keep_photo: row.keep_photo, updated_at: row.updated_at }),
      )
      .execute();
  }
}
