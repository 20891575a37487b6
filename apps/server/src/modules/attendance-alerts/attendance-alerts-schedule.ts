import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { ATTENDANCE_ALERT_JOB } from '../attendance/punch.service';
import type { JobQueue, JobTypes } from '../jobs/jobs.service';
import type { JobHandler } from '../jobs/worker';
import {
  ABSENCE_JOB,
  ABSENCE_SCAN_JOB,
  type AbsenceAlerts,
  type AbsenceJob,
  enqueueAbsenceChecks,
  scheduleAbsenceScan,
} from './absence-alerts';
import type { PunchAlerts } from './punch-alerts';

/**
 * The worker's handlers of attendance SMS: a punch job's alerts, the absence
 * scan every ten minutes (which schedules the next one first), and one session's absence SMS.
 */
export function attendanceAlertHandlers(deps: {
  db: Db;
  clock: Clock;
  jobs: JobQueue;
  punchAlerts: PunchAlerts;
  absenceAlerts: AbsenceAlerts;
  log: FastifyBaseLogger;
}): Record<string, JobHandler> {
  return {
    // Enqueued by PunchService.record with the punches, in their transaction.
    [ATTENDANCE_ALERT_JOB]: async (payload) => {
      const { punchIds } = payload as JobTypes['attendance.alert'];
      await deps.punchAlerts.handle(punchIds);
    },
    [ABSENCE_SCAN_JOB]: async () => {
      await scheduleAbsenceScan(deps.jobs, deps.clock);
      const queued = await enqueueAbsenceChecks(deps);
      if (queued > 0) deps.log.info({ sessions: queued }, 'absence SMS checks queued');
    },
    [ABSENCE_JOB]: async (payload) => {
      const job = payload as AbsenceJob;
      const result = await deps.absenceAlerts.run(job);
      deps.log.info({ ...job, ...result }, 'absence SMS');
    },
  };
}
