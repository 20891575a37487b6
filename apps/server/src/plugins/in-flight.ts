import type { FastifyInstance } from 'fastify';

/**
 * Handlers still running, so closing the app waits for the last of them. `app.close()` waits for
 * open connections, but a request whose client hung up (a phone that lost its signal mid-save) is
 * no connection any more while its handler runs on; the database closed after it would fail its
 * next statement halfway through the work. A stream that took its reply over (live events) has
 * returned from its handler already and is ended by its own close hook.
 */
class InFlight {
  private running = 0;
  private waiting: (() => void)[] = [];

  track<T>(work: Promise<T>): Promise<T> {
    this.running++;
    return work.finally(() => {
      this.running--;
      if (this.running === 0) for (const resolve of this.waiting.splice(0)) resolve();
    });
  }

  /** Resolves once no handler runs. */
  drained(): Promise<void> {
    if (this.running === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiting.push(resolve));
  }
}

/** Counts every route's handler while it runs; the app's close waits until none does. */
export function registerInFlight(app: FastifyInstance): void {
  const inFlight = new InFlight();
  app.addHook('onRoute', (route) => {
    const handler = route.handler;
    route.handler = function (request, reply) {
      const result = handler.call(this, request, reply);
      // A handler that answers through reply.send() alone is over when it returns.
      return result instanceof Promise ? inFlight.track(result) : result;
    };
  });
  app.addHook('onClose', () => inFlight.drained());
}
