// The Firebase import's tables (migration 0063), apart from schema.ts so neither grows past reading.

/** Which of our rows a Firebase record became: the key a rerun finds it by. */
export interface FirebaseImportKeysTable {
  /** 'user' | 'account' | 'classroom' | 'student' | 'archived-class' */
  kind: string;
  /** The record's Firebase path, from the uid down (uid, uid/batchKey, uid/studentUid…). */
  firebase_key: string;
  our_id: string;
  imported_at: number;
}

/** One import that wrote (dry runs store nothing), with its report for staff. */
export interface FirebaseImportRunsTable {
  id: string;
  file_name: string;
  started_at: number;
  finished_at: number;
  /** JSON: the ImportReport (modules/firebase-import/import-report.ts). */
  report: string;
}

export interface FirebaseImportTables {
  firebase_import_keys: FirebaseImportKeysTable;
  firebase_import_runs: FirebaseImportRunsTable;
}
