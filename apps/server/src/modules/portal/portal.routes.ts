import { ATTENDANCE_LINK_PAGE, portalEndpoints as endpoints } from '@batchwise/domain';
import { z } from 'zod';
import { route } from '../../lib/route';
import type { TypedApp } from '../../lib/typed-app';
import { publicLinkLimit } from '../rate-limit/public-link-limit';
import type { AttendanceLinksService } from './attendance-links.service';
import type { PortalService } from './portal.service';
import type { PortalProfileService } from './portal-profile.service';
import type { PortalSettingsService } from './portal-settings.service';

export interface PortalRoutesDeps {
  portal: PortalService;
  profile: PortalProfileService;
  settings: PortalSettingsService;
  attendanceLinks: AttendanceLinksService;
}

export function portalRoutes(app: TypedApp, deps: PortalRoutesDeps): void {
  const { portal, profile, settings, attendanceLinks } = deps;
  route(app, endpoints.home, (r) => portal.home(r.principal!));
  route(app, endpoints.fees, (r) => portal.fees(r.principal!, r.params.studentId, r.query.through));
  route(app, endpoints.pay, (r) => portal.pay(r.principal!, r.params.studentId, r.body));
  route(app, endpoints.attendance, (r) => portal.attendance(r.principal!, r.params.studentId, r.query.month));
  route(app, endpoints.results, (r) => portal.results(r.principal!, r.params.studentId));
  route(app, endpoints.openReport, (r) => portal.openReport(r.principal!, r.params.studentId, r.body));
  route(app, endpoints.classes, (r) => portal.classes(r.principal!, r.params.studentId));
  route(app, endpoints.messages, (r) =>
    portal.messages(r.principal!, r.params.studentId, r.query.page, r.query.pageSize),
  );

  route(app, endpoints.profile, (r) => profile.profile(r.principal!));
  route(app, endpoints.updateProfile, (r) => profile.update(r.principal!, r.body));
  route(app, endpoints.devices, (r) => profile.devices(r.principal!));
  route(app, endpoints.signOutDevice, async (r) => {
    await profile.signOut(r.principal!, r.params.deviceId);
    return { ok: true as const };
  });

  route(app, endpoints.classroomSettings, (r) =>
    settings.get(r.principal!, r.params.accountId, r.params.classroomId),
  );
  route(app, endpoints.updateClassroomSettings, (r) =>
    settings.update(r.principal!, r.params.accountId, r.params.classroomId, r.body),
  );

  route(app, endpoints.attendanceLink, (r) =>
    attendanceLinks.issue(r.principal!, r.params.accountId, r.params.studentId),
  );
  route(app, endpoints.publicAttendance, (r) => attendanceLinks.publicView(r.params.key, r.query.month), {
    config: publicLinkLimit,
  });

  // The attendance link in an SMS (`/a/{key}`): a redirect for browsers, as /p/:key and /rc/:key.
  app.get(
    '/a/:key',
    {
      config: { access: 'public', ...publicLinkLimit },
      schema: { hide: true, params: z.object({ key: z.string().min(1).max(100) }) },
    },
    async (request, reply) => {
      const target = await attendanceLinks.follow(request.params.key);
      // An unknown key lands on the page without a key: its invalid-link message.
      return reply.header('cache-control', 'no-store').redirect(target ?? ATTENDANCE_LINK_PAGE, 302);
    },
  );
}
