// The staff console's tables (migration 0044), apart from schema.ts so it stays short.

/** A suspended account: its people may sign in, read and export, not write (modules/staff-console). */
export interface AccountSuspensionsTable {
  account_id: string;
  reason: string;
  suspended_by: string;
  suspended_at: number;
}

/** A tag the staff put on accounts ("pilot", "reseller", "at risk"); never shown to the account. */
export interface AccountLabelsTable {
  id: string;
  name: string;
  name_key: string;
  created_by: string;
  created_at: number;
}

export interface AccountLabelLinksTable {
  label_id: string;
  account_id: string;
  created_at: number;
}

/** The maintenance switch: a row while maintenance is on (modules/maintenance). */
export interface PlatformMaintenanceTable {
  id: 'platform';
  message: string;
  started_by: string;
  started_at: number;
}

/** The tables of this file, as db/schema.ts `Database` takes them in. */
export interface StaffConsoleTables {
  account_suspensions: AccountSuspensionsTable;
  account_labels: AccountLabelsTable;
  account_label_links: AccountLabelLinksTable;
  platform_maintenance: PlatformMaintenanceTable;
}
