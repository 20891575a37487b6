// Links sent to people (auto-login links, live photo keys, short links), apart from schema.ts so
// it stays short.

export interface AuthLinksTable {
  id: string;
  kind: 'student' | 'teacher';
  /** SHA-256 of the link's key */
  key_hash: string;
  user_id: string;
  account_id: string;
  student_id: string | null;
  created_by: string | null;
  created_at: number;
  valid_till: number;
  last_used_at: number | null;
  revoked_at: number | null;
}

export interface LivePhotoKeysTable {
  id: string;
  key_hash: string;
  student_id: string;
  account_id: string;
  created_by: string | null;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface ShortLinksTable {
  code: string;
  /** Always a path of this app (/…): short links never lead elsewhere. */
  path: string;
  account_id: string | null;
  created_by: string | null;
  created_at: number;
  expires_at: number | null;
  hits: number;
}

export interface LinkTables {
  auth_links: AuthLinksTable;
  live_photo_keys: LivePhotoKeysTable;
  short_links: ShortLinksTable;
}
