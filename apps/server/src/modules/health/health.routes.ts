import { healthEndpoints as endpoints, healthSchema, type StatusState } from '@batchwise/domain';
import type { Db } from '../../db/database';
import { route } from '../../lib/route';
import { deepFreeze } from '../../lib/serializer';
import type { TypedApp } from '../../lib/typed-app';

type Check = 'ok' | 'failing' | 'unknown';
const CHECK: Record<StatusState, Check> = {
  operational: 'ok',
  degraded: 'failing',
  down: 'failing',
  unknown: 'unknown',
};

export function healthRoutes(
  app: TypedApp,
  deps: {
    db: Db;
    version: string;
    /** The other dependencies' states, from the status page's recent outcomes (cached there). */
    states: () => Promise<Record<string, StatusState>>;
  },
): void {
  // Answers are frozen and kept while nothing changes: the serializer checks and encodes each
  // once (lib/serializer.ts), and monitors call this often.
  let kept: { key: string; answer: ReturnType<typeof answer> } | undefined;
  const answer = (databaseUp: boolean, states: Record<string, StatusState>) => {
    const checks: Record<string, Check> = {};
    for (const [key, state] of Object.entries(states)) if (key !== 'api') checks[key] = CHECK[state];
    checks.database = databaseUp ? 'ok' : 'failing';
    return deepFreeze({
      status: databaseUp ? ('ok' as const) : ('unavailable' as const),
      version: deps.version,
      database: deps.db.dialect,
      checks,
      failing: Object.keys(checks).filter((key) => checks[key] === 'failing'),
    });
  };

  route(
    app,
    endpoints.health,
    async (_request, reply) => {
      const up = await deps.db.ping().then(
        () => true,
        () => false,
      );
      const states = await deps.states().catch(() => ({}));
      const key = `${up}|${JSON.stringify(states)}`;
      if (kept?.key !== key) kept = { key, answer: answer(up, states) };
      if (!up) void reply.status(503);
      return kept.answer;
    },
    // Down is an answer too: monitors read the body of the 503.
    { schema: { response: { 503: healthSchema } } },
  );

  // Legacy clients post without the CSRF header.
  route(app, endpoints.clientCheck, () => ({ ok: true as const }), { config: { csrf: false } });
}
