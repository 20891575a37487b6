import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TypedApp } from '../../lib/typed-app';
import type { IclockReply, IclockService } from './iclock.service';
import { cleanBody } from './iclock-protocol';

/** Uploads are a few lines per punch; a backlog after a long outage is the largest, ~25 bytes a line. */
const ICLOCK_BODY_LIMIT = 1024 * 1024;

/** The device's serial from the query (`SN=`; some firmware writes `sn=`), in capitals. */
function serialOf(request: FastifyRequest): string | undefined {
  const query = request.query as Record<string, unknown>;
  const value = query.SN ?? query.sn;
  if (typeof value !== 'string') return undefined;
  const serial = value.trim().toUpperCase();
  return serial && serial.length <= 64 ? serial : undefined;
}

/** A query value as text; repeated keys take the first. */
function text(request: FastifyRequest, key: string): string | undefined {
  const value = (request.query as Record<string, unknown>)[key];
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : undefined;
}

const send = (reply: FastifyReply, answer: IclockReply) =>
  reply.code(answer.status).header('cache-control', 'no-store').type('text/plain').send(answer.body);

/**
 * The ZKTeco ADMS / iclock PUSH endpoints (research/integrations.md §4.1). Not
 * JSON API routes: devices send text bodies with whatever content type their firmware picks (or
 * none), carry no session or CSRF header and read `text/plain` answers, so they live in a scope
 * of their own that takes any body as text. Some firmware asks for `….aspx`; both are served.
 * Who may call is decided by serial number in iclock.service.ts, after the per-address limit
 * that every request of the scope passes first (a made-up serial costs a lookup only within it).
 */
export function iclockRoutes(app: TypedApp, iclock: IclockService): void {
  app.register(async (scope: TypedApp) => {
    // onRequest: refused before the body is read or the serial looked up.
    scope.addHook('onRequest', async (request) => iclock.admit(request.ip));
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'string', bodyLimit: ICLOCK_BODY_LIMIT },
      (_request, body, done) => done(null, cleanBody(String(body))),
    );
    const common = {
      config: { access: 'public' as const, csrf: false },
      schema: { hide: true },
    };
    const bodyOf = (request: FastifyRequest) => (typeof request.body === 'string' ? request.body : '');

    for (const suffix of ['', '.aspx']) {
      scope.get(`/iclock/cdata${suffix}`, common, async (request, reply) =>
        send(
          reply,
          await iclock.cdataGet(
            serialOf(request),
            { options: text(request, 'options'), type: text(request, 'type') },
            request.ip,
          ),
        ),
      );
      scope.post(`/iclock/cdata${suffix}`, common, async (request, reply) =>
        send(
          reply,
          await iclock.cdataPost(
            serialOf(request),
            {
              table: text(request, 'table'),
              Stamp: text(request, 'Stamp'),
              OpStamp: text(request, 'OpStamp'),
            },
            bodyOf(request),
            request.ip,
          ),
        ),
      );
      scope.get(`/iclock/getrequest${suffix}`, common, async (request, reply) =>
        send(reply, await iclock.heartbeat(serialOf(request), request.ip)),
      );
      scope.post(`/iclock/devicecmd${suffix}`, common, async (request, reply) =>
        send(reply, await iclock.commandResults(serialOf(request), bodyOf(request), request.ip)),
      );
    }
    scope.get('/iclock/ping', common, async (request, reply) =>
      send(reply, await iclock.ping(serialOf(request), request.ip)),
    );
  });
}
