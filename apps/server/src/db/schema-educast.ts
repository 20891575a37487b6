// EduCast (migration 0079), apart from schema.ts so it stays short.

/** A lesson recorded in the browser (contracts/educast.ts). */
export interface EducastsTable {
  id: string;
  account_id: string;
  title: string;
  /** contracts/educast.ts EDUCAST_SOURCES. */
  source: string;
  /** contracts/educast.ts EDUCAST_STATES. */
  state: string;
  /** The recording's length at its last chunk, pauses excluded. */
  duration_ms: number;
  /** Chunks that arrived in order (the next seq expected). */
  chunk_count: number;
  size_bytes: number;
  trim_start_s: number;
  trim_end_s: number;
  /** Where it is published: the course, its chapter, and the lesson video it became. */
  course_id: string | null;
  chapter_id: string | null;
  video_id: string | null;
  /** The join code, given on publishing; unique over every account. */
  code: string | null;
  error_code: string | null;
  created_by: string | null;
  created_at: number;
  updated_at: number;
  published_at: number | null;
}

/** One chunk of a recording as it arrived, stored under `storage_key`. */
export interface EducastChunksTable {
  educast_id: string;
  seq: number;
  account_id: string;
  storage_key: string;
  size_bytes: number;
  at_ms: number;
  created_at: number;
}

export interface EducastTables {
  educasts: EducastsTable;
  educast_chunks: EducastChunksTable;
}
