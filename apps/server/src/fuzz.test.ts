import { describe, expect, it } from 'vitest';
import {
  type FuzzCase,
  fuzzCases,
  LEAK_PATTERN,
  type OpenApiDocument,
  seededRandom,
  withHiddenRoutes,
} from './test/schema-fuzz';
import { DIALECTS, useTestApp } from './test/test-deps';
import { type Actor, buildWorld } from './test/world';

// Live-update streams never end, so an inject of one would never return.
const STREAMS = new Set(['GET /api/events']);
// The test app has no web build to render the landing page's news with: 503 is that route's
// documented answer then, not a crash.
const UNAVAILABLE = new Set(['GET /api/site/latest-news 503']);
// Routes that end or spend what the routes after them need (the session, the world's student)
// go last, so they do not hide every later route behind 401 or 404.
const spends = (route: string) => /sign-out|impersonat|remove|archive|close|password|DELETE/.test(route);

describe.each(DIALECTS)('schema fuzz [%s]', (dialect) => {
  // FUZZ_TRACE=1 logs the server's errors (with stacks) to find the cause of a 500.
  const ctx = useTestApp(dialect, process.env.FUZZ_TRACE ? { LOG_LEVEL: 'error', LOG_PRETTY: 'false' } : {});

  it('answers every hostile request to every documented route below 500, leaking nothing', async () => {
    const world = await buildWorld(ctx.app, ctx.deps);
    const doc = withHiddenRoutes(ctx.app.swagger() as unknown as OpenApiDocument, ctx.app.routeTable);
    const cases = fuzzCases(doc, world);
    const byRoute = new Map<string, FuzzCase[]>();
    for (const c of cases) byRoute.set(c.route, [...(byRoute.get(c.route) ?? []), c]);
    const routes = [...byRoute.keys()].sort((a, b) => Number(spends(a)) - Number(spends(b)));
    // Every request comes from its own address, so per-address limits do not turn the rest into 429s.
    const random = seededRandom(6266);
    const address = () =>
      `10.${Math.floor(random() * 250)}.${Math.floor(random() * 250)}.${1 + Math.floor(random() * 250)}`;

    const problems: string[] = [];
    let sent = 0;
    for (const actor of ['anonymous', 'teacherA'] as Actor[]) {
      for (const route of routes) {
        if (STREAMS.has(route)) continue;
        // A fresh session per route: sign-out or a password change must not end the others' run.
        const client = await world.client(actor);
        for (const c of byRoute.get(route)!) {
          const res = await client.request({
            method: c.method as 'GET',
            url: c.url,
            remoteAddress: address(),
            ...(c.payload === undefined ? {} : { payload: c.payload }),
            headers: c.contentType ? { 'content-type': c.contentType } : {},
          });
          sent++;
          const where = `${actor} ${route} [${c.label}]`;
          if (res.statusCode >= 500 && !UNAVAILABLE.has(`${route} ${res.statusCode}`))
            problems.push(`${where}: ${res.statusCode} ${res.body.slice(0, 200)}`);
          else if (LEAK_PATTERN.test(res.body)) problems.push(`${where}: leaks ${res.body.slice(0, 200)}`);
        }
      }
    }
    process.stdout.write(`schema fuzz [${dialect}]: ${sent} requests over ${routes.length} routes\n`);
    expect(problems).toEqual([]);
    expect(sent).toBeGreaterThan(500);
    const health = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
  }, 180_000);
});
