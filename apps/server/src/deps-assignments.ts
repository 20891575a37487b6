import type { Db } from './db/database';
import type { Storage } from './drivers/storage/storage';
import type { Clock } from './lib/clock';
import type { AccessPolicy } from './modules/access/access.policy';
import { AssignmentsService } from './modules/assignments/assignments.service';
import { FamilyAssignmentsService } from './modules/assignments/family-assignments.service';
import type { EventBus } from './modules/events/event-bus';
import type { FamilyChildrenService } from './modules/portal/family-children.service';

/** Online assignments' services, part of `Deps`. */
export interface AssignmentServices {
  assignments: AssignmentsService;
  familyAssignments: FamilyAssignmentsService;
}

/**
 * Online assignments' part of the composition root (deps.ts): the family side finds a child
 * through the portal's guardian-of / self policy and the classes a family sees.
 */
export function createAssignmentServices(base: {
  db: Db;
  clock: Clock;
  access: AccessPolicy;
  events: EventBus;
  storage: Storage;
  family: FamilyChildrenService;
}): AssignmentServices {
  const { db, clock, access, events, storage, family } = base;
  return {
    assignments: new AssignmentsService({ db, clock, access, events, storage }),
    familyAssignments: new FamilyAssignmentsService({
      db,
      clock,
      events,
      storage,
      family,
    }),
  };
}
