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

/**
 * A record of an export as last imported (migration 0077): its content hash, and what importing it
 * reported and handed to the later passes, so a rerun replays an unchanged record.
 */
export interface FirebaseImportRecordsTable {
  /** 'USERS' | 'StudentArchive' | 'PARENT-STUDENT-MAPPER' */
  section: string;
  /** The record's key in its section (a parent mapper batch: its first key). */
  firebase_key: string;
  hash: string;
  /** JSON: modules/firebase-import/record-replay.ts */
  replay: string;
  imported_at: number;
}

export interface FirebaseImportTables {
  firebase_import_keys: FirebaseImportKeysTable;
  firebase_import_records: FirebaseImportRecordsTable;
  firebase_import_runs: FirebaseImportRunsTable;
}
