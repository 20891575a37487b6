import type { Db } from './db/database';
import type { Storage } from './drivers/storage/storage';
import type { Clock } from './lib/clock';
import type { AccessPolicy } from './modules/access/access.policy';
import type { AccountErrors } from './modules/error-reports/account-errors';
import type { EventBus } from './modules/events/event-bus';
import {
  FIREBASE_IMPORT_JOB,
  FirebaseImportConsoleService,
  type FirebaseImportConsoleService as Imports,
} from './modules/firebase-import/firebase-import-console.service';
import type { JobQueue } from './modules/jobs/jobs.service';
import { type JobHandler, longJob } from './modules/jobs/worker';
import { MaintenanceService } from './modules/maintenance/maintenance.service';
import { StaffConsoleService } from './modules/staff-console/staff-console.service';

/** Running the platform, part of `Deps`. */
export interface StaffConsoleServices {
  /** The staff console: find, read, suspend and label accounts. */
  staffConsole: StaffConsoleService;
  /** Maintenance mode: the switch every process obeys. */
  maintenance: MaintenanceService;
  /** The Firebase import started from the console, run by the worker. */
  firebaseImports: Imports;
}

/** The worker's handler of the console's Firebase imports. */
export function firebaseImportHandlers(imports: Imports): Record<string, JobHandler> {
  return {
    [FIREBASE_IMPORT_JOB]: longJob((payload) => imports.runJob(payload as Parameters<Imports['runJob']>[0])),
  };
}

/** The staff console's part of the composition root (deps.ts). */
export function createStaffConsoleServices(base: {
  db: Db;
  clock: Clock;
  events: EventBus;
  access: AccessPolicy;
  accountErrors: AccountErrors;
  jobs: JobQueue;
  storage: Storage;
}): StaffConsoleServices {
  const { db, clock, events, access, accountErrors, jobs, storage } = base;
  return {
    staffConsole: new StaffConsoleService({ db, clock, events, access, accountErrors }),
    maintenance: new MaintenanceService({ db, clock, events }),
    firebaseImports: new FirebaseImportConsoleService({ db, clock, events, jobs, storage }),
  };
}
