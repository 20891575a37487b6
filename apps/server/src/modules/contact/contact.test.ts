import { CSRF_HEADER, MESSAGES } from '@batchwise/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, freshDatabase, type TestDatabase, testApp } from '../../test/test-deps';
import { CONTACT_LIMITS } from './contact.service';

describe.each(DIALECTS)('contact form [%s]', (dialect) => {
  let database: TestDatabase;
  let ctx: Awaited<ReturnType<typeof testApp>>;

  beforeAll(async () => {
    database = await freshDatabase(dialect);
    ctx = await testApp(database, { CONTACT_EMAIL: 'desk@batchwise.test' });
  });
  afterAll(async () => {
    await ctx.close();
    await database.drop();
  });

  const send = (payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url: '/api/contact', headers: { [CSRF_HEADER]: '1' }, payload });

  it('stores the message and mails it to the contact address', async () => {
    const res = await send({
      emailOrPhone: ' 01712345678 ',
      message: 'আমাদের কোচিংয়ের জন্য ডেমো চাই <b>please</b>',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ code: 'CONTACT_SENT', message: 'Thank you for contacting us' });

    const stored = await ctx.deps.db.kysely.selectFrom('contact_messages').selectAll().execute();
    expect(stored).toEqual([expect.objectContaining({ email_or_phone: '01712345678' })]);

    const worker = ctx.deps.createWorker();
    await worker.drain();
    const mail = await ctx.app.inject({ url: '/api/dev/outbox?kind=mail' });
    const [item] = mail.json().items;
    expect(item).toMatchObject({ to: 'desk@batchwise.test', subject: 'Contact form: 01712345678' });
    expect(item.body).toContain('আমাদের কোচিংয়ের জন্য ডেমো চাই');
  });

  it('answers empty fields with the spec messages', async () => {
    const noContact = await send({ emailOrPhone: '  ', message: 'hello' });
    expect(noContact.statusCode).toBe(400);
    expect(noContact.json().error).toMatchObject({
      code: 'CONTACT_EMAIL_OR_PHONE_REQUIRED',
      message: 'Please enter your email or phone!',
    });
    const noMessage = await send({ emailOrPhone: 'a@b.bd', message: '' });
    expect(noMessage.json().error).toMatchObject({
      code: 'CONTACT_MESSAGE_REQUIRED',
      message: 'Please enter your message!',
    });
  });

  it('limits one address across processes, with a catalogue 429', async () => {
    // A second API process on the same database: the count lives in the database, not in memory.
    const other = await testApp(database, { CONTACT_EMAIL: 'desk@batchwise.test' });
    try {
      const post = (app: typeof ctx.app, i: number, remoteAddress = '203.0.113.7') =>
        app.inject({
          method: 'POST',
          url: '/api/contact',
          remoteAddress,
          headers: { [CSRF_HEADER]: '1' },
          payload: { emailOrPhone: 'x@y.bd', message: `m${i}` },
        });
      const codes: number[] = [];
      for (let i = 0; i < CONTACT_LIMITS.perIp.max; i++)
        codes.push((await post(i % 2 ? other.app : ctx.app, i)).statusCode);
      expect(codes).toEqual(Array(CONTACT_LIMITS.perIp.max).fill(201));

      const refused = await post(other.app, 99);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error).toMatchObject({
        code: 'CONTACT_TOO_MANY',
        message: MESSAGES.CONTACT_TOO_MANY,
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await post(ctx.app, 100)).statusCode).toBe(429);
      // Nothing refused was stored or mailed.
      const stored = await ctx.deps.db.kysely
        .selectFrom('contact_messages')
        .select('message')
        .where('ip', '=', '203.0.113.7')
        .execute();
      expect(stored).toHaveLength(CONTACT_LIMITS.perIp.max);
      // Another address is not affected.
      expect((await post(ctx.app, 101, '198.51.100.9')).statusCode).toBe(201);
    } finally {
      await other.close();
    }
  });
});
