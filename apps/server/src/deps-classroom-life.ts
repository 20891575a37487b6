import type { Db } from './db/database';
import type { Storage } from './drivers/storage/storage';
import type { Clock } from './lib/clock';
import type { AccessPolicy } from './modules/access/access.policy';
import type { AssessmentsService } from './modules/assessments/assessments.service';
import type { MarksService } from './modules/assessments/marks.service';
import { AssignmentAssessment } from './modules/assignments/assignment-assessment';
import { AssignmentsService } from './modules/assignments/assignments.service';
import { FamilyAssignmentsService } from './modules/assignments/family-assignments.service';
import type { EventBus } from './modules/events/event-bus';
import { FamilyChildrenService } from './modules/portal/family-children.service';
import type { SmsComposeService } from './modules/sms/sms-compose.service';
import type { MyClassesService } from './modules/students/my-classes.service';
import { CalendarFeeds } from './modules/timetable/calendar-feeds';
import { TimetableService } from './modules/timetable/timetable.service';
import { TimetableFamilyService } from './modules/timetable/timetable-family.service';
import { WallService } from './modules/wall/wall.service';
import { WallFamilyService } from './modules/wall/wall-family.service';

/** The classroom between lessons (timetable, assignments, the wall): part of `Deps`. */
export interface ClassroomLifeServices {
  timetable: TimetableService;
  timetableFamily: TimetableFamilyService;
  calendarFeeds: CalendarFeeds;
  assignments: AssignmentsService;
  assignmentAssessment: AssignmentAssessment;
  familyAssignments: FamilyAssignmentsService;
  wall: WallService;
  wallFamily: WallFamilyService;
}

/**
 * Their part of the composition root (deps.ts). Each has a staff side and a family side; the
 * family sides find a child through the portal's guardian-of / self policy, and the timetable's
 * cancellation and the wall's announcement go out through the SMS compose service (its quota and
 * permissions).
 */
export function createClassroomLifeServices(base: {
  db: Db;
  clock: Clock;
  access: AccessPolicy;
  events: EventBus;
  storage: Storage;
  myClasses: MyClassesService;
  smsCompose: SmsComposeService;
  /** An assignment's marks go into an assessment through these. */
  assessments: AssessmentsService;
  marks: MarksService;
  appUrl: string;
}): ClassroomLifeServices {
  const { db, clock, access, events, storage, myClasses, smsCompose } = base;
  const family = new FamilyChildrenService({ db, myClasses });
  const feeds = new CalendarFeeds({ db, clock, myClasses, appUrl: base.appUrl });
  return {
    timetable: new TimetableService({ db, clock, access, events, smsCompose, feeds }),
    timetableFamily: new TimetableFamilyService({ db, clock, feeds }),
    calendarFeeds: feeds,
    assignments: new AssignmentsService({ db, clock, access, events, storage }),
    assignmentAssessment: new AssignmentAssessment({
      db,
      clock,
      access,
      assessments: base.assessments,
      marks: base.marks,
    }),
    familyAssignments: new FamilyAssignmentsService({ db, clock, events, storage, family }),
    wall: new WallService({ db, clock, access, events, storage, sms: smsCompose }),
    wallFamily: new WallFamilyService({ db, clock, events, family }),
  };
}
