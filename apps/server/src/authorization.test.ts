import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { RouteEntry } from './app';
import { type Call, SAMPLES, type Sample } from './test/matrix-samples';
import { DIALECTS } from './test/test-deps';
import { ACTORS, type Actor, useWorld } from './test/world';

const MIRROR: Partial<Record<Actor, Actor>> = { teacherA: 'teacherB', adminA: 'adminB' };
const DENIAL_CODES = new Set([
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'CSRF_REFUSED',
  'ACCOUNT_SUSPICIOUS',
  'MANAGE_STUDENTS_REQUIRED',
  'MODIFY_CUSTOM_ID_REQUIRED',
  'SMS_SEND_PERMISSION_REQUIRED',
  'FEES_COLLECT_PERMISSION_REQUIRED',
  'DUES_REMINDER_PERMISSION_REQUIRED',
]);
const HIDDEN_CODES = new Set(['NOT_FOUND', 'INVITATION_NOT_FOUND']);

/** Who may call the route on one side's objects, from the sample's rule for A. */
function allowedOn(sample: Sample, side: 'A' | 'B', actor: Actor): boolean {
  if (sample.allowed === 'everyone') return true;
  if (sample.allowed === 'signed-in') return actor !== 'anonymous';
  if (side === 'A') return sample.allowed.includes(actor);
  return sample.allowed.some((a) => MIRROR[a] === actor);
}

const objectRoute = (sample: Sample) => sample.institution === true;

/** The sample of a route: its entry, or for a public GET without parameters, what its declaration implies. */
function sampleOf(route: RouteEntry): Sample | undefined {
  const listed = SAMPLES[`${route.method} ${route.url}`];
  if (listed) return listed;
  const implied =
    route.method === 'GET' &&
    !route.url.includes(':') &&
    (route.access === 'public' || route.access === 'dev');
  return implied ? { allowed: 'everyone' } : undefined;
}

function fill(url: string, call: Call): string {
  const path = url.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(call.params?.[name] ?? 'missing'),
  );
  return call.query ? `${path}?${call.query}` : path;
}

/** Samples that call with an id that exists nowhere: a 404 there is the right answer, not a refusal. */
const expectsMissing = (sample: Sample) => sample.missingObject === true;

describe.each(DIALECTS)('authorization matrix [%s]', (dialect) => {
  const ctx = useWorld(dialect);

  it('has a declared access policy and a matrix sample for every route', () => {
    const routes = ctx.app.routeTable.filter((r) => !r.url.startsWith('/api/docs'));
    const missing = routes.filter((r) => !sampleOf(r)).map((r) => `${r.method} ${r.url}`);
    expect(missing, 'routes without a sample in test/matrix-samples.ts').toEqual([]);
    for (const route of routes) expect(route.access, `${route.method} ${route.url}`).toBeDefined();
    const stale = Object.keys(SAMPLES).filter((key) => !routes.some((r) => `${r.method} ${r.url}` === key));
    expect(stale, 'samples for routes that no longer exist').toEqual([]);
  });

  it('allows and refuses every route for every actor, on own and other institutions', async () => {
    const failures: string[] = [];
    let calls = 0;
    for (const route of ctx.app.routeTable.filter((r) => !r.url.startsWith('/api/docs'))) {
      const sample = sampleOf(route);
      if (!sample) continue;
      const sides: ('A' | 'B')[] = objectRoute(sample) ? ['A', 'B'] : ['A'];
      for (const side of sides) {
        for (const actor of ACTORS) {
          const call = (await sample.call?.(ctx.world, ctx.deps, side)) ?? {};
          const client = await ctx.world.client(actor);
          const url = fill(route.url, call);
          let status: number;
          let code: string | undefined;
          if (sample.stream) {
            if (!ctx.app.server.listening) await ctx.app.listen({ host: '127.0.0.1', port: 0 });
            const base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
            const controller = new AbortController();
            const res = await fetch(base + url, {
              headers: client.cookie ? { cookie: `bw_session=${client.cookie}` } : {},
              signal: controller.signal,
            });
            status = res.status;
            code =
              res.status >= 400
                ? ((await res.json()) as { error?: { code?: string } }).error?.code
                : undefined;
            controller.abort();
          } else {
            const res = await client.request({
              method: route.method as 'GET',
              url,
              payload: call.body as object,
              headers: call.headers,
            });
            status = res.statusCode;
            // Only our JSON errors carry a code; pages and files answer in their own formats.
            const json = String(res.headers['content-type']).startsWith('application/json');
            code = status >= 400 && json ? res.json().error?.code : undefined;
          }
          calls++;
          // A route that reads or changes one object answers 404 for objects out of reach, like for
          // objects that do not exist, so nobody learns what exists elsewhere.
          const hides = objectRoute(sample) || (Array.isArray(sample.allowed) && !expectsMissing(sample));
          const refused = DENIAL_CODES.has(code ?? '') || (hides && HIDDEN_CODES.has(code ?? ''));
          const expected = allowedOn(sample, side, actor);
          if (expected === refused) {
            failures.push(
              `${route.method} ${route.url} on ${side} as ${actor}: expected ${expected ? 'allowed' : 'refused'}, got ${status} ${code ?? ''}`,
            );
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(calls).toBeGreaterThan(300);
  }, 300_000);
});
