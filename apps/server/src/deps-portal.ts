import type { Db } from './db/database';
import type { Clock } from './lib/clock';
import type { AccessPolicy } from './modules/access/access.policy';
import type { AttendanceReportsService } from './modules/attendance-reports/attendance-reports.service';
import type { SessionService } from './modules/auth/sessions.service';
import type { EventBus } from './modules/events/event-bus';
import type { FeesService } from './modules/fees/fees.service';
import type { PaymentsService } from './modules/fees/payments.service';
import type { OnlinePayService } from './modules/online-pay/online-pay.service';
import type { OnlinePayGatewayService } from './modules/online-pay/online-pay-gateway.service';
import { AttendanceLinksService } from './modules/portal/attendance-links.service';
import type { AttendanceLinkKeys } from './modules/portal/attendance-sms-links';
import { PortalService } from './modules/portal/portal.service';
import { PortalProfileService } from './modules/portal/portal-profile.service';
import { PortalSettingsService } from './modules/portal/portal-settings.service';
import type { ReportCardsService } from './modules/report-cards/report-cards.service';
import type { ReportLinksService } from './modules/report-cards/report-links.service';
import type { SmsHistoryService } from './modules/sms/sms-history.service';
import type { MyClassesService } from './modules/students/my-classes.service';

/** The family portal's services (DESIGN.md §1 "Family portal"), part of `Deps`. */
export interface PortalServices {
  portal: PortalService;
  portalProfile: PortalProfileService;
  portalSettings: PortalSettingsService;
  attendanceLinks: AttendanceLinksService;
}

/**
 * The family portal's part of the composition root (deps.ts): it reads fees, online pay,
 * attendance, report cards and SMS history through their services, never their tables.
 */
export function createPortalServices(base: {
  db: Db;
  clock: Clock;
  access: AccessPolicy;
  events: EventBus;
  sessions: SessionService;
  fees: FeesService;
  payments: PaymentsService;
  onlinePay: OnlinePayService;
  onlinePayGateway: OnlinePayGatewayService;
  attendanceReports: AttendanceReportsService;
  reportCards: ReportCardsService;
  reportLinks: ReportLinksService;
  smsHistory: SmsHistoryService;
  myClasses: MyClassesService;
  attendanceLinkKeys: AttendanceLinkKeys;
  appUrl: string;
}): PortalServices {
  const { db, clock, access, events } = base;
  const portal = new PortalService(base);
  return {
    portal,
    portalProfile: new PortalProfileService({ db, clock, sessions: base.sessions }),
    portalSettings: new PortalSettingsService({ db, clock, access, events, onlinePay: base.onlinePay }),
    attendanceLinks: new AttendanceLinksService({
      db,
      clock,
      access,
      portal,
      keys: base.attendanceLinkKeys,
      appUrl: base.appUrl,
    }),
  };
}
