import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import { failure } from '../../lib/errors';
import type { StatusService } from '../status/status.service';
import type { Metrics } from './metrics';

const sameToken = (given: string, expected: string) => {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
};

/**
 * Counts every answered request by route pattern, and serves `/metrics` in the Prometheus text
 * format to a scraper that shows METRICS_TOKEN as a bearer token (no token configured: nobody).
 */
export function registerMetrics(
  app: FastifyInstance,
  deps: { metrics: Metrics; status: StatusService; db: Db; token: string | undefined },
): void {
  const { metrics } = deps;
  app.addHook('onResponse', async (request, reply) => {
    // Unmatched URLs share one label: raw paths would make a series per probe.
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.observe(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
  });

  app.get('/metrics', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    if (!deps.token || !given || !sameToken(given, deps.token)) {
      void reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw failure(401, 'UNAUTHENTICATED');
    }
    const text = await metrics.render(await deps.status.snapshot(), deps.db.pool?.());
    return reply
      .type('text/plain; version=0.0.4; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(text);
  });
}
