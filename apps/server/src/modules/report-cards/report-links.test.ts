import { describe, expect, it } from 'vitest';
import { TestClient } from '../../test/http';
import { reportFixture, TERM } from '../../test/report-cards';
import { assistantWithGrant, clientFor } from '../../test/school';
import { tampered } from '../../test/tamper';
import { DIALECTS, useTestApp } from '../../test/test-deps';

// Families open a card by a signed link with no sign-in (acceptance: "a report
// link shows only its own student and stops working when the teacher revokes it"), acknowledge
// it once and leave feedback, which the teacher sees with unread markers.

const keyOf = (url: string) => new URL(url).searchParams.get('key')!;

describe.each(DIALECTS)('report links [%s]', (dialect) => {
  const ctx = useTestApp(dialect);

  it('shows only its own student, refuses tampered, unknown and revoked keys, and keeps only hashes', async () => {
    const f = await reportFixture(ctx.app, ctx.deps);
    const base = `/api/accounts/${f.t.accountId}/classrooms/${f.classroomId}/report-cards`;
    const issued = await f.t.client.post(`${base}/links`, { term: TERM });
    expect(issued.statusCode, issued.body).toBe(201);
    const links = issued.json().links as { studentId: string; name: string; url: string; shortUrl: string }[];
    expect(links.map((l) => l.name)).toEqual(['Asha Akter', 'Bilal Hossain', 'Chayan Das']);
    const ashaKey = keyOf(links[0]!.url);
    const bilalKey = keyOf(links[1]!.url);
    expect(links[0]!.shortUrl.endsWith(`/rc/${ashaKey}`)).toBe(true);

    const anon = new TestClient(ctx.app);
    const card = await anon.get(`/api/public/report-cards/${ashaKey}`);
    expect(card.statusCode, card.body).toBe(200);
    expect(card.json().student).toMatchObject({ id: f.asha.id, name: 'Asha Akter' });
    expect(card.json().overview.position).toBe(1);
    // Nothing of the other students is in the answer.
    expect(card.body).not.toContain('Bilal');
    expect(card.body).not.toContain(f.bilal.id);

    // The key is never stored, only its hash.
    const rows = await ctx.deps.db.kysely
      .selectFrom('report_links')
      .selectAll()
      .where('classroom_id', '=', f.classroomId)
      .execute();
    expect(rows.length).toBe(3);
    expect(JSON.stringify(rows)).not.toContain(ashaKey);

    // A tampered key, a key of the wrong shape, another app's key: the same refusal.
    for (const key of [tampered(ashaKey), 'not-a-key', `${ashaKey}x`]) {
      const refused = await anon.get(`/api/public/report-cards/${encodeURIComponent(key)}`);
      expect([refused.statusCode, refused.json().error.code], key).toEqual([404, 'REPORT_LINK_INVALID']);
    }

    // The short link in an SMS leads to the card page with the key.
    const short = await ctx.app.inject({ method: 'GET', url: `/rc/${ashaKey}` });
    expect([short.statusCode, short.headers.location]).toEqual([302, `/viewreport?key=${ashaKey}`]);

    // Revoking one student's links stops them; the others keep working.
    const revoked = await f.t.client.post(`${base}/links/revoke`, { term: TERM, studentIds: [f.asha.id] });
    expect([revoked.statusCode, revoked.json()]).toEqual([200, { revoked: 1 }]);
    const gone = await anon.get(`/api/public/report-cards/${ashaKey}`);
    expect([gone.statusCode, gone.json().error.code]).toEqual([404, 'REPORT_LINK_INVALID']);
    expect((await anon.post(`/api/public/report-cards/${ashaKey}/acknowledge`)).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/rc/${ashaKey}` })).headers.location).toBe(
      '/viewreport',
    );
    expect((await anon.get(`/api/public/report-cards/${bilalKey}`)).statusCode).toBe(200);

    // Revoking the term's links ends every one left.
    const all = await f.t.client.post(`${base}/links/revoke`, { term: TERM });
    expect(all.json()).toEqual({ revoked: 2 });
    expect((await anon.get(`/api/public/report-cards/${bilalKey}`)).statusCode).toBe(404);

    // Unpublishing the whole term withdraws the cards too.
    const again = (await f.t.client.post(`${base}/links`, { term: TERM, studentIds: [f.bilal.id] })).json();
    const key = keyOf(again.links[0].url);
    expect((await anon.get(`/api/public/report-cards/${key}`)).statusCode).toBe(200);
    for (const id of [f.classTest.id, f.halfYearly.id])
      await f.t.client.post(`/api/accounts/${f.t.accountId}/assessments/${id}/unpublish`);
    expect((await anon.get(`/api/public/report-cards/${key}`)).json().error.code).toBe('REPORT_LINK_INVALID');
  }, 60_000);

  it('records the acknowledgement once with its time, and lists feedback for the teacher with unread markers', async () => {
    const f = await reportFixture(ctx.app, ctx.deps);
    const base = `/api/accounts/${f.t.accountId}/classrooms/${f.classroomId}/report-cards`;
    const [link] = (await f.t.client.post(`${base}/links`, { term: TERM, studentIds: [f.asha.id] })).json()
      .links;
    const key = keyOf(link.url);
    const anon = new TestClient(ctx.app);

    const first = await anon.post(`/api/public/report-cards/${key}/acknowledge`);
    expect(first.statusCode, first.body).toBe(200);
    const at = first.json().acknowledgedAt;
    ctx.deps.clock.advance(60_000);
    const second = await anon.post(`/api/public/report-cards/${key}/acknowledge`);
    expect(second.json().acknowledgedAt).toBe(at);
    expect((await anon.get(`/api/public/report-cards/${key}`)).json().acknowledgedAt).toBe(at);

    const sent = await anon.post(`/api/public/report-cards/${key}/feedback`, {
      text: '  Please give more practice in Math.  ',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({ text: 'Please give more practice in Math.', readAt: null });
    const empty = await anon.post(`/api/public/report-cards/${key}/feedback`, { text: '   ' });
    expect([empty.statusCode, empty.json().error.code]).toEqual([400, 'REPORT_FEEDBACK_EMPTY']);
    const long = await anon.post(`/api/public/report-cards/${key}/feedback`, { text: 'x'.repeat(1001) });
    expect(long.statusCode).toBe(400);
    // The family sees what it sent on the card.
    expect((await anon.get(`/api/public/report-cards/${key}`)).json().feedback).toEqual([
      expect.objectContaining({ text: 'Please give more practice in Math.' }),
    ]);

    const list = (await f.t.client.get(`${base}/feedback?term=${encodeURIComponent(TERM)}`)).json();
    expect(list.unread).toBe(1);
    expect(list.feedback).toEqual([
      expect.objectContaining({
        studentId: f.asha.id,
        studentName: 'Asha Akter',
        text: 'Please give more practice in Math.',
        readAt: null,
      }),
    ]);
    expect(list.acknowledgements).toEqual([
      { studentId: f.asha.id, studentName: 'Asha Akter', acknowledgedAt: at },
    ]);
    const row = (await f.t.client.get(`${base}?term=${encodeURIComponent(TERM)}`)).json().rows[0];
    expect(row.status).toMatchObject({ liveLinks: 1, acknowledgedAt: at, feedback: 1, unreadFeedback: 1 });
    expect(row.status.lastOpenedAt).toEqual(expect.any(Number));

    const read = await f.t.client.post(`${base}/feedback/read`, { term: TERM });
    expect(read.statusCode, read.body).toBe(200);
    const after = (await f.t.client.get(`${base}/feedback?term=${encodeURIComponent(TERM)}`)).json();
    expect(after.unread).toBe(0);
    expect(after.feedback[0].readAt).toEqual(expect.any(Number));

    // A link's feedback is limited per day: a stranger holding it cannot flood the teacher's list.
    for (let i = 2; i <= 5; i++)
      expect(
        (await anon.post(`/api/public/report-cards/${key}/feedback`, { text: `Note ${i}` })).statusCode,
      ).toBe(201);
    const sixth = await anon.post(`/api/public/report-cards/${key}/feedback`, { text: 'Note 6' });
    expect([sixth.statusCode, sixth.json().error.code]).toEqual([429, 'REPORT_FEEDBACK_TOO_MANY']);
  }, 60_000);

  it('shares the class table by a link of its own, made by owners and admins only', async () => {
    const f = await reportFixture(ctx.app, ctx.deps);
    const base = `/api/accounts/${f.t.accountId}/classrooms/${f.classroomId}/report-cards`;
    const assistant = await clientFor(
      ctx.app,
      ctx.deps,
      await assistantWithGrant(ctx.deps, f.t.accountId, { manageStudents: true, sendSms: true }),
    );
    const refused = await assistant.post(`${base}/table-link`, { term: TERM });
    expect(refused.statusCode).toBe(403);
    // The assistant still reads the table itself.
    expect((await assistant.get(`${base}?term=${encodeURIComponent(TERM)}`)).statusCode).toBe(200);

    const made = await f.t.client.post(`${base}/table-link`, { term: TERM });
    expect(made.statusCode, made.body).toBe(201);
    const key = keyOf(made.json().url);
    const anon = new TestClient(ctx.app);
    const table = await anon.get(`/api/public/report-tables/${key}`);
    expect(table.statusCode, table.body).toBe(200);
    expect(table.json().rows.map((r: { name: string }) => r.name)).toEqual([
      'Asha Akter',
      'Bilal Hossain',
      'Chayan Das',
    ]);
    // The families' own business (links, acknowledgements, feedback) is not in it.
    expect(table.json().rows.every((r: { status: unknown }) => r.status === null)).toBe(true);
    const one = await anon.get(`/api/public/report-tables/${key}/assessments/${f.classTest.id}`);
    expect(one.statusCode).toBe(200);
    expect((await anon.get(`/api/public/report-tables/${key}/assessments/${f.draft.id}`)).statusCode).toBe(
      404,
    );
    // A table key opens no card, and a card key no table.
    expect((await anon.get(`/api/public/report-cards/${key}`)).statusCode).toBe(404);
    const [card] = (await f.t.client.post(`${base}/links`, { term: TERM })).json().links;
    expect((await anon.get(`/api/public/report-tables/${keyOf(card.url)}`)).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/rc/${key}` })).headers.location).toBe(
      `/tableviewreport?key=${key}`,
    );

    // A new table link replaces the old one; revoking ends it.
    const next = keyOf((await f.t.client.post(`${base}/table-link`, { term: TERM })).json().url);
    expect((await anon.get(`/api/public/report-tables/${key}`)).statusCode).toBe(404);
    expect((await f.t.client.post(`${base}/table-link/revoke`, { term: TERM })).json()).toEqual({
      revoked: 1,
    });
    expect((await anon.get(`/api/public/report-tables/${next}`)).statusCode).toBe(404);
  }, 60_000);
});
