import { publicVideoEndpoints as endpoints } from '@batchwise/domain';
import { route } from '../../lib/route';
import type { TypedApp } from '../../lib/typed-app';
import { IPN_ROUTE_CONFIG, sslcommerzFormScope } from '../online-pay/sslcommerz-form-scope';
import { publicLinkLimit } from '../rate-limit/public-link-limit';
import type { PublicVideoService } from './public-video.service';
import type { PublicVideoPayService } from './public-video-pay.service';

/** Buying opens a gateway session: fewer. */
const buyLimit = { rateLimit: { max: 20, timeWindow: '1 minute' } };
/** SSLCommerz posts forms of a few dozen short fields. */

/** Public video courses; who may call is in the contracts and public-video.service.ts. */
export function publicVideoRoutes(
  app: TypedApp,
  services: { publicVideo: PublicVideoService; publicVideoPay: PublicVideoPayService },
): void {
  const { publicVideo: courses, publicVideoPay: pay } = services;
  route(app, endpoints.publication, (r) =>
    courses.publication(r.principal!, r.params.accountId, r.params.courseId),
  );
  route(app, endpoints.publish, (r) =>
    courses.publish(r.principal!, r.params.accountId, r.params.courseId, r.body),
  );
  route(app, endpoints.unpublish, (r) =>
    courses.unpublish(r.principal!, r.params.accountId, r.params.courseId),
  );
  route(app, endpoints.publicCourse, (r) => courses.course(r.params.key, r.query.access), {
    config: publicLinkLimit,
  });
  // Each player asks again before its address ends (VIDEO_STREAM_TTL_MS): the public link limit.
  route(app, endpoints.publicPlay, (r) => courses.play(r.params.key, r.params.videoId, r.body.access), {
    config: publicLinkLimit,
  });
  route(app, endpoints.buy, (r) => pay.buy(r.params.key, r.body), { config: buyLimit });
  // SSLCommerz's reports, each checked against the gateway instead of a CSRF header.
  sslcommerzFormScope(app, (scope) => {
    route(scope, endpoints.sslcommerzIpn, (r) => pay.sslcommerzIpn(r.body), {
      config: IPN_ROUTE_CONFIG,
    });
    route(
      scope,
      endpoints.sslcommerzReturn,
      async (r, reply) =>
        reply
          .header('cache-control', 'no-store')
          .redirect(await pay.sslcommerzReturn(r.params.outcome, r.body), 303),
      { config: { ...publicLinkLimit, csrf: false } },
    );
  });
}
