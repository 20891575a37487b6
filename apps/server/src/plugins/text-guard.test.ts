import { CSRF_HEADER, MESSAGES } from '@batchwise/domain';
import { describe, expect, it } from 'vitest';
import { signUp } from '../test/factories';
import { DIALECTS, useTestApp } from '../test/test-deps';

describe.each(DIALECTS)('text no field may hold [%s]', (dialect) => {
  const ctx = useTestApp(dialect);
  // Each contact message comes from its own address: the form is limited per address.
  let address = 1;
  const contact = (payload: unknown) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: `192.0.2.${address++}`,
      headers: { [CSRF_HEADER]: '1', 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });

  it('refuses NUL, other C0 controls and unpaired surrogates in any body, query or path with 400 TEXT_INVALID', async () => {
    const t = await signUp(ctx.app, ctx.deps);
    const refusedText = ['a\u0000b', 'a\u0001b', 'a\u001bb', 'a\u000bb', 'a\ud800b', 'a\udfffb', 'ab\udbff'];
    for (const text of refusedText) {
      const responses = [
        await contact({ emailOrPhone: 'someone@school.test', message: text }),
        await contact({ emailOrPhone: 'someone@school.test', message: 'hello', [text]: 'a key' }),
        await contact({ emailOrPhone: 'someone@school.test', message: ['nested', { deeper: [text] }] }),
        await t.client.post(`/api/accounts/${t.accountId}/classrooms`, {
          grade: 'Class 9',
          subject: text,
          name: 'A',
        }),
      ];
      for (const res of responses) {
        expect(res.statusCode, JSON.stringify(text)).toBe(400);
        expect(res.json().error).toEqual({ code: 'TEXT_INVALID', message: MESSAGES.TEXT_INVALID });
      }
    }
    // In the query and the path, as a hostile client would percent-encode them.
    for (const encoded of ['a%00b', 'a%01b', 'a%1Bb']) {
      for (const url of [
        `/api/accounts/${t.accountId}/students?q=${encoded}`,
        `/api/accounts/${encoded}/students`,
        `/api/news/${encoded}`,
      ]) {
        const res = await t.client.get(url);
        expect(res.statusCode, url).toBe(400);
        expect(res.json().error.code, url).toBe('TEXT_INVALID');
      }
    }
  });

  it('keeps tab, line breaks, emoji (paired surrogates), Bangla and RTL marks', async () => {
    const res = await contact({
      emailOrPhone: 'someone@school.test',
      message: 'Line one\r\n\tindented ক্লাস 😀 \u202eright-to-left\u200f',
    });
    expect(res.statusCode).toBe(201);
  });

  it('answers unreadable requests with catalogue codes, never Fastify internals', async () => {
    const t = await signUp(ctx.app, ctx.deps);
    const cases = [
      // Invalid percent-encoding in the path, a path segment past the router's limit.
      { res: await t.client.get('/api/news/a%ED%A0%80b'), status: 400, code: 'BAD_REQUEST' },
      { res: await t.client.get(`/api/news/${'x'.repeat(500)}`), status: 414, code: 'REQUEST_TOO_LARGE' },
      {
        res: await t.client.request({
          method: 'POST',
          url: `/api/accounts/${t.accountId}/classrooms`,
          headers: { 'content-type': 'application/json' },
          payload: '{"grade": "unterminated',
        }),
        status: 400,
        code: 'BAD_REQUEST',
      },
      {
        res: await t.client.request({
          method: 'POST',
          url: `/api/accounts/${t.accountId}/classrooms`,
          headers: { 'content-type': 'application/xml' },
          payload: '<grade>x</grade>',
        }),
        status: 415,
        code: 'BAD_REQUEST',
      },
      { res: await t.client.post('/api/me/avatar', {}), status: 406, code: 'BAD_REQUEST' },
    ];
    for (const { res, status, code } of cases) {
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual({ error: { code, message: MESSAGES[code as keyof typeof MESSAGES] } });
      expect(res.body).not.toMatch(/FST_|ERR_/);
    }
  });
});
