import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config/config';
import { type Db, openDatabase } from './db/database';
import { type AiServices, createAiServices } from './deps-ai';
import { type AttendanceServices, createAttendanceServices } from './deps-attendance';
import { type ClassroomLifeServices, createClassroomLifeServices } from './deps-classroom-life';
import { createDataOutServices, type DataOutServices } from './deps-data-out';
import { createFeeServices, type FeeServices } from './deps-fees';
import { createIdentityServices, type IdentityServices } from './deps-identity';
import { createInsightServices, type InsightServices } from './deps-insight';
import { createOnlinePayServices, type OnlinePayServices } from './deps-online-pay';
import { createOperationsServices, type OperationsServices } from './deps-operations';
import { createPlatformServices, type PlatformServices } from './deps-platform';
import { createPortalServices, type PortalServices } from './deps-portal';
import { createPublicSiteServices, type PublicSiteServices } from './deps-public-site';
import { createReportCardServices, type ReportCardServices } from './deps-report-cards';
import { createMessageDrivers, createSmsServices, type MessageDrivers, type SmsServices } from './deps-sms';
import {
  createStaffConsoleServices,
  firebaseImportHandlers,
  type StaffConsoleServices,
} from './deps-staff-console';
import { createStorageServices, type StorageServices } from './deps-storage';
import { createStudentLifecycleServices, type StudentLifecycleServices } from './deps-students';
import { upkeepHandlers } from './deps-upkeep';
import { createVideoServices, type VideoServices } from './deps-video';
import { createZoomServices, type ZoomServices } from './deps-zoom';
import { createStorage } from './drivers/storage/create-storage';
import type { Storage } from './drivers/storage/storage';
import { type Clock, systemClock } from './lib/clock';
import { AccessPolicy } from './modules/access/access.policy';
import { AccessRepository } from './modules/access/access.repository';
import { AttendanceInsightsService } from './modules/attendance-insights/attendance-insights.service';
import { SessionsRepository } from './modules/auth/sessions.repository';
import { SessionService } from './modules/auth/sessions.service';
import { ClassroomsService } from './modules/classrooms/classrooms.service';
import { describeError } from './modules/error-reports/error-report';
import { createMemoryBus, type EventBus } from './modules/events/event-bus';
import { EventStreamsRepository } from './modules/events/event-streams.repository';
import { createPgEventBus } from './modules/events/pg-event-bus';
import { announceSessionEnds } from './modules/events/session-ends';
import { StreamRegistry } from './modules/events/stream-registry';
import { PdfRenderer } from './modules/exports/pdf-renderer';
import { PaymentsService } from './modules/fees/payments.service';
import { GettingStartedService } from './modules/getting-started/getting-started.service';
import { jobHandlers } from './modules/jobs/handlers';
import { JobsRepository } from './modules/jobs/jobs.repository';
import { JobQueue } from './modules/jobs/jobs.service';
import { type JobHandler, Worker } from './modules/jobs/worker';
import { LinksService } from './modules/links/links.service';
import { SecretBox } from './modules/online-pay/secret-box';
import { OutboxRepository } from './modules/outbox/outbox.repository';
import { AttendanceLinkKeys } from './modules/portal/attendance-sms-links';
import { RateLimitRepository } from './modules/rate-limit/rate-limit.repository';
import { RateLimiter } from './modules/rate-limit/rate-limit.service';
import { SharedPace } from './modules/rate-limit/shared-pace';
import { MyClassesService } from './modules/students/my-classes.service';
import { StudentsService } from './modules/students/students.service';
import { examReminderHandlers } from './modules/timetable/exam-reminders';
import type { ClaimUpload } from './modules/video/video.service';

/** Everything a service may use, passed explicitly (DESIGN.md §3.4). */
export interface Deps
  extends IdentityServices,
    StudentLifecycleServices,
    FeeServices,
    DataOutServices,
    PublicSiteServices,
    AttendanceServices,
    AiServices,
    ReportCardServices,
    PortalServices,
    ClassroomLifeServices,
    StorageServices,
    ZoomServices,
    VideoServices,
    PlatformServices,
    OnlinePayServices,
    InsightServices,
    OperationsServices,
    StaffConsoleServices,
    MessageDrivers,
    SmsServices {
  config: Config;
  log: FastifyBaseLogger;
  db: Db;
  clock: Clock;
  events: EventBus;
  /** Open live-update streams, counted across processes for their limits. */
  streams: StreamRegistry;
  storage: Storage;
  jobs: JobQueue;
  outbox: OutboxRepository;
  sessions: SessionService;
  limiter: RateLimiter;
  /** Paces kept by every process together (an SMS gateway's requests). */
  pace: SharedPace;
  access: AccessPolicy;
  /** Who a classroom's teacher should call about: streaks, falling attendance, lateness, exams. */
  attendanceInsights: AttendanceInsightsService;
  classrooms: ClassroomsService;
  students: StudentsService;
  myClasses: MyClassesService;
  links: LinksService;
  payments: PaymentsService;
  gettingStarted: GettingStartedService;
  pdf: PdfRenderer;
  createWorker(extraHandlers?: Record<string, JobHandler>): Worker;
  close(): Promise<void>;
}

export interface DepsOverrides {
  clock?: Clock;
  /** PostgreSQL schema to work in (tests use one per file). */
  schema?: string;
  /** How lesson videos take finished uploads (tests hand over generated clips). */
  claimUpload?: ClaimUpload;
}

export async function createDeps(
  config: Config,
  log: FastifyBaseLogger,
  overrides: DepsOverrides = {},
): Promise<Deps> {
  const clock = overrides.clock ?? systemClock;
  const db = openDatabase({ ...config.database, schema: overrides.schema });
  const events =
    config.database.kind === 'postgres'
      ? await createPgEventBus({
          url: config.database.url,
          schema: overrides.schema,
          onError: (err) => log.warn({ err }, 'live-update listener lost its connection; reconnecting'),
        })
      : createMemoryBus();
  const outbox = new OutboxRepository(db.kysely);
  const drivers = createMessageDrivers({ config, outbox, clock, log });
  const { mail, sms } = drivers;
  const operations = createOperationsServices({ config, db, clock, log, smsGateway: sms.name });
  const jobsRepo = new JobsRepository(db.kysely, db.dialect);
  const jobs = new JobQueue(jobsRepo, db.dialect, clock, { maxAttempts: config.worker.maxAttempts });
  const rateLimits = new RateLimitRepository(db.kysely);
  const pace = new SharedPace(rateLimits);
  const access = new AccessPolicy(new AccessRepository(db.kysely), db.stamps);
  const texting = createSmsServices({ config, db, clock, log, events, access, jobs, pace, sms });
  const { maskedSender } = texting;
  const { smsSends, smsDispatcher, smsWelcome, smsHistory, smsCompose } = texting.services;
  const storage = createStorage(config.storage);
  const sessions = new SessionService(new SessionsRepository(db.kysely), clock, config.session, db.stamps);
  announceSessionEnds(sessions, events);
  const streams = new StreamRegistry(new EventStreamsRepository(db.kysely), clock, {
    // Three missed renewals before another process stops counting this one's streams.
    leaseMs: config.sseHeartbeatMs * 3,
    renewEveryMs: config.sseHeartbeatMs,
    onError: (err) => log.warn({ err }, 'live-update stream'),
  });
  const limiter = new RateLimiter(rateLimits, clock);
  const payments = new PaymentsService({ db, clock, access, events });
  const onlinePayment = createOnlinePayServices({ config, db, clock, log, events, access, jobs, payments });
  const { paymentGateways, onlinePay, onlinePayGateway } = onlinePayment.services;
  const platform = createPlatformServices({
    db,
    clock,
    log,
    events,
    access,
    jobs,
    gateways: paymentGateways,
    merchant: config.payments.platform,
    appUrl: config.appUrl,
    // Without a model the AI tools are not offered (config/ai.ts).
    hiddenTools: config.ai.driver === 'off' ? ['ai'] : [],
  });
  const { plans, recycleBin } = platform.services;
  const students = new StudentsService({ db, clock, access, storage, events });
  const links = new LinksService({
    db,
    clock,
    access,
    sessions,
    jobs,
    events,
    students,
    appUrl: config.appUrl,
  });
  const feeGroup = createFeeServices({
    db,
    clock,
    log,
    access,
    events,
    jobs,
    sends: smsSends,
    maskedSender,
    payLinks: (accountId, studentIds, byUserId) => onlinePay.shortPayLinks(accountId, studentIds, byUserId),
    shortLinkTo: (accountId, path, by) => links.shortLinkTo(accountId, path, by),
  });
  const { fees, money } = feeGroup.services;
  const pdf = new PdfRenderer(config.chromiumPath, log);
  const attendanceLinkKeys = new AttendanceLinkKeys({ db, clock, appUrl: config.appUrl });
  const attendance = createAttendanceServices({
    db,
    clock,
    log,
    events,
    jobs,
    access,
    limiter,
    smsSends,
    storage,
    // Face descriptors are sealed like merchant credentials, with the same key.
    secretsBox: new SecretBox(config.payments.secretsKey),
    appUrl: config.appUrl,
    smsAttendanceLinks: (accountId, classroomId, studentIds) =>
      attendanceLinkKeys.forSms(accountId, classroomId, studentIds),
  });
  const reportCards = createReportCardServices({
    db,
    clock,
    events,
    access,
    limiter,
    storage,
    pdf,
    smsSends,
    appUrl: config.appUrl,
    maskedSender,
    recycleBin,
  });
  const aiServices = createAiServices({
    config,
    db,
    clock,
    access,
    plans,
    cards: reportCards.reportCards,
    pdf,
    reportPdf: reportCards.reportPdf,
    assessments: reportCards.assessments,
  });
  const dataOut = createDataOutServices({ config, db, clock, access, events, jobs, storage, students, pdf });
  const staffConsoleServices = createStaffConsoleServices({
    db,
    clock,
    events,
    access,
    accountErrors: operations.accountErrors,
    jobs,
    storage,
  });
  const myClasses = new MyClassesService({ db });
  const zoom = createZoomServices({
    config,
    db,
    clock,
    access,
    events,
    jobs,
    smsCompose,
    shortLinkTo: (accountId, path, by) => links.shortLinkTo(accountId, path, by),
  });
  const storageServices = createStorageServices({
    db,
    clock,
    access,
    events,
    storage,
    plans,
    myClasses,
    dataDir: config.dataDir,
  });
  const video = createVideoServices({
    db,
    clock,
    access,
    jobs,
    storage,
    myClasses,
    claimUpload: overrides.claimUpload ?? ((uploadId, who) => storageServices.uploads.claim(uploadId, who)),
    pay: {
      box: new SecretBox(config.payments.secretsKey),
      gateways: paymentGateways,
      log,
      appUrl: config.appUrl,
    },
  });
  const portal = createPortalServices({
    db,
    clock,
    access,
    events,
    sessions,
    fees,
    payments,
    onlinePay,
    onlinePayGateway,
    attendanceReports: attendance.services.attendanceReports,
    reportCards: reportCards.reportCards,
    reportLinks: reportCards.reportLinks,
    smsHistory,
    myClasses,
    attendanceLinkKeys,
    appUrl: config.appUrl,
  });
  return {
    config,
    log,
    db,
    clock,
    events,
    streams,
    ...drivers,
    storage,
    jobs,
    outbox,
    sessions,
    limiter,
    pace,
    access,
    ...createIdentityServices({ config, db, clock, events, access, sessions, limiter, jobs, storage, plans }),
    classrooms: new ClassroomsService({ db, clock, access, storage, events }),
    students,
    ...createStudentLifecycleServices({
      db,
      clock,
      access,
      events,
      storage,
      limiter,
      students,
      welcome: smsWelcome,
      recycleBin,
    }),
    myClasses,
    links,
    ...texting.services,
    payments,
    ...feeGroup.services,
    ...onlinePayment.services,
    ...createInsightServices({ db, clock, access, money }),
    gettingStarted: new GettingStartedService({ db, clock, access }),
    ...platform.services,
    ...aiServices,
    ...staffConsoleServices,
    ...attendance.services,
    ...reportCards,
    attendanceInsights: new AttendanceInsightsService({
      clock,
      access,
      reports: attendance.services.attendanceReports,
      assessments: reportCards.assessments,
    }),
    ...portal,
    ...createClassroomLifeServices({
      db,
      clock,
      access,
      events,
      storage,
      myClasses,
      smsCompose,
      assessments: reportCards.assessments,
      marks: reportCards.marks,
      appUrl: config.appUrl,
    }),
    ...storageServices,
    ...zoom.services,
    ...video.services,
    ...operations,
    ...dataOut.services,
    ...createPublicSiteServices({ config, db, clock, events, jobs, limiter, storage }),
    pdf,
    createWorker: (extraHandlers = {}) =>
      new Worker(
        jobsRepo,
        {
          ...jobHandlers({ mail, sms, smsDispatcher, signupWebhookUrl: config.signupWebhookUrl }),
          ...upkeepHandlers({ config, db, clock, jobs, log, limiter, storage, schema: overrides.schema }),
          ...onlinePayment.handlers(),
          ...feeGroup.handlers(),
          ...examReminderHandlers({ db, clock, jobs, smsCompose, log }),
          ...platform.handlers(),
          ...attendance.handlers(),
          ...zoom.handlers(),
          ...video.handlers(),
          ...dataOut.handlers(),
          ...firebaseImportHandlers(staffConsoleServices.firebaseImports),
          ...extraHandlers,
        },
        clock,
        {
          ...config.worker,
          log,
          onFailure: (job, error) =>
            operations.errorReports.report(
              describeError(error, { source: 'job', jobType: job.type, attempt: job.attempt }),
            ),
        },
        jobs,
      ),
    async close() {
      // The app stops the registry as it closes; a process without one (the worker) stops it here.
      await Promise.allSettled([
        streams.stop(),
        events.close(),
        mail.close(),
        pdf.close(),
        paymentGateways.close(),
        zoom.services.zoomDriver.close(),
        aiServices.aiModel?.close(),
        operations.errorReports.close(),
        operations.accountErrors.idle(),
        // Parent SMS started for punches just stored finish before the database closes.
        attendance.services.punchAlerts.idle(),
      ]);
      await db.close();
    },
  };
}
