import { dayOf, nextBangladeshHour } from '@batchwise/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/config';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { JobQueue } from '../jobs/jobs.service';
import { backupSource, createBackup, pruneBackups } from './backup.service';

export const BACKUP_JOB = 'backup.daily';

/**
 * Puts the next daily backup in the jobs table. The idempotency key is its Bangladesh date, so
 * however many processes start (or the job itself re-schedules), one backup runs per day, on
 * whichever worker claims it.
 */
export async function scheduleDailyBackup(config: Config, jobs: JobQueue, clock: Clock): Promise<void> {
  if (!config.backup.dir) return;
  const runAt = nextBangladeshHour(clock.now(), config.backup.hour);
  await jobs.enqueue(BACKUP_JOB, {}, { runAt, idempotencyKey: `${BACKUP_JOB}:${dayOf(runAt)}` });
}

/** The daily job: schedules tomorrow's first (so a failing backup never ends the chain), then backs up and prunes. */
export function dailyBackupHandler(deps: {
  config: Config;
  db: Db;
  clock: Clock;
  jobs: JobQueue;
  log: FastifyBaseLogger;
  schema?: string;
}) {
  return async () => {
    const { config, clock, log } = deps;
    const dir = config.backup.dir;
    if (!dir) throw new Error('BACKUP_DIR is not set in the process that took the backup job');
    await scheduleDailyBackup(config, deps.jobs, clock);
    const { dir: archive, manifest } = await createBackup(
      backupSource(config, deps.db, clock.now(), deps.schema),
      dir,
    );
    const deleted = await pruneBackups(dir, config.backup.keepDays, clock.now());
    log.info(
      { archive, tables: Object.keys(manifest.tables).length, files: manifest.files.length, deleted },
      'daily backup written',
    );
  };
}
