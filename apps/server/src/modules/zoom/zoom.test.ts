import { describe, expect, it } from 'vitest';
import { zoomSignature } from '../../drivers/zoom/zoom-signature';
import { classToday } from '../../test/school';
import { DIALECTS } from '../../test/test-deps';
import { useWorld } from '../../test/world';
import { SecretBox } from '../online-pay/secret-box';

// Online classes through Zoom over HTTP against the loopback Zoom: the OAuth state is bound to
// the session and spent once, tokens are sealed and never answered, a stale access token is
// refreshed (the rotated refresh token kept), a class's meeting sends its link, and the
// participants report and signed webhooks mark attendance; a forged webhook is refused.

const htmlText = (html: string) =>
  html.replace(/&#(\d+);/g, (_m, c: string) => String.fromCharCode(Number(c)));

describe.each(DIALECTS)('zoom [%s]', (dialect) => {
  const ctx = useWorld(dialect);

  /** Through Zoom's (stand-in's) consent page: the code and state it sends back to /zoom-auth. */
  async function consent(authorizeUrl: string) {
    const page = await (await fetch(authorizeUrl)).text();
    const action = htmlText(/action="([^"]*)"><button data-testid="zoom-allow"/.exec(page)![1]!);
    const allowed = await fetch(new URL(action, authorizeUrl), { method: 'POST', redirect: 'manual' });
    const back = new URL(allowed.headers.get('location')!);
    expect(back.pathname).toBe('/zoom-auth');
    return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
  }

  it('connects with a session-bound state, seals tokens, and refuses forged or reused states', async () => {
    const { world, deps } = ctx;
    const teacher = await world.client('teacherA');
    const accountId = world.accounts.A;
    const started = await teacher.post(`/api/accounts/${accountId}/zoom/authorize`);
    expect(started.statusCode, started.body).toBe(200);
    const { code, state } = await consent(started.json().url);

    // Another session of another person cannot finish it, nor a made-up state.
    const admin = await world.client('adminA');
    expect((await admin.post('/api/zoom/callback', { code, state })).json().error.code).toBe(
      'ZOOM_STATE_INVALID',
    );
    const again = await teacher.post(`/api/accounts/${accountId}/zoom/authorize`);
    const second = await consent(again.json().url);
    expect(
      (await teacher.post('/api/zoom/callback', { code: second.code, state: 'forged' })).statusCode,
    ).toBe(400);
    const done = await teacher.post('/api/zoom/callback', second);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ accountId });
    // Spent: the same state does not connect twice.
    expect((await teacher.post('/api/zoom/callback', second)).statusCode).toBe(400);

    const status = await teacher.get(`/api/accounts/${accountId}/zoom`);
    expect(status.json()).toMatchObject({
      configured: true,
      connected: true,
      zoomEmail: 'teacher@zoom.stand-in',
    });
    const row = await deps.db.kysely
      .selectFrom('zoom_connections')
      .selectAll()
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow();
    expect(row.sealed_tokens).toMatch(/^v1\./);
    // Opened with the key the server seals them with (deps-zoom.ts).
    const secrets = new SecretBox(deps.config.payments.secretsKey);
    const opened = secrets.open<{ accessToken: string; refreshToken: string }>(row.sealed_tokens, accountId)!;
    // No answer carries a token.
    for (const body of [status.body, done.body, started.body])
      expect(body.includes(opened.accessToken) || body.includes(opened.refreshToken)).toBe(false);
  });

  it('makes a class meeting, texts its link, refreshes tokens, and marks attendance from Zoom', async () => {
    const { world, deps, app } = ctx;
    const { teacher, accountId, classroomId, today } = await classToday(world, deps);
    const student = await deps.db.kysely
      .selectFrom('students')
      .select('name')
      .where('id', '=', world.students.A)
      .executeTakeFirstOrThrow();

    // The access token ends: the next call refreshes it and stores the rotated refresh token.
    const standIn = (await deps.zoomDriver.standIn())!;
    const before = await deps.db.kysely
      .selectFrom('zoom_connections')
      .select('sealed_tokens')
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow();
    standIn.expireAccessTokens();
    await deps.db.kysely
      .updateTable('zoom_connections')
      .set({ access_expires_at: deps.clock.now() })
      .where('account_id', '=', accountId)
      .execute();
    const refreshes = standIn.refreshes();

    const url = `/api/accounts/${accountId}/classrooms/${classroomId}/zoom-meetings`;
    const made = await teacher.post(url, { date: today, start: '00:00', sms: 'en' });
    expect(made.statusCode, made.body).toBe(201);
    expect(standIn.refreshes()).toBe(refreshes + 1);
    const after = await deps.db.kysely
      .selectFrom('zoom_connections')
      .select(['sealed_tokens', 'refreshed_at'])
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow();
    expect(after.sealed_tokens).not.toBe(before.sealed_tokens);
    expect(after.refreshed_at).not.toBeNull();
    const meeting = made.json();
    expect(meeting.smsRecipients).toBeGreaterThan(0);
    expect((await teacher.post(url, { date: today, start: '00:00' })).json().error.code).toBe(
      'ZOOM_MEETING_EXISTS',
    );

    const texts = await deps.db.kysely
      .selectFrom('sms_messages')
      .select('text')
      .where('text', 'like', '%on Zoom%')
      .execute();
    expect(texts[0]!.text).toContain(meeting.shortUrl);
    // The short link leads to the classroom's join link, which leads to Zoom.
    const short = await app.inject({ method: 'GET', url: new URL(meeting.shortUrl).pathname });
    const join = await app.inject({ method: 'GET', url: short.headers.location as string });
    expect(join.headers.location).toBe(meeting.joinUrl);

    // The family sees the child's own link, which opens Zoom under the child's name.
    const parent = await world.client('parentA');
    const portal = (await parent.get(`/api/portal/students/${world.students.A}/zoom-meetings`)).json();
    expect(portal.meetings).toHaveLength(1);
    const personal = await app.inject({ method: 'GET', url: new URL(portal.meetings[0].joinUrl).pathname });
    expect(new URL(personal.headers.location as string).searchParams.get('uname')).toBe(student.name);

    const zoomMeeting = standIn.meetings().find((m) => meeting.joinUrl.includes(m.id))!;
    await standIn.join(zoomMeeting.id, student.name.toUpperCase());
    await standIn.join(zoomMeeting.id, 'Someone Else');
    const report = await teacher.post(`/api/accounts/${accountId}/zoom-meetings/${meeting.id}/attendance`);
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json()).toEqual({ marked: 1, unmatched: ['Someone Else'] });
    const mark = await deps.db.kysely
      .selectFrom('attendance_marks')
      .selectAll()
      .where('student_id', '=', world.students.A)
      .where('session_date', '=', today)
      .executeTakeFirstOrThrow();
    expect(mark).toMatchObject({ status: 'present', source: 'zoom', session_start: '00:00' });
    // Another tenant's teacher does not see the meeting.
    const other = await world.client('teacherB');
    expect(
      (await other.post(`/api/accounts/${world.accounts.B}/zoom-meetings/${meeting.id}/attendance`))
        .statusCode,
    ).toBe(404);
  });

  it('answers url_validation, refuses a forged webhook, and marks a joined participant', async () => {
    const { world, deps, app } = ctx;
    const secret = deps.zoomDriver.webhookSecret!;
    const send = (body: string, signature?: string, at = Math.floor(deps.clock.now() / 1000)) =>
      app.inject({
        method: 'POST',
        url: '/api/zoom/webhook',
        headers: {
          'content-type': 'application/json',
          'x-zm-request-timestamp': String(at),
          'x-zm-signature': signature ?? zoomSignature(secret, String(at), body),
        },
        payload: body,
      });
    const validation = JSON.stringify({
      event: 'endpoint.url_validation',
      payload: { plainToken: 'abc123' },
    });
    const answered = await send(validation);
    expect(answered.statusCode).toBe(200);
    expect(answered.json().plainToken).toBe('abc123');
    expect(answered.json().encryptedToken).toMatch(/^[0-9a-f]{64}$/);
    expect((await send(validation, zoomSignature('not-the-secret', '1', validation))).statusCode).toBe(401);
    // A correctly signed body replayed long after is refused too.
    const old = Math.floor(deps.clock.now() / 1000) - 3600;
    expect((await send(validation, undefined, old)).statusCode).toBe(401);

    const meeting = await deps.db.kysely.selectFrom('zoom_meetings').selectAll().executeTakeFirstOrThrow();
    await deps.db.kysely
      .deleteFrom('attendance_marks')
      .where('classroom_id', '=', meeting.classroom_id)
      .execute();
    const student = await deps.db.kysely
      .selectFrom('students')
      .select('name')
      .where('id', '=', world.students.A)
      .executeTakeFirstOrThrow();
    const joined = (name: string) =>
      JSON.stringify({
        event: 'meeting.participant_joined',
        payload: {
          object: { id: Number(meeting.zoom_id), uuid: meeting.zoom_uuid, participant: { user_name: name } },
        },
      });
    expect((await send(joined(student.name), 'v0=forged')).statusCode).toBe(401);
    expect(
      await deps.db.kysely
        .selectFrom('attendance_marks')
        .select('status')
        .where('classroom_id', '=', meeting.classroom_id)
        .execute(),
    ).toEqual([]);
    expect((await send(joined(student.name))).statusCode).toBe(200);
    const marks = await deps.db.kysely
      .selectFrom('attendance_marks')
      .select(['student_id', 'source'])
      .where('classroom_id', '=', meeting.classroom_id)
      .execute();
    expect(marks).toEqual([{ student_id: world.students.A, source: 'zoom' }]);
  });
});
