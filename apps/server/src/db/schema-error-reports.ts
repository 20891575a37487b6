// Server errors per account (migration 0051), apart from schema.ts so it stays short.

/** The 5xx answers of one account's routes with one fingerprint: how often, first and last. */
export interface AccountErrorsTable {
  account_id: string;
  fingerprint: string;
  method: string;
  route: string;
  status: number;
  code: string | null;
  error_name: string;
  count: number;
  first_at: number;
  last_at: number;
}

export interface ErrorReportTables {
  account_errors: AccountErrorsTable;
}
