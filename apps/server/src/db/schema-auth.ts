// Sign-in's tables: sessions, one-time codes and rate-limit windows, apart from schema.ts so it
// stays short.

export interface SessionsTable {
  id: string;
  /** SHA-256 of the cookie token: a leaked table does not yield usable sessions. */
  token_hash: string;
  user_id: string;
  impersonator_id: string | null;
  active_account_id: string | null;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  ip: string | null;
  user_agent: string | null;
  revoked_at: number | null;
}

export interface VerificationCodesTable {
  id: string;
  purpose: 'phone-sign-in' | 'password-reset' | 'phone-change';
  target: string;
  code_hash: string;
  attempts: number;
  created_at: number;
  expires_at: number;
  consumed_at: number | null;
}

export interface RateLimitsTable {
  bucket: string;
  window_start: number;
  hits: number;
  /** When the bucket was last hit; kept by backoff limits only. */
  last_hit_at: number | null;
  /** When the window ends and the row may be pruned (null on rows from before it was kept). */
  expires_at: number | null;
}

export interface AuthTables {
  sessions: SessionsTable;
  verification_codes: VerificationCodesTable;
  rate_limits: RateLimitsTable;
}
