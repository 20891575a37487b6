import { CSRF_HEADER } from '@batchwise/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Env } from './config/config';
import { signUp } from './test/factories';
import { DIALECTS, freshDatabase, type TestDatabase, testApp } from './test/test-deps';

/**
 * What the server believes about a request it cannot verify: the client's address, the host it
 * was sent to, whether it came over TLS. Only configuration and named proxies are believed.
 */
describe.each(DIALECTS)('request trust [%s]', (dialect) => {
  let database: TestDatabase;
  const apps: Awaited<ReturnType<typeof testApp>>[] = [];
  const appWith = async (env: Env) => {
    const app = await testApp(database, env);
    apps.push(app);
    return app;
  };

  beforeAll(async () => {
    database = await freshDatabase(dialect);
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database.drop();
  });

  it('believes X-Forwarded-For only from a named proxy (TRUST_PROXY=10.0.0.1)', async () => {
    const { app, deps } = await appWith({ TRUST_PROXY: '10.0.0.1' });
    const teacher = await signUp(app, deps);
    const signInFrom = async (remoteAddress: string, forwardedFor: string) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        remoteAddress,
        headers: { [CSRF_HEADER]: '1', 'x-forwarded-for': forwardedFor },
        payload: { email: teacher.input.email, password: teacher.input.password },
      });
      expect(res.statusCode).toBe(200);
      const session = await deps.db.kysely
        .selectFrom('sessions')
        .select('ip')
        .where('user_id', '=', teacher.userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      return session.ip;
    };
    // A client talking to us directly cannot choose its address.
    expect(await signInFrom('203.0.113.9', '198.51.100.7')).toBe('203.0.113.9');
    // Through the proxy, the address the proxy saw is the client's; a hop the client forged
    // in front of it is not.
    expect(await signInFrom('10.0.0.1', '198.51.100.7')).toBe('198.51.100.7');
    expect(await signInFrom('10.0.0.1', '192.0.2.66, 198.51.100.7')).toBe('198.51.100.7');
  });

  it('builds the password reset link from configuration, never from Host or X-Forwarded-Host', async () => {
    const { app, deps } = await appWith({ TRUST_PROXY: '10.0.0.1', PORT: '8080' });
    const teacher = await signUp(app, deps);
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/password/forgot',
      remoteAddress: '10.0.0.1',
      headers: {
        [CSRF_HEADER]: '1',
        host: 'evil.example',
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'https',
      },
      payload: { email: teacher.input.email },
    });
    expect(res.statusCode).toBe(200);
    const mails = await deps.db.kysely
      .selectFrom('jobs')
      .select('payload')
      .where('type', '=', 'mail.send')
      .execute();
    const reset = mails
      .map((m) => m.payload)
      .find((p) => p.includes(teacher.input.email) && p.includes('/forgot-password?token='));
    expect(reset).toContain('http://localhost:8080/forgot-password?token=');
    expect(reset).not.toContain('evil.example');
  });

  it('marks the session cookie Secure in production even when the request looks like plain http', async () => {
    const production = await appWith({ NODE_ENV: 'production', PUBLIC_URL: 'https://app.example.com' });
    const teacher = await signUp(production.app, production.deps);
    const signIn = async (app: typeof production.app, email: string, password: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        headers: { [CSRF_HEADER]: '1' },
        payload: { email, password },
      });
    const signedIn = await signIn(production.app, teacher.input.email, teacher.input.password);
    expect(signedIn.statusCode).toBe(200);
    const cookie = signedIn.cookies.find((c) => c.name === 'bw_session')!;
    expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
    const signedOut = await production.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { [CSRF_HEADER]: '1', cookie: `bw_session=${cookie.value}` },
    });
    expect(signedOut.cookies.find((c) => c.name === 'bw_session')).toMatchObject({ value: '', secure: true });

    // Outside production, plain http://localhost keeps working without TLS.
    const development = await appWith({ NODE_ENV: 'development' });
    const local = await signUp(development.app, development.deps);
    const dev = await signIn(development.app, local.input.email, local.input.password);
    expect(dev.cookies.find((c) => c.name === 'bw_session')?.secure).toBeFalsy();
  });

  it('marks the cookies Secure wherever PUBLIC_URL is https, and not on an allowed plain-http network', async () => {
    const cookiesOf = async (env: Env) => {
      const { app, deps } = await appWith(env);
      const teacher = await signUp(app, deps);
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        headers: { [CSRF_HEADER]: '1' },
        payload: { email: teacher.input.email, password: teacher.input.password },
      });
      expect(res.statusCode).toBe(200);
      return ['bw_session', 'bw_device'].map(
        (name) => res.cookies.find((c) => c.name === name)?.secure ?? false,
      );
    };
    expect(await cookiesOf({ NODE_ENV: 'development', PUBLIC_URL: 'https://staging.example.com' })).toEqual([
      true,
      true,
    ]);
    expect(
      await cookiesOf({
        NODE_ENV: 'production',
        PUBLIC_URL: 'http://10.0.0.5',
        ALLOW_HTTP_PUBLIC_URL: 'true',
      }),
    ).toEqual([false, false]);
  });
});
