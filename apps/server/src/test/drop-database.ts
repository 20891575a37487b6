import type pg from 'pg';

/**
 * Drops a test database with FORCE, which ends our own sessions but not an autovacuum worker
 * PostgreSQL may have started on freshly written tables (42501 for a role without
 * pg_signal_backend): the drop is tried again until the worker has finished, a few seconds at most.
 */
export async function dropDatabaseForce(client: pg.Client, name: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '42501' || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
