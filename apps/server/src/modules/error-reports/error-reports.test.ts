import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../test/http';
import { DIALECTS, freshDatabase, type TestDatabase, testApp } from '../../test/test-deps';
import { describeError, scrub } from './error-report';
import { formatPayload } from './error-reporter';
import { startWebhookStandIn, type WebhookStandIn } from './webhook-stand-in';

// Error reports (running the platform, item 5): a 5xx or a failed job reaches the chat webhook
// once, grouped by fingerprint, with its context and without anyone's data.

const EMAIL = 'rahima.akter@example.com';
const PHONE = '01712345678';
const NAME = 'Rahima Akter';

describe.each(DIALECTS)('error reports [%s]', (dialect) => {
  let database: TestDatabase;
  let webhook: WebhookStandIn;
  let ctx: Awaited<ReturnType<typeof testApp>>;

  beforeAll(async () => {
    webhook = await startWebhookStandIn();
    database = await freshDatabase(dialect);
    ctx = await testApp(database, { ERROR_WEBHOOK_URL: webhook.url, ERROR_REPORT_WINDOW_MS: '600000' });
  });
  afterAll(async () => {
    await ctx?.close();
    await database?.drop();
    await webhook?.close();
  });

  it('posts a forced 5xx once, with its route and error and none of the request', async () => {
    // The contact form's table is gone: the next message fails inside the server.
    await sql`drop table contact_messages`.execute(ctx.deps.db.kysely);
    const visitor = new TestClient(ctx.app);
    const send = () =>
      visitor.post('/api/contact', { emailOrPhone: EMAIL, message: `I am ${NAME}, call me on ${PHONE}` });
    expect((await send()).statusCode).toBe(500);
    await ctx.deps.errorReports.idle();
    expect(webhook.received()).toHaveLength(1);

    const body = webhook.received()[0]!;
    for (const personal of [EMAIL, PHONE, NAME, 'Rahima', 'call me'])
      expect(body, `the report carries "${personal}"`).not.toContain(personal);
    const report = JSON.parse(body);
    expect(report).toMatchObject({
      type: 'batchwise.error',
      source: 'request',
      method: 'POST',
      route: '/api/contact',
      status: 500,
      count: 1,
    });
    expect(report.errorName).toEqual(expect.any(String));
    expect(report.stack.length).toBeGreaterThan(0);
    expect(report.stack.length).toBeLessThanOrEqual(8);

    // The same failure again within the window is counted, not posted; the count follows once.
    expect((await send()).statusCode).toBe(500);
    expect((await send()).statusCode).toBe(500);
    await ctx.deps.errorReports.idle();
    expect(webhook.received()).toHaveLength(1);
    await ctx.deps.errorReports.close();
    expect(webhook.received()).toHaveLength(2);
    const followUp = JSON.parse(webhook.received()[1]!);
    expect(followUp).toMatchObject({ fingerprint: report.fingerprint, count: 2, route: '/api/contact' });
  });

  it('posts a failed job with its type and attempt, not its payload', async () => {
    const before = webhook.received().length;
    await ctx.deps.jobs.enqueue('no.such.job', { phone: PHONE, email: EMAIL }, { maxAttempts: 1 });
    await ctx.deps.createWorker().drain();
    await ctx.deps.errorReports.idle();
    const posted = webhook.received().slice(before);
    expect(posted).toHaveLength(1);
    expect(posted[0]).not.toContain(PHONE);
    expect(posted[0]).not.toContain(EMAIL);
    expect(JSON.parse(posted[0]!)).toMatchObject({
      source: 'job',
      jobType: 'no.such.job',
      attempt: 1,
      count: 1,
    });
  });
});

describe('error report payloads', () => {
  const context = describeError(new TypeError(`Cannot read "${NAME}" of ${EMAIL} at +8801712345678`), {
    source: 'request',
    method: 'GET',
    route: '/api/accounts/:accountId',
    status: 500,
  });
  const report = { ...context, environment: 'production', fingerprint: 'abc', count: 3 };

  it('scrubs e-mails, numbers and quoted values from the message', () => {
    expect(context.message).toBe('Cannot read [value] of [email] at [number]');
    expect(scrub('user 01712-345678 wrote')).toBe('user [number] wrote');
  });

  it('speaks Slack and Discord', () => {
    expect(formatPayload('slack', report)).toEqual({
      text: expect.stringContaining('500 GET /api/accounts/:accountId'),
    });
    const discord = formatPayload('discord', report) as { content: string };
    expect(discord.content).toContain('TypeError');
    expect(discord.content).toContain('×3');
    expect(discord.content.length).toBeLessThanOrEqual(2000);
  });
});
