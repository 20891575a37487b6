import type { AccessPolicy } from './modules/access/access.policy';
import type { SessionService } from './modules/auth/sessions.service';
import type { EventBus } from './modules/events/event-bus';
import { AttendanceLinksService } from './modules/portal/attendance-links.service';
import type { AttendanceLinkKeys } from './modules/portal/attendance-sms-links';
import { type PortalDeps, PortalService } from './modules/portal/portal.service';
import { PortalProfileService } from './modules/portal/portal-profile.service';
import { PortalSettingsService } from './modules/portal/portal-settings.service';

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
export function createPortalServices(
  base: PortalDeps & {
    access: AccessPolicy;
    events: EventBus;
    sessions: SessionService;
    attendanceLinkKeys: AttendanceLinkKeys;
    appUrl: string;
  },
): PortalServices {
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
