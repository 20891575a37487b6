import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS, freshDatabase, type TestDatabase, testApp } from '../../test/test-deps';
import { PUBLIC_PDF_LIMIT } from '../report-cards/report-cards.routes';
import { RATE_LIMIT_PRUNE_JOB, scheduleRateLimitPrune } from './rate-limit-prune';

type App = Awaited<ReturnType<typeof testApp>>;

// Limits on two servers sharing one database, as in production behind a balancer: a limit counts
// once across both (the database store, shared-store.ts), ended windows are pruned by the jobs
// worker, and the page shell and link pages are never limited (IDENTITY.md, "Limits for shared
// addresses"): hundreds of families behind one carrier address open them at once.

const SCRIPT = `console.log(${JSON.stringify('batchwise '.repeat(400))});`;

describe.each(DIALECTS)('limits on two servers sharing one %s database', (dialect) => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'batchwise-dist-'));
  let database: TestDatabase;
  let one: App;
  let two: App;

  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.writeFileSync(path.join(dist, 'assets/app-1a2b3c.js'), SCRIPT);
    database = await freshDatabase(dialect);
    one = await testApp(database, { WEB_DIST: dist });
    two = await testApp(database, { WEB_DIST: dist });
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await database?.drop();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  // Both servers at one moment, the start of a minute of its own: a window counted here cannot end
  // halfway through a test on a slow machine.
  let minute = 0;
  beforeEach(() => {
    const start = Date.UTC(2031, 0, 1, 10, minute++);
    one.deps.clock.set(start);
    two.deps.clock.set(start);
  });

  const statuses = async (url: string, count: number, server = (i: number) => (i % 2 ? two : one)) => {
    const seen: number[] = [];
    for (let i = 0; i < count; i++)
      seen.push((await server(i).app.inject({ method: 'GET', url })).statusCode);
    return seen;
  };

  it('counts a route limit once across both: the report PDFs one address may fetch a minute, between them', async () => {
    const { max } = PUBLIC_PDF_LIMIT;
    const seen = await statuses('/api/public/report-cards/no-such-key/pdf', max + 2);
    expect(seen.slice(0, max).every((status) => status !== 429)).toBe(true);
    expect(seen.slice(max)).toEqual([429, 429]);
  });

  it('sizes the attendance link families open for a crowd behind one address, as the other links', async () => {
    for (const url of ['/api/public/attendance/no-such-key', '/a/no-such-key'])
      expect(new Set(await statuses(url, 200))).not.toContain(429);
  });

  it('counts the unknown-API fallback once across both: 300 a minute per address', async () => {
    const seen = await statuses('/api/no-such-thing', 302);
    expect(seen.slice(0, 300).every((status) => status === 404)).toBe(true);
    expect(seen.slice(300)).toEqual([429, 429]);
  });

  it('serves the page shell, link pages and scripts 2,000 times each from one address, never limited', async () => {
    for (const url of ['/teacher/dashboard', '/viewreport?key=abc', '/s-pay?key=abc&suid=x'])
      expect(new Set(await statuses(url, 2000))).toEqual(new Set([200]));
    const script = await one.app.inject({
      method: 'GET',
      url: '/assets/app-1a2b3c.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(script.headers['content-encoding']).toBe('br');
    expect(script.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(script.rawPayload).toString()).toBe(SCRIPT);
    const again = await one.app.inject({
      method: 'GET',
      url: '/assets/app-1a2b3c.js',
      headers: { 'if-none-match': script.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });

  it('prunes the rows of ended windows on the jobs worker, keeping windows still running', async () => {
    const rows = () =>
      one.deps.db.kysely
        .selectFrom('rate_limits')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
    await one.app.inject({ method: 'GET', url: '/api/no-such-thing/either' });
    expect(Number((await rows()).n)).toBeGreaterThan(0);
    // A day later every window above has ended; a limit hit now keeps its row.
    one.deps.clock.advance(24 * 60 * 60 * 1000);
    await scheduleRateLimitPrune(one.deps.jobs, one.deps.clock);
    one.deps.clock.advance(60 * 60 * 1000);
    await one.deps.limiter.count('test', 'now', 60_000);
    const worker = one.deps.createWorker();
    await worker.drain();
    const left = await one.deps.db.kysely.selectFrom('rate_limits').select('bucket').execute();
    expect(left.map((r) => r.bucket)).toEqual(['test:now']);
    const next = await one.deps.db.kysely
      .selectFrom('jobs')
      .select('status')
      .where('type', '=', RATE_LIMIT_PRUNE_JOB)
      .where('status', '=', 'queued')
      .execute();
    expect(next).toHaveLength(1);
  });
});
