// The money manager's own rows (migration 0023), apart from schema.ts so it
// stays short. Income from fees is read from the payments tables (schema-fees.ts); these are the
// income and expenses recorded by hand. Amounts are whole paisa.

/** A manual income or expense. Deleted entries stay for the record with who deleted them. */
export interface MoneyEntriesTable {
  id: string;
  account_id: string;
  kind: 'income' | 'expense';
  /** A built-in category key (DEFAULT_MONEY_CATEGORIES) or the account's own text. */
  category: string;
  amount: number;
  /**
   * When it happened: the moment it was recorded for today, else noon of the Bangladesh day
   * chosen, so entries group by day exactly as payments do and sort sensibly among them.
   */
  occurred_at: number;
  note: string;
  created_at: number;
  created_by_user_id: string | null;
  updated_at: number | null;
  updated_by_user_id: string | null;
  removed_at: number | null;
  removed_by_user_id: string | null;
}

/** The tables of this file, as db/schema.ts `Database` takes them in. */
export interface MoneyTables {
  money_entries: MoneyEntriesTable;
}
