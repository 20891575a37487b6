import { z } from 'zod';
import type { Db } from '../../db/database';
import { deepFreeze } from '../../lib/serializer';
import type { TypedApp } from '../../lib/typed-app';

const healthResponse = z.object({
  status: z.enum(['ok', 'unavailable']).describe('ok when the database answers'),
  version: z.string().describe('server version'),
  database: z.enum(['sqlite', 'postgres']).describe('the database this server runs on'),
});

export function healthRoutes(app: TypedApp, deps: { db: Db; version: string }): void {
  // The two possible answers, frozen: the serializer checks and encodes each once (lib/serializer.ts).
  const answer = (status: 'ok' | 'unavailable') =>
    deepFreeze({ status, version: deps.version, database: deps.db.dialect });
  const up = answer('ok');
  const down = answer('unavailable');

  app.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Is the server up and its database reachable?',
        response: { 200: healthResponse, 503: healthResponse },
      },
    },
    async (_request, reply) => {
      const ok = await deps.db.ping().then(
        () => true,
        () => false,
      );
      return reply.status(ok ? 200 : 503).send(ok ? up : down);
    },
  );

  // The spec's client health check: POST api-sessions/test with an empty body.
  app.post(
    '/api/api-sessions/test',
    {
      config: { access: 'public', csrf: false },
      schema: {
        tags: ['health'],
        summary: 'Client health check (empty body)',
        body: z.object({}).strict().nullish(),
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async () => ({ ok: true as const }),
  );
}
