// The AI tools' tables (migration 0056), apart from schema.ts so it stays short.

/** Credits an account has left for AI requests. */
export interface AiCreditBalancesTable {
  account_id: string;
  balance: number;
  updated_at: number;
}

/** One request to the model: its task, prompt version, tokens and outcome (charged or not). */
export interface AiRequestsTable {
  id: string;
  account_id: string;
  user_id: string | null;
  task: string;
  prompt_version: number;
  model: string;
  /** 'ok' (charged) or 'failed' (not charged; `error_code` says why). */
  status: 'ok' | 'failed';
  error_code: string | null;
  attempts: number;
  prompt_tokens: number;
  completion_tokens: number;
  /** Credits charged: the task's cost when ok, 0 when failed. */
  credits: number;
  created_at: number;
  finished_at: number;
}

/** A change of an account's AI credits: the monthly allowance or a charged request. */
export interface AiCreditLedgerTable {
  id: string;
  account_id: string;
  delta: number;
  balance_after: number;
  reason: 'allowance' | 'request';
  request_id: string | null;
  /** YYYY-MM of an allowance; null for other rows. */
  month: string | null;
  created_at: number;
}

/** The tables of this file, as db/schema.ts `Database` takes them in. */
export interface AiTables {
  ai_credit_balances: AiCreditBalancesTable;
  ai_requests: AiRequestsTable;
  ai_credit_ledger: AiCreditLedgerTable;
}
