import type { Generated } from 'kysely';

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

/**
 * One import with its report for staff: every run of the command line that wrote, and every run
 * started from the staff console, dry or not (migration 0082).
 */
export interface FirebaseImportRunsTable {
  id: string;
  file_name: string;
  started_at: number;
  /** Null while queued or running. */
  finished_at: number | null;
  /** JSON: the ImportReport (modules/firebase-import/import-report.ts); null until it finishes. */
  report: string | null;
  dry_run: Generated<number>;
  /** 'queued' | 'running' | 'done' | 'failed' */
  status: Generated<string>;
  /** JSON: records processed so far per section, while it runs. */
  progress: string | null;
  error: string | null;
  /** The staff member who started it from the console; null for the command line. */
  started_by: string | null;
}

/** An export (or Firebase Auth export) staff uploaded for an import (migration 0082). */
export interface FirebaseImportFilesTable {
  id: string;
  file_name: string;
  storage_key: string;
  bytes: number;
  uploaded_by: string;
  uploaded_at: number;
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
  firebase_import_files: FirebaseImportFilesTable;
  firebase_import_keys: FirebaseImportKeysTable;
  firebase_import_records: FirebaseImportRecordsTable;
  firebase_import_runs: FirebaseImportRunsTable;
}
