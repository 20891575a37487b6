import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from './deps';
import type { RouteAccess } from './lib/access';
import { BODY_LIMITS } from './lib/body-limits';
import { serializerCompiler } from './lib/serializer';
import { accountExportRoutes } from './modules/account-export/account-export.routes';
import { accountsRoutes } from './modules/accounts/accounts.routes';
import { activitySummaryRoutes } from './modules/activity-summary/activity-summary.routes';
import { admissionRoutes } from './modules/admission/admission.routes';
import { aiRoutes } from './modules/ai/ai.routes';
import { assessmentsRoutes } from './modules/assessments/assessments.routes';
import { assignmentsRoutes } from './modules/assignments/assignments.routes';
import { kioskRoutes } from './modules/attendance/kiosk.routes';
import { attendanceAlertRoutes } from './modules/attendance-alerts/attendance-alerts.routes';
import { attendanceDevicesRoutes } from './modules/attendance-devices/attendance-devices.routes';
import { attendanceInsightsRoutes } from './modules/attendance-insights/attendance-insights.routes';
import { attendanceReportsRoutes } from './modules/attendance-reports/attendance-reports.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { billingRoutes } from './modules/billing/billing.routes';
import { classroomFilesRoutes } from './modules/classroom-files/classroom-files.routes';
import { classroomsRoutes } from './modules/classrooms/classrooms.routes';
import { duesReminderRoutes } from './modules/dues-reminders/dues-reminders.routes';
import { educastRoutes } from './modules/educast/educast.routes';
import { registerErrorReports } from './modules/error-reports/register';
import { channelsFor } from './modules/events/channels';
import { eventsRoutes } from './modules/events/events.routes';
import { exportsRoutes } from './modules/exports/exports.routes';
import { facesRoutes } from './modules/faces/faces.routes';
import { feesRoutes } from './modules/fees/fees.routes';
import { firebaseImportRoutes } from './modules/firebase-import/firebase-import.routes';
import { gettingStartedRoutes } from './modules/getting-started/getting-started.routes';
import { healthRoutes } from './modules/health/health.routes';
import { insightRoutes } from './modules/insight/insight.routes';
import { linksRoutes } from './modules/links/links.routes';
import { maintenanceRoutes } from './modules/maintenance/maintenance.routes';
import { registerMaintenanceGuard } from './modules/maintenance/maintenance-guard';
import { picturesRoutes } from './modules/media/pictures.routes';
import { Metrics } from './modules/metrics/metrics';
import { registerMetrics } from './modules/metrics/register';
import { moneyRoutes } from './modules/money/money.routes';
import { onboardingRoutes } from './modules/onboarding/onboarding.routes';
import { onlinePayRoutes } from './modules/online-pay/online-pay.routes';
import { otherUsersRoutes } from './modules/other-users/other-users.routes';
import { outboxRoutes } from './modules/outbox/outbox.routes';
import { plansRoutes } from './modules/plans/plans.routes';
import { portalRoutes } from './modules/portal/portal.routes';
import { profileRoutes } from './modules/profile/profile.routes';
import { cspAllowances, registerPublicSite } from './modules/public-site/register';
import { publicVideoRoutes } from './modules/public-video/public-video.routes';
import { sharedRateLimitStore } from './modules/rate-limit/shared-store';
import { recycleBinRoutes } from './modules/recycle-bin/recycle-bin.routes';
import { referralsRoutes } from './modules/referrals/referrals.routes';
import { reportCardsRoutes } from './modules/report-cards/report-cards.routes';
import { sessionRoutes } from './modules/session/session.routes';
import { smsRoutes } from './modules/sms/sms.routes';
import { smsTemplateRoutes } from './modules/sms/sms-templates.routes';
import { smsSenderRoutes } from './modules/sms-sender/sms-sender.routes';
import { staffRoutes } from './modules/staff/staff.routes';
import { staffConsoleRoutes } from './modules/staff-console/staff-console.routes';
import { registerSuspensionGuard } from './modules/staff-console/suspension-guard';
import { registerStatus } from './modules/status/register';
import { archiveRoutes } from './modules/students/archive.routes';
import { studentViewsRoutes } from './modules/students/student-views.routes';
import { studentsRoutes } from './modules/students/students.routes';
import { teamsRoutes } from './modules/teams/teams.routes';
import { timetableRoutes } from './modules/timetable/timetable.routes';
import { registerToolGate } from './modules/tools/tools.gate';
import { toolsRoutes } from './modules/tools/tools.routes';
import { registerUploads } from './modules/uploads/uploads.register';
import { videoRoutes } from './modules/video/video.routes';
import { wallRoutes } from './modules/wall/wall.routes';
import { webhookRoutes } from './modules/webhooks/webhooks.routes';
import { webhooksOpenApi } from './modules/webhooks/webhooks-openapi';
import { zoomRoutes } from './modules/zoom/zoom.routes';
import { registerAuthentication } from './plugins/authenticate';
import { registerDownloadUsage } from './plugins/download-usage';
import { frameworkErrors, registerErrorHandler } from './plugins/error-handler';
import { registerInFlight } from './plugins/in-flight';
import { COMPRESS_THRESHOLD, registerPrecompressed } from './plugins/precompressed';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerSpa } from './plugins/spa';
import { registerTextGuard } from './plugins/text-guard';

/** Every route with its declared access: for the OpenAPI check and the authorization matrix. */
export interface RouteEntry {
  method: string;
  url: string;
  access: RouteAccess;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteEntry[];
  }
}

// Routes that plugins register themselves (the API reference UI) are public documentation.
const PLUGIN_ROUTE_PREFIXES = ['/api/docs'];

/**
 * Builds the HTTP app on top of ready dependencies. It does not listen: server.ts does, and tests
 * call `app.inject`.
 */
export async function buildApp(deps: Deps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    loggerInstance: deps.log,
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMITS.json,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerErrorReports(app, deps.errorReports, deps.accountErrors);
  registerTextGuard(app);
  acceptEmptyJsonBodies(app);

  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    if (PLUGIN_ROUTE_PREFIXES.some((p) => route.url.startsWith(p))) {
      route.config = { ...route.config, access: route.config?.access ?? 'public' };
    }
    if (!route.config?.access) {
      throw new Error(`Route ${route.method} ${route.url} declares no access policy (config.access)`);
    }
    if (route.config.access === 'dev' && !config.devOutbox) {
      throw new Error(`Route ${route.method} ${route.url} is a developer route but DEV_OUTBOX is off`);
    }
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routeTable.push({ method, url: route.url, access: route.config.access });
    }
  });

  registerInFlight(app);
  registerSecurityHeaders(app, cspAllowances(config.publicSite));
  // Compressed request bodies are taken in (compress' preParsing hook) only where there is a body;
  // responses are compressed for clients that ask, on every route. Multipart uploads have their
  // own scope (plugins/uploads.ts).
  app.addHook('onRoute', (route) => {
    const bodiless = [route.method].flat().every((method) => method === 'GET' || method === 'HEAD');
    if (bodiless && route.decompress === undefined) route.decompress = false;
  });
  await app.register(compress, { threshold: COMPRESS_THRESHOLD });
  registerPrecompressed(app);
  // Cookies are parsed by the authentication hook, which needs them first anyway: one hook fewer.
  await app.register(cookie, { hook: false });
  // Route limits count in the database, so every API process sees the same hits.
  await app.register(rateLimit, { global: false, store: sharedRateLimitStore(deps.limiter, deps.clock) });
  registerAuthentication(app, deps.sessions, { secureCookies: config.secureCookies });
  // After authentication (they need the caller), before any handler: maintenance, then suspension.
  registerMaintenanceGuard(app, deps.maintenance);
  registerSuspensionGuard(app, deps.staffConsole);
  registerDownloadUsage(app, deps.db.kysely, deps.clock);
  registerToolGate(app, deps.tools);

  const webhookDocs = webhooksOpenApi();
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Batchwise API',
        description: 'School, coaching-centre and classroom management for Bangladesh.',
        version: config.version,
      },
      tags: [webhookDocs.tag],
      // An extension key (x-) the swagger types do not list; the plugin copies it to the document.
      ...({ 'x-webhooks': webhookDocs.events } as object),
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, () => app.swagger());

  registerMetrics(app, {
    metrics: new Metrics(),
    status: deps.status,
    db: deps.db,
    token: config.operations.metricsToken,
  });
  healthRoutes(app, {
    db: deps.db,
    version: config.version,
    states: () => deps.status.componentStates(),
  });
  registerStatus(app, { status: deps.status, config, smsFaults: deps.smsFaults });
  authRoutes(app, deps.auth, config.session.maxAgeMs);
  sessionRoutes(app, {
    loader: deps.sessionLoader,
    maintenance: deps.maintenance,
    staffConsole: deps.staffConsole,
  });
  profileRoutes(app, deps.profile);
  accountsRoutes(app, deps.accounts);
  teamsRoutes(app, deps.teams);
  staffRoutes(app, deps.staff, config.session.maxAgeMs);
  staffConsoleRoutes(app, deps.staffConsole);
  firebaseImportRoutes(app, deps.firebaseImports);
  maintenanceRoutes(app, deps.maintenance);
  picturesRoutes(app, deps.storage);
  classroomsRoutes(app, deps.classrooms);
  studentsRoutes(app, deps.students, deps.studentSaves);
  archiveRoutes(app, deps.archive, deps.studentDelete);
  studentViewsRoutes(app, deps.verification, deps.myClasses);
  exportsRoutes(app, deps.exports);
  smsRoutes(app, {
    compose: deps.smsCompose,
    history: deps.smsHistory,
    account: deps.smsAccount,
    welcome: deps.smsWelcome,
    reports: deps.smsReports,
  });
  smsTemplateRoutes(app, deps.smsTemplates);
  onboardingRoutes(app, deps.onboarding);
  admissionRoutes(app, { form: deps.admissionForm, inbox: deps.admission });
  feesRoutes(app, { fees: deps.fees, payments: deps.payments, receiptSms: deps.receiptSms });
  duesReminderRoutes(app, deps.duesReminders);
  onlinePayRoutes(app, {
    onlinePay: deps.onlinePay,
    onlinePayGateway: deps.onlinePayGateway,
    onlinePayRefunds: deps.onlinePayRefunds,
    onlinePayBalances: deps.onlinePayBalances,
  });
  moneyRoutes(app, deps.money);
  activitySummaryRoutes(app, deps.activitySummary);
  insightRoutes(app, deps.insight);
  gettingStartedRoutes(app, deps.gettingStarted);
  plansRoutes(app, deps.plans);
  billingRoutes(app, { billing: deps.billing, billingGateway: deps.billingGateway });
  toolsRoutes(app, deps.tools);
  aiRoutes(app, deps);
  referralsRoutes(app, deps.referrals);
  smsSenderRoutes(app, deps.smsSender);
  webhookRoutes(app, { webhooks: deps.webhooks });
  accountExportRoutes(app, { accountExport: deps.accountExport });
  recycleBinRoutes(app, deps.recycleBin);
  reportCardsRoutes(app, {
    cards: deps.reportCards,
    links: deps.reportLinks,
    pdf: deps.reportPdf,
    sms: deps.resultSms,
  });
  assessmentsRoutes(app, { assessments: deps.assessments, marks: deps.marks, marksImport: deps.marksImport });
  attendanceAlertRoutes(app, deps.attendanceAlerts);
  kioskRoutes(app, deps.kiosk);
  attendanceDevicesRoutes(app, { devices: deps.attendanceDevices, iclock: deps.iclock });
  otherUsersRoutes(app, deps.otherUsers);
  facesRoutes(app, deps.faces, deps.kiosk);
  attendanceReportsRoutes(app, { rollCall: deps.rollCall, reports: deps.attendanceReports });
  attendanceInsightsRoutes(app, deps.attendanceInsights);
  wallRoutes(app, { wall: deps.wall, family: deps.wallFamily });
  registerUploads(app, deps.tusUploads);
  classroomFilesRoutes(app, {
    classroomFiles: deps.classroomFiles,
    familyFiles: deps.familyFiles,
    usage: deps.uploads,
  });
  videoRoutes(app, {
    video: deps.video,
    family: deps.videoFamily,
    stream: { db: deps.db, storage: deps.storage, clock: deps.clock },
  });
  publicVideoRoutes(app, deps);
  educastRoutes(app, { educast: deps.educast, family: deps.educastFamily });
  zoomRoutes(app, {
    zoomConnection: deps.zoomConnection,
    zoomMeetings: deps.zoomMeetings,
    zoomWebhook: deps.zoomWebhook,
  });
  portalRoutes(app, {
    portal: deps.portal,
    profile: deps.portalProfile,
    settings: deps.portalSettings,
    attendanceLinks: deps.attendanceLinks,
  });
  assignmentsRoutes(app, {
    assignments: deps.assignments,
    familyAssignments: deps.familyAssignments,
    assignmentAssessment: deps.assignmentAssessment,
  });
  timetableRoutes(app, {
    timetable: deps.timetable,
    timetableFamily: deps.timetableFamily,
    calendarFeeds: deps.calendarFeeds,
  });
  linksRoutes(app, deps.links, {
    storage: deps.storage,
    clock: deps.clock,
    sessionMaxAgeMs: config.session.maxAgeMs,
  });
  eventsRoutes(
    app,
    {
      events: deps.events,
      sessions: deps.sessions,
      streams: deps.streams,
      log: deps.log,
      heartbeatMs: config.sseHeartbeatMs,
    },
    channelsFor(deps.access, (principal) => deps.portal.channels(principal)),
  );
  if (config.devOutbox) outboxRoutes(app, deps.outbox);
  registerPublicSite(app, deps);

  await registerSpa(app, config.webDist);
  return app;
}

/**
 * Some clients send `content-type: application/json` with no body (the spec's health check is
 * one); treat that as "no body" and let the route's schema decide, instead of a parse error.
 * Non-empty bodies keep Fastify's parser with its prototype-poisoning protection.
 */
function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, null);
    return parseJson(request, body.toString(), done);
  });
}
