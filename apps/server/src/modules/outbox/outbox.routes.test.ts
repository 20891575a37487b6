import { describe, expect, it } from 'vitest';
import { DIALECTS, useTestApp } from '../../test/test-deps';

describe.each(DIALECTS)('dev outbox [%s]', (dialect) => {
  const ctx = useTestApp(dialect);

  it('lists what the console drivers kept, newest first, by kind', async () => {
    await ctx.deps.mail.send({ to: 'first@school.bd', subject: 'One', text: 'a' });
    await ctx.deps.mail.send({ to: 'second@school.bd', subject: 'Two', text: 'b' });
    await ctx.deps.sms.send([{ key: 'outbox-test', to: '+8801712345678', text: 'কোড 123456' }]);

    const mail = await ctx.app.inject({ method: 'GET', url: '/api/dev/outbox?kind=mail' });
    expect(mail.statusCode).toBe(200);
    expect(mail.json().items.map((i: { to: string }) => i.to)).toEqual([
      'second@school.bd',
      'first@school.bd',
    ]);

    const sms = await ctx.app.inject({ method: 'GET', url: '/api/dev/outbox?kind=sms' });
    expect(sms.json().items).toEqual([
      expect.objectContaining({ kind: 'sms', to: '+8801712345678', subject: null, body: 'কোড 123456' }),
    ]);
  });

  it('refuses an unknown kind', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/dev/outbox?kind=fax' });
    expect(res.statusCode).toBe(400);
  });
});
