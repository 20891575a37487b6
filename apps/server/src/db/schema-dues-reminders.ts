// Dues reminders by SMS (migration 0024), apart from schema.ts so it stays short.

import type { InterfaceLanguage } from '@batchwise/domain';

/** An account's automatic monthly dues reminder. */
export interface DuesReminderSettingsTable {
  account_id: string;
  enabled: number;
  /** 1–28: every month has it. Bangladesh time. */
  day_of_month: number;
  template: string;
  language: InterfaceLanguage;
  to_student: number;
  to_parent1: number;
  to_parent2: number;
  updated_at: number;
  updated_by_user_id: string | null;
}

/** The automatic reminder of one account in one month: written once, in the send's transaction. */
export interface DuesReminderRunsTable {
  account_id: string;
  /** YYYY-MM (Bangladesh) */
  month: string;
  at: number;
  outcome: 'sent' | 'nobody-due' | 'no-quota';
  recipients: number;
  send_id: string | null;
}

export interface DuesReminderTables {
  dues_reminder_settings: DuesReminderSettingsTable;
  dues_reminder_runs: DuesReminderRunsTable;
}
