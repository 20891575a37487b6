import { CALENDAR_FEED_PATH, timetableEndpoints as endpoints } from '@batchwise/domain';
import { z } from 'zod';
import { notFound } from '../../lib/errors';
import { route } from '../../lib/route';
import type { TypedApp } from '../../lib/typed-app';
import { publicLinkLimit } from '../rate-limit/public-link-limit';
import type { CalendarFeeds } from './calendar-feeds';
import type { TimetableService } from './timetable.service';
import type { TimetableFamilyService } from './timetable-family.service';

export interface TimetableRoutesDeps {
  timetable: TimetableService;
  timetableFamily: TimetableFamilyService;
  calendarFeeds: CalendarFeeds;
}

/** The timetable; who may call is in timetable.policy.ts and the portal's policy. */
export function timetableRoutes(app: TypedApp, deps: TimetableRoutesDeps): void {
  const { timetable, timetableFamily: family, calendarFeeds } = deps;
  route(app, endpoints.timetable, (r) =>
    timetable.timetable(r.principal!, r.params.accountId, r.query.from, r.query.to),
  );
  route(app, endpoints.events, (r) =>
    timetable.events(r.principal!, r.params.accountId, r.params.classroomId),
  );
  route(app, endpoints.addEvent, (r) =>
    timetable.addEvent(r.principal!, r.params.accountId, r.params.classroomId, r.body),
  );
  route(app, endpoints.removeEvent, (r) =>
    timetable.removeEvent(r.principal!, r.params.accountId, r.params.classroomId, r.params.eventId),
  );
  route(app, endpoints.classroomFeed, (r) =>
    timetable.classroomFeed(r.principal!, r.params.accountId, r.params.classroomId),
  );
  route(app, endpoints.revokeClassroomFeed, (r) =>
    timetable.revokeClassroomFeed(r.principal!, r.params.accountId, r.params.classroomId),
  );
  route(app, endpoints.portalSchedule, (r) =>
    family.schedule(r.principal!, r.params.studentId, r.query.from, r.query.to),
  );
  route(app, endpoints.portalFeed, (r) => family.feed(r.principal!, r.params.studentId));
  route(app, endpoints.revokePortalFeed, (r) => family.revokeFeed(r.principal!, r.params.studentId));

  // The iCalendar feed a calendar app polls: the secret in the path is the only credential.
  app.get(
    CALENDAR_FEED_PATH,
    {
      config: { access: 'public', ...publicLinkLimit },
      schema: { hide: true, params: z.object({ file: z.string().min(1).max(100) }) },
    },
    async (request, reply) => {
      const body = await calendarFeeds.render(request.params.file);
      if (body === null) throw notFound();
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', 'private, max-age=300')
        .send(body);
    },
  );
}
