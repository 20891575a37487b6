import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../deps';
import type { TypedApp } from '../../lib/typed-app';
import type { LiveEvent } from './event-bus';

/** The channels a request may listen to. Signed-in users add their own channels in later modules. */
export type ChannelResolver = (request: FastifyRequest) => Promise<string[]> | string[];

export const publicChannels: ChannelResolver = () => ['public'];

function frame(event: LiveEvent): string {
  const { id, type, queryKeys, data } = event;
  return `id: ${id}\nevent: message\ndata: ${JSON.stringify({ type, queryKeys, data })}\n\n`;
}

/**
 * Server-Sent Events: one long response per browser tab. A heartbeat comment keeps proxies from
 * closing an idle stream; Last-Event-ID replays what a reconnecting tab missed while this process
 * still remembers it.
 */
export function eventsRoutes(
  app: TypedApp,
  deps: Pick<Deps, 'events' | 'config'>,
  resolveChannels: ChannelResolver = publicChannels,
): void {
  const open = new Set<() => void>();
  // Streams never end by themselves; end them before the server waits for requests in flight.
  app.addHook('preClose', async () => {
    for (const end of open) end();
  });

  app.get(
    '/api/events',
    {
      config: { access: 'public' },
      schema: { tags: ['events'], summary: 'Live updates (text/event-stream)' },
    },
    async (request, reply) => {
      const channels = await resolveChannels(request);
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      res.write('retry: 3000\n\n');

      const lastId = request.headers['last-event-id'];
      if (typeof lastId === 'string' && lastId) {
        for (const event of deps.events.replay(channels, lastId)) res.write(frame(event));
      }
      const unsubscribe = deps.events.subscribe(channels, (event) => res.write(frame(event)));
      const heartbeat = setInterval(() => res.write(': ping\n\n'), deps.config.sseHeartbeatMs);
      const end = () => {
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(end);
        res.end();
      };
      open.add(end);
      request.raw.on('close', end);
    },
  );
}
