import type { IncidentState, StatusState } from '@batchwise/domain';

// The public status page's tables (migration 0045), apart from schema.ts so it stays short.

/** An incident staff post on the status page; its state is the latest update's. */
export interface StatusIncidentsTable {
  id: string;
  title: string;
  state: IncidentState;
  created_by: string | null;
  created_at: number;
  updated_at: number;
  resolved_at: number | null;
}

export interface StatusIncidentUpdatesTable {
  id: string;
  incident_id: string;
  state: IncidentState;
  message: string;
  created_by: string | null;
  created_at: number;
}

/** One part's worst state on one day (Asia/Dhaka date, YYYY-MM-DD). */
export interface StatusDaysTable {
  component: string;
  day: string;
  state: StatusState;
  updated_at: number;
}

export interface StatusTables {
  status_incidents: StatusIncidentsTable;
  status_incident_updates: StatusIncidentUpdatesTable;
  status_days: StatusDaysTable;
}
