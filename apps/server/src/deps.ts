import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config/config';
import { type Db, openDatabase } from './db/database';
import { type AiServices, createAiServices } from './deps-ai';
import { type AttendanceServices, createAttendanceServices } from './deps-attendance';
import { type ClassroomLifeServices, createClassroomLifeServices } from './deps-classroom-life';
import { createInsightServices, type InsightServices } from './deps-insight';
import { createOnlinePayServices, type OnlinePayServices } from './deps-online-pay';
import { createOperationsServices, type OperationsServices } from './deps-operations';
import { createPlatformServices, type PlatformServices } from './deps-platform';
import { createPortalServices, type PortalServices } from './deps-portal';
import { createReportCardServices, type ReportCardServices } from './deps-report-cards';
import { createMessageDrivers, createSmsServices, type MessageDrivers, type SmsServices } from './deps-sms';
import {
  createStaffConsoleServices,
  firebaseImportHandlers,
  type StaffConsoleServices,
} from './deps-staff-console';
import { createStorageServices, type StorageServices } from './deps-storage';
import { createVideoServices, type VideoServices } from './deps-video';
import { createZoomServices, type ZoomServices } from './deps-zoom';
import { createStorage } from './drivers/storage/create-storage';
import type { Storage } from './drivers/storage/storage';
import { type Clock, systemClock } from './lib/clock';
import { AccessPolicy } from './modules/access/access.policy';
import { AccessRepository } from './modules/access/access.repository';
import { ACCOUNT_EXPORT_JOB, AccountExportService } from './modules/account-export/account-export.service';
import { AccountsService } from './modules/accounts/accounts.service';
import { AdmissionService } from './modules/admission/admission.service';
import { AdmissionFormService } from './modules/admission/admission-form.service';
import {
  ADMISSION_PICTURE_PRUNE_JOB,
  admissionPicturePruneHandler,
} from './modules/admission/admission-picture-prune';
import { AttendanceInsightsService } from './modules/attendance-insights/attendance-insights.service';
import { AuthService } from './modules/auth/auth.service';
import {
  EXPIRED_CREDENTIALS_PRUNE_JOB,
  expiredCredentialsPruneHandler,
} from './modules/auth/expired-credentials-prune';
import { SessionsRepository } from './modules/auth/sessions.repository';
import { SessionService } from './modules/auth/sessions.service';
import { UsersRepository } from './modules/auth/users.repository';
import { BACKUP_JOB, dailyBackupHandler } from './modules/backup/backup-schedule';
import { ClassroomsService } from './modules/classrooms/classrooms.service';
import { ContactRepository } from './modules/contact/contact.repository';
import { ContactService } from './modules/contact/contact.service';
import { DuesRemindersService } from './modules/dues-reminders/dues-reminders.service';
import { duesReminderHandlers } from './modules/dues-reminders/dues-reminders-schedule';
import { describeError } from './modules/error-reports/error-report';
import { createMemoryBus, type EventBus } from './modules/events/event-bus';
import { EventStreamsRepository } from './modules/events/event-streams.repository';
import { createPgEventBus } from './modules/events/pg-event-bus';
import { announceSessionEnds } from './modules/events/session-ends';
import { StreamRegistry } from './modules/events/stream-registry';
import { ExportsService } from './modules/exports/exports.service';
import { PdfRenderer } from './modules/exports/pdf-renderer';
import { FeesService } from './modules/fees/fees.service';
import { PaymentsService } from './modules/fees/payments.service';
import { ReceiptSmsService } from './modules/fees/receipt-sms.service';
import { GettingStartedService } from './modules/getting-started/getting-started.service';
import { jobHandlers } from './modules/jobs/handlers';
import { JobsRepository } from './modules/jobs/jobs.repository';
import { JobQueue } from './modules/jobs/jobs.service';
import { type JobHandler, Worker } from './modules/jobs/worker';
import { LinksService } from './modules/links/links.service';
import { MoneyService } from './modules/money/money.service';
import { NewsRepository } from './modules/news/news.repository';
import { NewsService } from './modules/news/news.service';
import { OnboardingService } from './modules/onboarding/onboarding.service';
import { SecretBox } from './modules/online-pay/secret-box';
import { OutboxRepository } from './modules/outbox/outbox.repository';
import { parentLinkFixHandler, REBUILD_JOB } from './modules/parents/parent-links';
import { AttendanceLinkKeys } from './modules/portal/attendance-sms-links';
import { ProfileService } from './modules/profile/profile.service';
import { RateLimitRepository } from './modules/rate-limit/rate-limit.repository';
import { RateLimiter } from './modules/rate-limit/rate-limit.service';
import { RATE_LIMIT_PRUNE_JOB, rateLimitPruneHandler } from './modules/rate-limit/rate-limit-prune';
import { SharedPace } from './modules/rate-limit/shared-pace';
import { SessionRepository } from './modules/session/session.repository';
import { SessionLoader } from './modules/session/session.service';
import { SmsQuotaRepository } from './modules/sms/sms-quota.repository';
import { StaffService } from './modules/staff/staff.service';
import { ArchiveService } from './modules/students/archive.service';
import { MyClassesRepository } from './modules/students/my-classes.repository';
import { MyClassesService } from './modules/students/my-classes.service';
import { StudentDeleteService } from './modules/students/student-delete.service';
import { StudentSaveService } from './modules/students/student-save.service';
import { StudentsService } from './modules/students/students.service';
import { VerificationService } from './modules/students/verification.service';
import { TeamsService } from './modules/teams/teams.service';
import { examReminderHandlers } from './modules/timetable/exam-reminders';
import { UPLOADS_PRUNE_JOB, uploadsPruneHandler } from './modules/uploads/uploads-prune';
import type { ClaimUpload } from './modules/video/video.service';
import { webhookDeliveryHandler } from './modules/webhooks/webhook-delivery';
import { WebhooksService } from './modules/webhooks/webhooks.service';

/** Everything a service may use, passed explicitly (DESIGN.md §3.4). */
export interface Deps
  extends AttendanceServices,
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
  auth: AuthService;
  sessionLoader: SessionLoader;
  /** Who a classroom's teacher should call about: streaks, falling attendance, lateness, exams. */
  attendanceInsights: AttendanceInsightsService;
  accounts: AccountsService;
  profile: ProfileService;
  teams: TeamsService;
  staff: StaffService;
  classrooms: ClassroomsService;
  students: StudentsService;
  studentSaves: StudentSaveService;
  archive: ArchiveService;
  /** Deleting archived students for good (into the Recycle bin on plans with data recovery). */
  studentDelete: StudentDeleteService;
  verification: VerificationService;
  myClasses: MyClassesService;
  links: LinksService;
  receiptSms: ReceiptSmsService;
  news: NewsService;
  contact: ContactService;
  exports: ExportsService;
  onboarding: OnboardingService;
  admission: AdmissionService;
  admissionForm: AdmissionFormService;
  fees: FeesService;
  payments: PaymentsService;
  /** Dues SMS and the automatic monthly reminder. */
  duesReminders: DuesRemindersService;
  money: MoneyService;
  gettingStarted: GettingStartedService;
  pdf: PdfRenderer;
  /** Webhook endpoints for integrators (events are emitted from the services' transactions). */
  webhooks: WebhooksService;
  accountExport: AccountExportService;
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
  const users = new UsersRepository(db.kysely);
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
  const fees = new FeesService({ db, clock, access, events });
  const duesReminders = new DuesRemindersService({
    db,
    clock,
    access,
    events,
    fees,
    payLinks: (accountId, studentIds, byUserId) => onlinePay.shortPayLinks(accountId, studentIds, byUserId),
    sends: smsSends,
    maskedSender,
  });
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
  // Signing secrets are sealed like merchant credentials, with the same key.
  const webhookBox = new SecretBox(config.payments.secretsKey);
  const webhookDelivery = {
    db,
    clock,
    events,
    box: webhookBox,
    allowLoopback: config.webhooks.allowLoopback,
    appUrl: config.appUrl,
  };
  const money = new MoneyService({ db, clock, access, events });
  const accountExport = new AccountExportService({ db, clock, access, events, jobs, storage });
  const staffConsoleServices = createStaffConsoleServices({
    db,
    clock,
    events,
    access,
    accountErrors: operations.accountErrors,
    jobs,
    storage,
  });
  const news = new NewsService(new NewsRepository(db.kysely), storage, events, clock);
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
  const auth = new AuthService({
    db,
    clock,
    sessions,
    limiter,
    jobs,
    passwordCost: config.passwordCost,
    signupWebhook: Boolean(config.signupWebhookUrl),
    // PUBLIC_URL (required in production), else this machine: never the request's Host header.
    appUrl: config.appUrl,
    smsSignupGrant: config.smsSignupGrant,
    startingTools: () => plans.startingTools(),
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
    auth,
    sessionLoader: new SessionLoader(
      new SessionRepository(db.kysely),
      access,
      users,
      sessions,
      clock,
      new SmsQuotaRepository(db.kysely),
      new MyClassesRepository(db.kysely),
    ),
    accounts: new AccountsService({ db, clock, access, storage }),
    profile: new ProfileService({
      db,
      clock,
      storage,
      sessions,
      jobs,
      limiter,
      passwordCost: config.passwordCost,
    }),
    teams: new TeamsService({
      db,
      clock,
      access,
      jobs,
      events,
      limiter,
      passwordCost: config.passwordCost,
      appUrl: config.appUrl,
      smsSignupGrant: config.smsSignupGrant,
      plans,
    }),
    staff: new StaffService({ db, clock, sessions }),
    classrooms: new ClassroomsService({ db, clock, access, storage, events }),
    students,
    studentSaves: new StudentSaveService({ db, clock, access, events, students, welcome: smsWelcome }),
    archive: new ArchiveService({ db, clock, access, events }),
    studentDelete: new StudentDeleteService({ db, clock, access, events, recycleBin }),
    verification: new VerificationService({ db, access }),
    myClasses,
    links,
    receiptSms: new ReceiptSmsService({
      db,
      clock,
      access,
      events,
      jobs,
      shortLinkTo: (accountId, path, by) => links.shortLinkTo(accountId, path, by),
    }),
    ...texting.services,
    onboarding: new OnboardingService({ db, clock, access, events, welcome: smsWelcome }),
    admission: new AdmissionService({ db, clock, access, events, storage, welcome: smsWelcome }),
    admissionForm: new AdmissionFormService({ db, clock, events, limiter, storage }),
    fees,
    duesReminders,
    payments,
    ...onlinePayment.services,
    money,
    ...createInsightServices({ db, clock, access, events, money, news }),
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
    zoomDriver: zoom.zoomDriver,
    zoomConnection: zoom.zoomConnection,
    zoomMeetings: zoom.zoomMeetings,
    zoomWebhook: zoom.zoomWebhook,
    video: video.video,
    videoFamily: video.videoFamily,
    publicVideo: video.publicVideo,
    publicVideoPay: video.publicVideoPay,
    educast: video.educast,
    educastFamily: video.educastFamily,
    ...operations,
    exports: new ExportsService({ db, clock, students, pdf }),
    news,
    contact: new ContactService(
      new ContactRepository(db.kysely),
      jobs,
      clock,
      limiter,
      config.publicSite.contactEmail,
    ),
    pdf,
    webhooks: new WebhooksService({ ...webhookDelivery, access }),
    accountExport,
    createWorker: (extraHandlers = {}) =>
      new Worker(
        jobsRepo,
        {
          ...jobHandlers({ mail, sms, smsDispatcher, signupWebhookUrl: config.signupWebhookUrl }),
          [REBUILD_JOB]: parentLinkFixHandler({ db, clock }),
          [BACKUP_JOB]: dailyBackupHandler({ config, db, clock, jobs, log, schema: overrides.schema }),
          ...onlinePayment.handlers(),
          ...duesReminderHandlers({ db, clock, jobs, reminders: duesReminders, log }),
          ...examReminderHandlers({ db, clock, jobs, smsCompose, log }),
          ...platform.handlers(),
          ...attendance.handlers(),
          [RATE_LIMIT_PRUNE_JOB]: rateLimitPruneHandler({ jobs, clock, limiter, log }),
          [ADMISSION_PICTURE_PRUNE_JOB]: admissionPicturePruneHandler({ db, jobs, clock, storage, log }),
          [EXPIRED_CREDENTIALS_PRUNE_JOB]: expiredCredentialsPruneHandler({ db, jobs, clock, log }),
          [UPLOADS_PRUNE_JOB]: uploadsPruneHandler({ db, jobs, clock, storage, log }),
          ...webhookDeliveryHandler(webhookDelivery),
          ...zoom.handlers(),
          ...video.handlers(),
          [ACCOUNT_EXPORT_JOB]: async (payload) =>
            accountExport.build((payload as { exportId: string }).exportId),
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
        zoom.zoomDriver.close(),
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
