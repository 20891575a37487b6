import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config/config';
import type { Db } from './db/database';
import type { Storage } from './drivers/storage/storage';
import type { Clock } from './lib/clock';
import {
  ADMISSION_PICTURE_PRUNE_JOB,
  admissionPicturePruneHandler,
} from './modules/admission/admission-picture-prune';
import {
  EXPIRED_CREDENTIALS_PRUNE_JOB,
  expiredCredentialsPruneHandler,
} from './modules/auth/expired-credentials-prune';
import { BACKUP_JOB, dailyBackupHandler } from './modules/backup/backup-schedule';
import type { JobQueue } from './modules/jobs/jobs.service';
import { type JobHandler, longJob } from './modules/jobs/worker';
import { parentLinkFixHandler, REBUILD_JOB } from './modules/parents/parent-links';
import type { RateLimiter } from './modules/rate-limit/rate-limit.service';
import { RATE_LIMIT_PRUNE_JOB, rateLimitPruneHandler } from './modules/rate-limit/rate-limit-prune';
import { UPLOADS_PRUNE_JOB, uploadsPruneHandler } from './modules/uploads/uploads-prune';

/**
 * The worker's housekeeping (composition root part): the daily backup, the parent-link repair,
 * and the scheduled prunes of ended rate-limit windows, unused admission pictures, expired codes
 * and tokens, and abandoned uploads.
 */
export function upkeepHandlers(base: {
  config: Config;
  db: Db;
  clock: Clock;
  jobs: JobQueue;
  log: FastifyBaseLogger;
  limiter: RateLimiter;
  storage: Storage;
  /** PostgreSQL schema the backup dumps (tests use one per file). */
  schema?: string;
}): Record<string, JobHandler> {
  const { config, db, clock, jobs, log, limiter, storage, schema } = base;
  return {
    [REBUILD_JOB]: parentLinkFixHandler({ db, clock }),
    [BACKUP_JOB]: longJob(dailyBackupHandler({ config, db, clock, jobs, log, schema })),
    [RATE_LIMIT_PRUNE_JOB]: rateLimitPruneHandler({ jobs, clock, limiter, log }),
    [ADMISSION_PICTURE_PRUNE_JOB]: admissionPicturePruneHandler({ db, jobs, clock, storage, log }),
    [EXPIRED_CREDENTIALS_PRUNE_JOB]: expiredCredentialsPruneHandler({ db, jobs, clock, log }),
    [UPLOADS_PRUNE_JOB]: uploadsPruneHandler({ db, jobs, clock, storage, log }),
  };
}
