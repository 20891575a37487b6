import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MESSAGES } from '@batchwise/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { DIALECTS, freshDatabase, type TestDatabase, testApp, testDeps, useTestApp } from './test/test-deps';

describe.each(DIALECTS)('app [%s]', (dialect) => {
  const ctx = useTestApp(dialect);

  it('reports health with the database it runs on', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      version: 'test',
      database: dialect,
      // Each dependency from recent outcomes; gateways nothing went through yet are unknown.
      checks: {
        database: 'ok',
        jobs: 'ok',
        'sms:console': 'unknown',
        'payment:sslcommerz': 'unknown',
        'payment:bkash': 'unknown',
      },
      failing: [],
    });
  });

  it('answers the client health check with an empty body', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/api-sessions/test', payload: {} });
    expect(res.statusCode).toBe(200);
    const bare = await ctx.app.inject({ method: 'POST', url: '/api/api-sessions/test' });
    expect(bare.statusCode).toBe(200);
    const emptyJson = await ctx.app.inject({
      method: 'POST',
      url: '/api/api-sessions/test',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(emptyJson.statusCode).toBe(200);
  });

  it('refuses unexpected fields with a validation error in the common shape', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/api-sessions/test', payload: { x: 1 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: MESSAGES.NOT_FOUND } });
  });

  it('sets the OWASP API security headers on JSON responses', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('lists every route in the OpenAPI document, tagged by module', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const doc = res.json() as { paths: Record<string, Record<string, { tags?: string[] }>> };
    const documented = ctx.app.routeTable.filter(
      (r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'),
    );
    expect(documented.length).toBeGreaterThan(3);
    for (const route of documented.filter((r) => r.url !== '/api/openapi.json')) {
      const openApiPath = route.url.replace(/:(\w+)/g, '{$1}');
      const operation = doc.paths[openApiPath]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${route.url}`).toBeDefined();
      expect(operation?.tags?.length, `${route.method} ${route.url} has a tag`).toBeGreaterThan(0);
    }
    const ui = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });

  it('says unavailable with 503 when the database is unreachable', async () => {
    const deps = await testDeps(ctx.database);
    const app = await buildApp(deps);
    await deps.db.close();
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'unavailable', database: dialect, failing: ['database'] });
    await app.close();
    await deps.events.close();
  });
});

describe('errors', () => {
  it('never leaks internals on a 5xx', async () => {
    const database = await freshDatabase('sqlite');
    const deps = await testDeps(database);
    const app = await buildApp(deps);
    app.get('/api/test-boom', { config: { access: 'public' } }, async () => {
      throw new Error('secret connection string postgres://admin:hunter2@db');
    });
    const res = await app.inject({ method: 'GET', url: '/api/test-boom' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('hunter2');
    expect(res.json()).toEqual({ error: { code: 'INTERNAL', message: MESSAGES.INTERNAL } });
    await app.close();
    await deps.close();
    await database.drop();
  });

  it('refuses to start with a route that declares no access policy', async () => {
    const database = await freshDatabase('sqlite');
    const deps = await testDeps(database);
    const app = await buildApp(deps);
    expect(() => app.get('/api/undeclared', async () => 'x')).toThrow(/declares no access policy/);
    await app.close();
    await deps.close();
    await database.drop();
  });

  it('leaves developer routes out when the outbox is off', async () => {
    const database = await freshDatabase('sqlite');
    const ctx = await testApp(database, { DEV_OUTBOX: 'false' });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(res.statusCode).toBe(404);
    await ctx.close();
    await database.drop();
  });
});

describe('serving the web app', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'batchwise-dist-'));
  let database: TestDatabase;
  let ctx: Awaited<ReturnType<typeof testApp>>;

  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.mkdirSync(path.join(dist, 'Locales/bn'), { recursive: true });
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.writeFileSync(path.join(dist, 'assets/app-1a2b3c.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dist, 'Locales/bn/common.json'), '{"hello":"হ্যালো"}');
    fs.writeFileSync(path.join(os.tmpdir(), 'batchwise-secret.txt'), 'secret');
    database = await freshDatabase('sqlite');
    ctx = await testApp(database, { WEB_DIST: dist });
  });
  afterAll(async () => {
    await ctx.close();
    await database.drop();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('sends the document security policy with pages', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/welcome' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('caches hashed assets for a year', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/assets/app-1a2b3c.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.headers['cache-control']).toContain('max-age=31536000');
  });

  it('serves other files from the build, revalidated', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/Locales/bn/common.json' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ hello: 'হ্যালো' });
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  // `/` itself redirects to /welcome (public-site module).
  it.each(['/welcome', '/teacher/dashboard?x=1', '/no/such/page'])(
    'falls back to index.html for %s',
    async (url) => {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it('never serves files outside the build', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/..%2Fbatchwise-secret.txt' });
    expect(res.body).not.toBe('secret');
  });

  it('keeps API 404s as JSON even with a build present', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/missing' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });
});
