import { zoomEndpoints as endpoints } from '@batchwise/domain';
import { notFound } from '../../lib/errors';
import { route } from '../../lib/route';
import type { TypedApp } from '../../lib/typed-app';
import { publicLinkLimit } from '../rate-limit/public-link-limit';
import type { ZoomConnectionService } from './zoom-connection.service';
import type { ZoomMeetingsService } from './zoom-meetings.service';
import type { ZoomWebhook } from './zoom-webhook';

export interface ZoomRoutesDeps {
  zoomConnection: ZoomConnectionService;
  zoomMeetings: ZoomMeetingsService;
  zoomWebhook: ZoomWebhook;
}

/** A webhook body is small (one participant); anything larger is not Zoom's. */
const WEBHOOK_LIMIT = 64 * 1024;

/** Online classes through Zoom; who may call is in the endpoints and zoom services' checks. */
export function zoomRoutes(app: TypedApp, deps: ZoomRoutesDeps): void {
  const { zoomConnection: connection, zoomMeetings: meetings, zoomWebhook: webhook } = deps;
  route(app, endpoints.connection, (r) => connection.status(r.principal!, r.params.accountId));
  route(app, endpoints.authorize, (r) => connection.authorize(r.principal!, r.params.accountId));
  route(app, endpoints.callback, (r) => connection.callback(r.principal!, r.body));
  route(app, endpoints.disconnect, (r) => connection.disconnect(r.principal!, r.params.accountId));
  route(app, endpoints.meetings, (r) =>
    meetings.list(r.principal!, r.params.accountId, r.params.classroomId),
  );
  route(app, endpoints.createMeeting, (r) =>
    meetings.create(r.principal!, r.params.accountId, r.params.classroomId, r.body),
  );
  route(app, endpoints.attendance, (r) =>
    meetings.attendance(r.principal!, r.params.accountId, r.params.meetingId),
  );
  route(app, endpoints.portalMeetings, (r) => meetings.portal(r.principal!, r.params.studentId));

  // A join link from an SMS or the portal: the code is the only credential, and it leads only to
  // the meeting Zoom made for us.
  route(
    app,
    endpoints.join,
    async (r, reply) => {
      const target = await meetings.follow(r.params.code);
      if (!target) throw notFound();
      return reply.header('cache-control', 'no-store').redirect(target, 302);
    },
    { config: publicLinkLimit },
  );

  // Zoom's event notifications: the signature is over the body exactly as sent, so this scope
  // keeps it as text; Zoom sends no CSRF header, the signature stands in for it.
  app.register(async (scope: TypedApp) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: WEBHOOK_LIMIT },
      (_request, body, done) => done(null, String(body)),
    );
    route(
      scope,
      endpoints.webhook,
      async (r, reply) => {
        const answer = await webhook.receive(
          typeof r.body === 'string' ? r.body : '',
          String(r.headers['x-zm-request-timestamp'] ?? ''),
          String(r.headers['x-zm-signature'] ?? ''),
        );
        return reply.code(answer.status).send(answer.body);
      },
      { config: { csrf: false, rateLimit: { max: 6000, timeWindow: '1 minute' } } },
    );
  });
}
