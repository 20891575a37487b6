// The Recycle bin (migration 0037), apart from schema.ts so it stays short.

/** One deletion kept for recovery: a JSON copy of every row it removed, restorable until expires_at. */
export interface RecycleBinTable {
  id: string;
  account_id: string;
  /** RECYCLE_KINDS of packages/domain (contracts/recycle-bin.ts). */
  kind: string;
  /** The deleted item's own id (restored unchanged). */
  entity_id: string;
  label: string;
  detail: string | null;
  deleted_by: string | null;
  deleted_by_name: string;
  deleted_at: number;
  expires_at: number;
  /** JSON: the rows removed, table by table, exactly as they were. */
  snapshot: string;
}

export interface RecycleBinTables {
  recycle_bin: RecycleBinTable;
}
