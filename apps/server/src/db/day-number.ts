import { sql } from 'kysely';

/**
 * The Bangladesh day number of an instant column: domain `dayNumberOf` in SQL (UTC+6, whole
 * days), the same on SQLite and PostgreSQL. Reports group by it and turn numbers back into days
 * with `dayFromNumber`.
 */
export const bangladeshDayNumber = (column: string) =>
  sql<number>`(${sql.ref(column)} + 21600000) / 86400000`;
