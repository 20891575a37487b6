// Usage records (migration 0002): product analytics events and bytes downloaded per route,
// apart from schema.ts so it stays short.

export interface AnalyticsEventsTable {
  id: string;
  name: string;
  user_id: string | null;
  properties: string;
  created_at: number;
}

export interface DownloadUsageTable {
  id: string;
  account_id: string | null;
  user_id: string | null;
  route: string;
  bytes: number;
  created_at: number;
}

export interface UsageTables {
  analytics_events: AnalyticsEventsTable;
  download_usage: DownloadUsageTable;
}
