import type { Db } from './db/database';
import type { Clock } from './lib/clock';
import type { AccessPolicy } from './modules/access/access.policy';
import type { AccountErrors } from './modules/error-reports/account-errors';
import type { EventBus } from './modules/events/event-bus';
import { MaintenanceService } from './modules/maintenance/maintenance.service';
import { StaffConsoleService } from './modules/staff-console/staff-console.service';

/** Running the platform, part of `Deps`. */
export interface StaffConsoleServices {
  /** The staff console: find, read, suspend and label accounts. */
  staffConsole: StaffConsoleService;
  /** Maintenance mode: the switch every process obeys. */
  maintenance: MaintenanceService;
}

/** The staff console's part of the composition root (deps.ts). */
export function createStaffConsoleServices(base: {
  db: Db;
  clock: Clock;
  events: EventBus;
  access: AccessPolicy;
  accountErrors: AccountErrors;
}): StaffConsoleServices {
  const { db, clock, events, access, accountErrors } = base;
  return {
    staffConsole: new StaffConsoleService({ db, clock, events, access, accountErrors }),
    maintenance: new MaintenanceService({ db, clock, events }),
  };
}
