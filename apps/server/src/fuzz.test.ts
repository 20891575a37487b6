import { afterAll, describe, expect, it } from 'vitest';
import { seededRandom } from './lib/seeded-random';
import {
  bodyShapeCases,
  queryShapeCases,
  randomCases,
  uploadCases,
  wrongMethodCases,
} from './test/fuzz-mutations';
import {
  type FuzzCase,
  fuzzCases,
  LEAK_PATTERN,
  type OpenApiDocument,
  routeShapes,
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

/**
 * Cases per CI run (all dialects together); FUZZ_CASES asks for more. Each dialect runs every
 * structured case as a teacher, and seeded random ones (as a stranger, a student or a teacher)
 * until it has its share, so SQLite alone still reaches the count.
 */
const TOTAL = Math.max(Number(process.env.FUZZ_CASES) || 0, 10_000);
const PER_DIALECT = Math.ceil(TOTAL / DIALECTS.length);
const counts: string[] = [];
let total = 0;
let failures = 0;

afterAll(() => {
  process.stdout.write(
    `schema fuzz: ${total} requests in all (${counts.join(', ')}), ${failures} answers ≥ 500 or leaking\n`,
  );
});

describe.each(DIALECTS)('schema fuzz [%s]', (dialect) => {
  // FUZZ_TRACE=1 logs the server's errors (with stacks) to find the cause of a 500.
  const ctx = useTestApp(dialect, process.env.FUZZ_TRACE ? { LOG_LEVEL: 'error', LOG_PRETTY: 'false' } : {});

  it('answers every hostile request to every documented route below 500, leaking nothing', async () => {
    const started = Date.now();
    const world = await buildWorld(ctx.app, ctx.deps);
    const doc = withHiddenRoutes(ctx.app.swagger() as unknown as OpenApiDocument, ctx.app.routeTable);
    const shapes = routeShapes(doc, world).filter((s) => !STREAMS.has(s.route));
    const structured = [
      ...fuzzCases(doc, world),
      ...shapes.flatMap((s) => [...bodyShapeCases(s), ...queryShapeCases(s), ...uploadCases(s)]),
      ...wrongMethodCases(shapes),
    ].filter((c) => !STREAMS.has(c.route));
    const random = seededRandom(6266);
    // The stranger and the student get every upload and wrong-method case, a third of the rest.
    const runs: [Actor, FuzzCase][] = structured.map((c) => ['teacherA', c]);
    for (const c of structured) {
      const always = c.label.startsWith('upload') || c.label.startsWith('wrong method');
      if (always || random() < 1 / 3) runs.push(['anonymous', c]);
      if (always || random() < 1 / 3) runs.push(['studentA', c]);
    }
    const actors: Actor[] = ['anonymous', 'studentA', 'teacherA'];
    randomCases(shapes, Math.max(0, PER_DIALECT - runs.length), random).forEach((c, i) => {
      runs.push([actors[i % actors.length]!, c]);
    });

    // Grouped by route and actor, routes that spend the session last; a fresh session for each
    // group, so a sign-out or a password change does not end the others' run.
    const groups = new Map<string, [Actor, FuzzCase][]>();
    for (const run of runs) {
      const key = `${Number(spends(run[1].route))} ${run[1].route} ${run[0]}`;
      groups.set(key, [...(groups.get(key) ?? []), run]);
    }
    // Every request comes from its own address, so per-address limits do not turn the rest into 429s.
    const address = () =>
      `10.${Math.floor(random() * 250)}.${Math.floor(random() * 250)}.${1 + Math.floor(random() * 250)}`;
    const problems: string[] = [];
    let sent = 0;
    for (const key of [...groups.keys()].sort()) {
      const group = groups.get(key)!;
      const client = await world.client(group[0]![0]);
      for (const [actor, c] of group) {
        const res = await client.request({
          method: c.method as 'GET',
          url: c.url,
          remoteAddress: address(),
          ...(c.payload === undefined ? {} : { payload: c.payload }),
          headers: { ...(c.contentType ? { 'content-type': c.contentType } : {}), ...c.headers },
        });
        sent++;
        const where = `${actor} ${c.route} [${c.label.slice(0, 120)}]`;
        if (res.statusCode >= 500 && !UNAVAILABLE.has(`${c.route} ${res.statusCode}`))
          problems.push(`${where}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        else if (LEAK_PATTERN.test(res.body)) problems.push(`${where}: leaks ${res.body.slice(0, 200)}`);
      }
    }
    const seconds = Math.round((Date.now() - started) / 1000);
    process.stdout.write(
      `schema fuzz [${dialect}]: ${sent} requests (${structured.length} structured) over ${shapes.length} routes in ${seconds} s\n`,
    );
    counts.push(`${dialect} ${sent}`);
    total += sent;
    failures += problems.length;
    expect(problems).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(PER_DIALECT);
    const health = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
  }, 600_000);
});
