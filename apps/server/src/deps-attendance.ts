import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db/database';
import type { Storage } from './drivers/storage/storage';
import type { Clock } from './lib/clock';
import type { AccessPolicy } from './modules/access/access.policy';
import { KioskService } from './modules/attendance/kiosk.service';
import { PunchService } from './modules/attendance/punch.service';
import { AbsenceAlerts } from './modules/attendance-alerts/absence-alerts';
import { AttendanceAlertsService } from './modules/attendance-alerts/attendance-alerts.service';
import { attendanceAlertHandlers } from './modules/attendance-alerts/attendance-alerts-schedule';
import { type AttendanceLinkLookup, PunchAlerts } from './modules/attendance-alerts/punch-alerts';
import { AttendanceDevicesService } from './modules/attendance-devices/attendance-devices.service';
import { IclockService } from './modules/attendance-devices/iclock.service';
import { AttendanceReportsService } from './modules/attendance-reports/attendance-reports.service';
import { RollCallService } from './modules/attendance-reports/roll-call.service';
import type { EventBus } from './modules/events/event-bus';
import { FacesService } from './modules/faces/faces.service';
import type { JobQueue } from './modules/jobs/jobs.service';
import type { JobHandler } from './modules/jobs/worker';
import type { SecretBox } from './modules/online-pay/secret-box';
import { OtherUserGate } from './modules/other-users/other-user-gate';
import { OtherUsersService } from './modules/other-users/other-users.service';
import type { RateLimiter } from './modules/rate-limit/rate-limit.service';
import type { SmsSendService } from './modules/sms/sms-send.service';

/** Attendance's services, part of `Deps`. */
export interface AttendanceServices {
  /** Parent SMS on attendance: settings and log (item 5). */
  attendanceAlerts: AttendanceAlertsService;
  /** The SMS of new punches, started right after they are stored (and by their job). */
  punchAlerts: PunchAlerts;
  /** Roll call and the attendance reports (items 1 and 6). */
  rollCall: RollCallService;
  attendanceReports: AttendanceReportsService;
  /** Attendance punches: kiosks, devices and manual entry all record through it. */
  punches: PunchService;
  kiosk: KioskService;
  /** Attendance devices: the management API and the ZKTeco iclock endpoints (item 4). */
  attendanceDevices: AttendanceDevicesService;
  iclock: IclockService;
  /** Staff, guards and visitors: their list, codes and entry/exit log. */
  otherUsers: OtherUsersService;
  /** Face registration links, sealed descriptors and the kiosk's download of them. */
  faces: FacesService;
}

/**
 * Attendance's part of the composition root (deps.ts): each service gets only what it uses, and
 * the worker's handlers for parent SMS on entry, exit and absence.
 */
export function createAttendanceServices(base: {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  events: EventBus;
  jobs: JobQueue;
  access: AccessPolicy;
  limiter: RateLimiter;
  smsSends: SmsSendService;
  storage: Storage;
  secretsBox: SecretBox;
  appUrl: string;
  /** The child's attendance link for attendance SMS, when the classroom sends it (modules/portal). */
  smsAttendanceLinks: AttendanceLinkLookup;
}): { services: AttendanceServices; handlers: () => Record<string, JobHandler> } {
  const { db, clock, log, events, jobs, access, limiter, smsSends, smsAttendanceLinks } = base;
  const punchAlerts = new PunchAlerts({ db, clock, events, sends: smsSends, smsAttendanceLinks, log });
  const absenceAlerts = new AbsenceAlerts({ db, clock, events, sends: smsSends, smsAttendanceLinks });
  const punches = new PunchService({
    db,
    clock,
    jobs,
    events,
    log,
    afterRecord: (recorded) => punchAlerts.handleSoon(recorded),
  });
  // Other users' punches: the kiosk and ZKTeco devices try them after the account's students.
  const gate = new OtherUserGate({ db, clock, events, log });
  return {
    services: {
      attendanceAlerts: new AttendanceAlertsService({ db, clock, access, events }),
      punchAlerts,
      rollCall: new RollCallService({ db, clock, access, events }),
      attendanceReports: new AttendanceReportsService({ db, clock, access, events }),
      punches,
      kiosk: new KioskService({ db, clock, limiter, punches, gate }),
      attendanceDevices: new AttendanceDevicesService({ db, clock, access, events, appUrl: base.appUrl }),
      iclock: new IclockService({ db, clock, log, events, punches, limiter, gate }),
      otherUsers: new OtherUsersService({ db, clock, access, events }),
      faces: new FacesService({
        db,
        clock,
        access,
        box: base.secretsBox,
        storage: base.storage,
        appUrl: base.appUrl,
      }),
    },
    handlers: () => attendanceAlertHandlers({ db, clock, jobs, punchAlerts, absenceAlerts, log }),
  };
}
