import type { Db } from './db/database';
import type { Storage } from './drivers/storage/storage';
import type { Clock } from './lib/clock';
import type { AccessPolicy } from './modules/access/access.policy';
import { AdmissionService } from './modules/admission/admission.service';
import { AdmissionFormService } from './modules/admission/admission-form.service';
import type { EventBus } from './modules/events/event-bus';
import { OnboardingService } from './modules/onboarding/onboarding.service';
import type { RateLimiter } from './modules/rate-limit/rate-limit.service';
import type { RecycleBinService } from './modules/recycle-bin/recycle-bin.service';
import type { SmsWelcomeService } from './modules/sms/sms-welcome.service';
import { ArchiveService } from './modules/students/archive.service';
import { StudentDeleteService } from './modules/students/student-delete.service';
import { StudentSaveService } from './modules/students/student-save.service';
import type { StudentsService } from './modules/students/students.service';
import { VerificationService } from './modules/students/verification.service';
import { WebhookSubscriptions } from './modules/webhooks/webhook-subscriptions';

/** How students come, change and go, part of `Deps` (the list itself is `students`). */
export interface StudentLifecycleServices {
  /** The student drawer's save: details, classrooms and fees, the welcome SMS for a new student. */
  studentSaves: StudentSaveService;
  /** Removing students from a classroom, the archive and bringing them back. */
  archive: ArchiveService;
  /** Deleting archived students for good (into the Recycle bin on plans with data recovery). */
  studentDelete: StudentDeleteService;
  /** Student Data Verification (part 1 §2.4): students whose data is incomplete or conflicting. */
  verification: VerificationService;
  /** Bulk onboarding from the Excel or CSV template: check, then import. */
  onboarding: OnboardingService;
  /** The applications inbox that turns an applicant into a student. */
  admission: AdmissionService;
  /** The public admission form: its settings, pictures and submissions. */
  admissionForm: AdmissionFormService;
}

/** The student lifecycle from admission to deletion (composition root part). */
export function createStudentLifecycleServices(base: {
  db: Db;
  clock: Clock;
  access: AccessPolicy;
  events: EventBus;
  storage: Storage;
  limiter: RateLimiter;
  students: StudentsService;
  welcome: Pick<SmsWelcomeService, 'sendFor'>;
  recycleBin: RecycleBinService;
}): StudentLifecycleServices {
  const { db, clock, access, events, storage, limiter, students, welcome, recycleBin } = base;
  return {
    studentSaves: new StudentSaveService({
      db,
      clock,
      access,
      events,
      students,
      welcome,
      webhooks: new WebhookSubscriptions(db),
    }),
    archive: new ArchiveService({ db, clock, access, events }),
    studentDelete: new StudentDeleteService({ db, clock, access, events, recycleBin }),
    verification: new VerificationService({ db, access }),
    onboarding: new OnboardingService({ db, clock, access, events, welcome }),
    admission: new AdmissionService({ db, clock, access, events, storage, welcome }),
    admissionForm: new AdmissionFormService({ db, clock, events, limiter, storage }),
  };
}
