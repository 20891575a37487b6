// Resumable uploads (migration 0070) and classroom files (migration 0071), apart from schema.ts
// so it stays short.

/**
 * `uploading` while bytes arrive; `stored` once checked and in storage; `claimed` once used;
 * `pruning` when it waited too long for its claim and its file is being deleted (uploads-prune.ts).
 */
export type UploadStatus = 'uploading' | 'stored' | 'claimed' | 'pruning';

export interface UploadsTable {
  /** The tus upload id (the last segment of its address). */
  id: string;
  account_id: string;
  uploader_user_id: string | null;
  /** An UploadPurpose (packages/domain uploads/uploads.ts). */
  purpose: string;
  file_name: string;
  /** Declared while uploading; from the file's signature once stored. */
  content_type: string;
  /** The declared Upload-Length (reserved against the quota), then the stored size. */
  size_bytes: number;
  storage_key: string | null;
  status: UploadStatus;
  created_at: number;
  finished_at: number | null;
  claimed_at: number | null;
}

export interface FileFoldersTable {
  id: string;
  account_id: string;
  classroom_id: string;
  name: string;
  created_by: string | null;
  created_at: number;
}

export interface ClassroomFilesTable {
  id: string;
  account_id: string;
  classroom_id: string;
  folder_id: string | null;
  /** The claimed upload holding the bytes; null for a note. */
  upload_id: string | null;
  title: string;
  note: string;
  /** A FileShare: private, classroom or students (classroom_file_students). */
  share: string;
  created_by: string | null;
  created_at: number;
}

export interface ClassroomFileStudentsTable {
  file_id: string;
  student_id: string;
}

export interface UploadTables {
  uploads: UploadsTable;
  file_folders: FileFoldersTable;
  classroom_files: ClassroomFilesTable;
  classroom_file_students: ClassroomFileStudentsTable;
}
