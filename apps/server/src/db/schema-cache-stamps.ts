import type { StampedTable } from './pg-table-stamps';

/** One row: a counter per table that PostgreSQL raises on every committed change (migration 0075). */
export type CacheStampsTable = { id: number } & Record<StampedTable, number>;

export interface CacheStampTables {
  cache_stamps: CacheStampsTable;
}
