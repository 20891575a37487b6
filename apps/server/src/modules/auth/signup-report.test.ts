import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/factories';
import { freshDatabase, type TestDatabase, testApp } from '../../test/test-deps';

/** A loopback team-chat webhook receives the sign-up report sent by the background job. */
describe('sign-up report', () => {
  const received: unknown[] = [];
  let server: http.Server;
  let database: TestDatabase;
  let ctx: Awaited<ReturnType<typeof testApp>>;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        received.push(JSON.parse(body));
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/signup`;
    database = await freshDatabase('sqlite', { SIGNUP_WEBHOOK_URL: url });
    ctx = await testApp(database);
  });
  afterAll(async () => {
    await ctx.close();
    await database.drop();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('posts one report per sign-up to the configured webhook', async () => {
    const { userId } = await signUp(ctx.app, ctx.deps, {
      accountType: 'Admin',
      businessAccount: true,
      institution: 'Padma Traders',
    });
    // The report, and the mail with the link that made the account.
    expect(await ctx.deps.createWorker().drain()).toBe(2);
    expect(received).toEqual([
      { text: `New Batchwise sign-up: Admin (business) — Padma Traders (user ${userId})` },
    ]);
  });
});
