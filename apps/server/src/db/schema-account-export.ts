// The account export's table (migration 0067), apart from schema.ts so neither grows past reading.

export type AccountExportStatus = 'queued' | 'running' | 'ready' | 'failed';

/** One archive an owner asked for (modules/account-export). */
export interface AccountExportsTable {
  id: string;
  account_id: string;
  requested_by: string;
  status: AccountExportStatus;
  /** 0–100, written by the job as it goes. */
  progress: number;
  /** The archive's storage key once it is ready. */
  file_key: string | null;
  bytes: number | null;
  error: string | null;
  created_at: number;
  finished_at: number | null;
  /** After this the download link answers 410 and the archive is deleted. */
  expires_at: number | null;
  /** Random; the download link carries an HMAC of the export id and expiry made with it. */
  link_secret: string;
}

export interface AccountExportTables {
  account_exports: AccountExportsTable;
}
