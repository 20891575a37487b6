// The first-run checklist's own state (migration 0034), apart from schema.ts so it stays short.

/** Per account: when the checklist was hidden and when the admission link was opened from it. */
export interface GettingStartedTable {
  account_id: string;
  dismissed_at: number | null;
  admission_link_opened_at: number | null;
  updated_at: number;
}

export interface GettingStartedTables {
  getting_started: GettingStartedTable;
}
