import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Clock } from '../lib/clock';
import { newId } from '../lib/ids';

/**
 * The spec's data-access wrapper logs download usage: every successful response of a route marked
 * `config.download` (exports, sheets, files) is recorded with its size, per account and user.
 */
export function registerDownloadUsage(app: FastifyInstance, db: Kysely<Database>, clock: Clock): void {
  // Attached to download routes only, so other responses pay nothing for it.
  app.addHook('onRoute', (route) => {
    if (!route.config?.download) return;
    const existing = route.onSend ? [route.onSend].flat() : [];
    route.onSend = [...existing, logDownload];
  });

  async function logDownload(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    if (reply.statusCode >= 400) return payload;
    const declared = Number(reply.getHeader('content-length'));
    const bytes =
      Number.isFinite(declared) && declared > 0
        ? declared
        : typeof payload === 'string' || Buffer.isBuffer(payload)
          ? Buffer.byteLength(payload)
          : 0;
    const params = (request.params ?? {}) as { accountId?: string };
    await db
      .insertInto('download_usage')
      .values({
        id: newId(),
        account_id: params.accountId ?? null,
        user_id: request.principal?.user.id ?? null,
        route: request.routeOptions.url ?? request.url,
        bytes,
        created_at: clock.now(),
      })
      .execute();
    return payload;
  }
}
