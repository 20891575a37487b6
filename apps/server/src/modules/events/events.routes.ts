import { liveEventsEndpoint } from '@batchwise/domain';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/errors';
import { route } from '../../lib/route';
import type { TypedApp } from '../../lib/typed-app';
import { SESSION_COOKIE } from '../../plugins/authenticate';
import type { SessionService } from '../auth/sessions.service';
import { addressKey } from '../rate-limit/address-key';
import { type ChannelResolver, publicChannels } from './channels';
import type { EventBus } from './event-bus';
import { type AccessCheck, LiveStream } from './live-stream';
import { sessionChannel } from './session-ends';
import type { StreamRegistry } from './stream-registry';

/**
 * Server-Sent Events: one long response per browser tab. A heartbeat comment keeps proxies from
 * closing an idle stream (and renews the stream's place, stream-registry.ts); Last-Event-ID
 * replays what a reconnecting tab missed while this process still remembers it. A signed-in
 * stream lasts only as long as its session and delivers only what its caller may still see
 * (live-stream.ts).
 */
export interface EventsRoutesDeps {
  events: EventBus;
  sessions: SessionService;
  /** Counts open streams across processes (built in deps.ts; stopped here with the server). */
  streams: StreamRegistry;
  log: FastifyBaseLogger;
  heartbeatMs: number;
}

export function eventsRoutes(
  app: TypedApp,
  deps: EventsRoutesDeps,
  resolveChannels: ChannelResolver = publicChannels,
): void {
  const { heartbeatMs, streams: registry } = deps;
  const onError = (err: unknown) => deps.log.warn({ err }, 'live-update stream');
  const open = new Set<LiveStream>();
  // Streams never end by themselves; end them before the server waits for requests in flight.
  app.addHook('preClose', async () => {
    for (const stream of open) stream.end();
    await registry.stop();
  });

  route(app, liveEventsEndpoint, async (request, reply) => {
    const principal = request.principal;
    const channels = await resolveChannels(principal);
    // Counted by network like the other limits: an IPv6 subscriber holds a whole /64.
    const lease = await registry.open({ userId: principal?.user.id ?? null, ip: addressKey(request.ip) });
    reply.hijack();
    const res = reply.raw;
    const giveBack = () => void registry.close(lease).catch(onError);
    if (res.destroyed) {
      giveBack(); // the tab left while it was being admitted
      return;
    }
    res.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });

    const token = request.cookies[SESSION_COOKIE];
    let check: AccessCheck | undefined;
    if (principal && token) {
      const sessionId = principal.session.id;
      check = async () => {
        const current = await deps.sessions.resolve(token, { touch: false });
        if (current?.session.id !== sessionId) return undefined;
        try {
          return await resolveChannels(current);
        } catch (err) {
          if (err instanceof AppError) return undefined; // flagged since: no live updates
          throw err;
        }
      };
    }
    const lastEventId = request.headers['last-event-id'];
    const stream = new LiveStream({
      res,
      bus: deps.events,
      channels,
      wakeChannels: principal ? [sessionChannel(principal.session.id)] : [],
      check,
      lastEventId: typeof lastEventId === 'string' && lastEventId ? lastEventId : undefined,
      heartbeatMs,
      onEnd: () => {
        open.delete(stream);
        giveBack();
      },
      onError,
    });
    open.add(stream);
    res.on('close', () => stream.end());
  });
}
