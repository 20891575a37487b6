import { AUTH_LINK_VALIDITY_MS } from '@batchwise/domain';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { signUp, uniquePhone } from '../../test/factories';
import { multipartFile, TestClient } from '../../test/http';
import {
  addStudent,
  assistantWithGrant,
  clientFor,
  createClassroom,
  setSmsQuota,
  smsQuotaOf,
} from '../../test/school';
import { DIALECTS, useTestApp } from '../../test/test-deps';

describe.each(DIALECTS)('links and codes [%s]', (dialect) => {
  const ctx = useTestApp(dialect);
  const keyOf = (url: string) => new URL(url).searchParams.get('key')!;

  it('signs a student in with an auto-login link for 180 days, through /r/{key} too, and texts it', async () => {
    const t = await signUp(ctx.app, ctx.deps);
    const room = await createClassroom(t.client, t.accountId, { name: 'Physics' });
    const s = await addStudent(t.client, t.accountId, { name: 'Rafi', enrolments: [{ classroomId: room }] });
    const res = await t.client.post(`/api/accounts/${t.accountId}/students/${s.id}/auth-link`, {
      sendSms: true,
    });
    expect(res.statusCode).toBe(200);
    const link = res.json();
    const key = keyOf(link.url);
    expect(link.url).toMatch(/\/s-auto-login\?key=[A-Za-z0-9_-]{32}$/);
    expect(link.shortUrl).toMatch(new RegExp(`/r/${key}$`));
    expect(link.expiresAt - ctx.deps.clock.now()).toBeLessThanOrEqual(AUTH_LINK_VALIDITY_MS);
    expect(link.smsQueued).toBe(true);
    // Only a hash of the key is stored.
    const stored = await ctx.deps.db.kysely
      .selectFrom('auth_links')
      .selectAll()
      .where('student_id', '=', s.id)
      .execute();
    expect(JSON.stringify(stored)).not.toContain(key);
    await ctx.deps.createWorker().drain();
    const sms = (await ctx.deps.outbox.listNewest('sms', 50)).find((m) => m.to === s.phone);
    expect(sms?.body).toContain(link.shortUrl);

    const redirect = await ctx.app.inject({ method: 'GET', url: `/r/${key}` });
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe(`/s-auto-login?key=${key}`);

    const browser = new TestClient(ctx.app);
    const signIn = await browser.post('/api/auth/auto-login', { key });
    expect(signIn.json()).toMatchObject({ homePath: '/student/dashboard' });
    const mine = (await browser.get('/api/me/classes')).json();
    expect(mine.students).toEqual([
      expect.objectContaining({
        studentId: s.id,
        name: 'Rafi',
        classes: [expect.objectContaining({ name: 'Physics' })],
      }),
    ]);

    // A new link replaces the old one; an expired one signs nobody in.
    const again = keyOf(
      (await t.client.post(`/api/accounts/${t.accountId}/students/${s.id}/auth-link`, {})).json().url,
    );
    expect((await new TestClient(ctx.app).post('/api/auth/auto-login', { key })).json().error).toMatchObject({
      code: 'AUTH_LINK_INVALID',
    });
    ctx.deps.clock.advance(AUTH_LINK_VALIDITY_MS + 1);
    try {
      expect((await new TestClient(ctx.app).post('/api/auth/auto-login', { key: again })).statusCode).toBe(
        404,
      );
      expect((await ctx.app.inject({ method: 'GET', url: `/r/${again}` })).headers.location).toBe('/404');
    } finally {
      ctx.deps.clock.advance(-(AUTH_LINK_VALIDITY_MS + 1));
    }
  });

  it("gives a teacher a sign-in link of their own, listed and revocable by the teacher's managers only", async () => {
    const t = await signUp(ctx.app, ctx.deps);
    const res = await t.client.post(`/api/accounts/${t.accountId}/auth-link`, {});
    const key = keyOf(res.json().url);
    const links = (await t.client.get(`/api/accounts/${t.accountId}/auth-links`)).json().links;
    expect(links).toEqual([
      expect.objectContaining({ kind: 'teacher', name: t.input.name, studentId: null }),
    ]);
    const other = await signUp(ctx.app, ctx.deps);
    expect((await other.client.post(`/api/accounts/${t.accountId}/auth-link`, {})).statusCode).toBe(404);
    expect((await other.client.get(`/api/accounts/${t.accountId}/auth-links`)).statusCode).toBe(404);
    const assistant = await clientFor(
      ctx.app,
      ctx.deps,
      await assistantWithGrant(ctx.deps, t.accountId, { manageStudents: true }),
    );
    expect((await assistant.post(`/api/accounts/${t.accountId}/auth-link`, {})).statusCode).toBe(403);

    const browser = new TestClient(ctx.app);
    expect((await browser.post('/api/auth/auto-login', { key })).json().homePath).toBe('/teacher/dashboard');
    expect((await browser.get('/api/session')).json().user.id).toBe(t.userId);
    expect(
      (
        await t.client.request({
          method: 'DELETE',
          url: `/api/accounts/${t.accountId}/auth-links/${links[0].id}`,
        })
      ).statusCode,
    ).toBe(200);
    expect((await new TestClient(ctx.app).post('/api/auth/auto-login', { key })).statusCode).toBe(404);
  });

  it('takes one live photo per link, publicly, then the key expires', async () => {
    const t = await signUp(ctx.app, ctx.deps);
    const s = await addStudent(t.client, t.accountId, { name: 'Mitu', customId: 'ID-9' });
    const link = (await t.client.post(`/api/accounts/${t.accountId}/students/${s.id}/photo-link`, {})).json();
    const key = keyOf(link.url);
    expect(link.url).toContain('/take-picture?key=');
    const anonymous = new TestClient(ctx.app);
    expect((await anonymous.get(`/api/live-photo/${key}`)).json()).toMatchObject({
      name: 'Mitu',
      customId: 'ID-9',
    });
    const jpeg = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#446688' } })
      .jpeg()
      .toBuffer();
    const upload = await multipartFile('file', 'capture.jpg', 'image/jpeg', jpeg);
    const res = await anonymous.request({ method: 'POST', url: `/api/live-photo/${key}`, ...upload });
    expect(res.json()).toMatchObject({
      code: 'LIVE_PHOTO_SAVED',
      message: 'Student Picture uploaded successfully..',
    });
    const detail = (await t.client.get(`/api/accounts/${t.accountId}/students/${s.id}`)).json();
    expect(detail.avatarUrl).toBe(res.json().avatarUrl);
    const second = await anonymous.request({ method: 'POST', url: `/api/live-photo/${key}`, ...upload });
    expect(second.json().error).toMatchObject({ code: 'LIVE_PHOTO_LINK_INVALID' });
    expect((await anonymous.get(`/api/live-photo/${key}`)).statusCode).toBe(404);
  });

  it('lists access codes for the printable sheet and shortens only links of this app', async () => {
    const t = await signUp(ctx.app, ctx.deps);
    const room = await createClassroom(t.client, t.accountId, { name: 'Physics' });
    const a = await addStudent(t.client, t.accountId, {
      name: 'Anika',
      rfid: 'CARD-123456',
      enrolments: [{ classroomId: room }],
    });
    await addStudent(t.client, t.accountId, { name: 'Babul', enrolments: [{ classroomId: room }] });
    const sheet = (
      await t.client.get(`/api/accounts/${t.accountId}/access-codes?classroomId=${room}`)
    ).json();
    expect(sheet.total).toBe(2);
    expect(sheet.items[0]).toEqual(
      expect.objectContaining({
        name: 'Anika',
        rfid: 'CARD-123456',
        classrooms: ['Physics'],
        qrPayload: `BW1:S:${a.id}`,
      }),
    );
    expect(
      (await t.client.get(`/api/accounts/${t.accountId}/students/${a.id}/access-code`)).json().qrPayload,
    ).toBe(`BW1:S:${a.id}`);

    const short = await t.client.post(`/api/accounts/${t.accountId}/short-links`, {
      url: '/s-pay?key=abc&suid=1',
    });
    const { code, shortUrl } = short.json();
    expect(shortUrl).toMatch(new RegExp(`/r/${code}$`));
    expect((await ctx.app.inject({ method: 'GET', url: `/r/${code}` })).headers.location).toBe(
      '/s-pay?key=abc&suid=1',
    );
    for (const url of ['https://evil.example/phish', '//evil.example/x', 'javascript:alert(1)']) {
      const res = await t.client.post(`/api/accounts/${t.accountId}/short-links`, { url });
      expect(res.json().error.code).toBe('SHORT_LINK_TARGET_INVALID');
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/r/nothing1' })).headers.location).toBe('/404');
  });

  it('never shortens a link into another site, whatever the spelling, and never answers /r/ with a 500', async () => {
    const t = await signUp(ctx.app, ctx.deps);
    const shorten = (url: string) => t.client.post(`/api/accounts/${t.accountId}/short-links`, { url });
    const refused = [
      '/\t/evil.example', // browsers drop the tab: //evil.example
      '/\n/evil.example',
      '/\r\n/evil.example',
      '\t//evil.example',
      ' //evil.example',
      '/\\evil.example', // a backslash is a slash to browsers
      '\\\\evil.example',
      '/\\/evil.example',
      '/.//evil.example', // dot segments collapse to //evil.example
      '/x/..//evil.example',
      'https:evil.example',
      'https://evil.example/phish',
      'http://localhost:8080.evil.example/',
      '/a\u007fb',
    ];
    for (const url of refused) {
      const res = await shorten(url);
      expect(res.statusCode, JSON.stringify(url)).toBe(400);
      expect(res.json().error.code, JSON.stringify(url)).toBe('SHORT_LINK_TARGET_INVALID');
    }
    // Text no field may hold is refused before it gets here.
    for (const url of ['/a\u0000b', '/\u0001/evil.example'])
      expect((await shorten(url)).json().error.code).toBe('TEXT_INVALID');

    // Targets on our origin are kept as the URL parser spells them: percent-encoded, header-safe.
    const kept: [string, string][] = [
      ['/s-pay?name=ক্লাস#অ', '/s-pay?name=%E0%A6%95%E0%A7%8D%E0%A6%B2%E0%A6%BE%E0%A6%B8#%E0%A6%85'],
      ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
      [`${ctx.deps.config.appUrl}/teacher/dashboard?x=1 2`, '/teacher/dashboard?x=1%202'],
      ['/a/../b/./c', '/b/c'],
    ];
    for (const [url, location] of kept) {
      const res = await shorten(url);
      expect(res.statusCode, url).toBe(200);
      const follow = await ctx.app.inject({ method: 'GET', url: `/r/${res.json().code}` });
      expect(follow.statusCode).toBe(302);
      expect(follow.headers.location).toBe(location);
    }

    // Rows stored before targets were normalised still redirect (normalised) or land on /404.
    const legacy: [string, RegExp][] = [
      ['/দল?x=ক', /^\/%E0%A6%A6%E0%A6%B2\?x=%E0%A6%95$/],
      ['/a\u0007b', /^\/404$/],
      ['/\t/evil.example', /^\/404$/],
      // The database's driver turns a lone surrogate into one or more U+FFFD.
      ['/\ud800', /^\/(%EF%BF%BD)+$/],
    ];
    for (const [path, location] of legacy) {
      const code = `legacy${legacy.findIndex(([p]) => p === path)}`;
      await ctx.deps.db.kysely
        .insertInto('short_links')
        .values({
          code,
          path,
          account_id: t.accountId,
          created_by: t.userId,
          created_at: 0,
          expires_at: null,
          hits: 0,
        })
        .execute();
      const res = await ctx.app.inject({ method: 'GET', url: `/r/${code}` });
      expect(res.statusCode, JSON.stringify(path)).toBe(302);
      expect(res.headers.location).toMatch(location);
    }

    // Codes with control or non-Latin-1 characters are answered, never with a 500.
    for (const code of ['%E0%A6%95', 'a%0Db', 'a%00b', 'a%09b', '%F0%9F%98%80', 'a%ED%A0%80b', '%']) {
      const res = await ctx.app.inject({ method: 'GET', url: `/r/${code}` });
      expect(res.statusCode, code).toBeLessThan(500);
      expect(res.body).not.toMatch(/ERR_|FST_/);
    }
  });

  it("shows a parent their children's visible classes only", async () => {
    const t = await signUp(ctx.app, ctx.deps);
    const shown = await createClassroom(t.client, t.accountId, { name: 'Physics' });
    const hidden = await createClassroom(t.client, t.accountId, {
      name: 'Staff Room',
      type: 'Management Internal',
    });
    const parentPhone = uniquePhone();
    await addStudent(t.client, t.accountId, {
      name: 'Child',
      parent2Phone: parentPhone,
      enrolments: [{ classroomId: shown, tuitionFeePaisa: 99_000 }, { classroomId: hidden }],
    });
    await addStudent(t.client, t.accountId, { name: 'Someone else', enrolments: [{ classroomId: shown }] });
    const now = ctx.deps.clock.now();
    await ctx.deps.db.kysely
      .insertInto('users')
      .values({
        id: `p-${now}`,
        name: 'Parent',
        email: null,
        phone: parentPhone,
        password_hash: null,
        profession: 'Parent',
        is_staff: 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const parent = await clientFor(ctx.app, ctx.deps, `p-${now}`);
    const view = (await parent.get('/api/me/classes')).json();
    expect(view.students.map((s: { name: string }) => s.name)).toEqual(['Child']);
    expect(view.students[0].classes).toEqual([
      expect.objectContaining({ name: 'Physics', tuitionFeePaisa: 99_000, teacherName: t.input.name }),
    ]);
    expect((await t.client.get('/api/me/classes')).statusCode).toBe(403);
  });

  it('pays each texted link with 2 SMS from the quota, refuses when it is short, and uses a shared quota', async () => {
    const t = await signUp(ctx.app, ctx.deps);
    const s = await addStudent(t.client, t.accountId, { name: 'Mitu' });
    const quota = (accountId: string) => smsQuotaOf(ctx.deps, accountId);
    const setQuota = (accountId: string, smsQuota: number, sharedFrom: string | null = null) =>
      setSmsQuota(ctx.deps, accountId, smsQuota, sharedFrom);
    const link = (sendSms: boolean) =>
      t.client.post(`/api/accounts/${t.accountId}/students/${s.id}/auth-link`, { sendSms });

    await setQuota(t.accountId, 3);
    const events: string[] = [];
    const stop = ctx.deps.events.subscribe([`account:${t.accountId}`], (event) => events.push(event.type));
    expect((await link(true)).json().smsQueued).toBe(true);
    expect(await quota(t.accountId)).toBe(1);
    // Screens showing the quota are told to refetch it (on PostgreSQL the event comes back
    // through LISTEN/NOTIFY, a moment after the answer).
    await vi.waitFor(() => expect(events).toContain('sms.quota'));
    stop();
    // Without SMS the link costs nothing.
    expect((await link(false)).statusCode).toBe(200);
    expect(await quota(t.accountId)).toBe(1);

    const linksBefore = await ctx.deps.db.kysely.selectFrom('auth_links').select('id').execute();
    const refused = await link(true);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'SMS_QUOTA_NOT_ENOUGH',
      message: 'You do not have enough SMS Quota. You need 2. Your current quota is 1.',
    });
    // All or nothing: no link was made and no SMS queued.
    expect(await ctx.deps.db.kysely.selectFrom('auth_links').select('id').execute()).toEqual(linksBefore);

    const sharer = await signUp(ctx.app, ctx.deps);
    await setQuota(sharer.accountId, 50);
    await setQuota(t.accountId, 1, sharer.accountId);
    expect((await link(true)).statusCode).toBe(200);
    expect(await quota(sharer.accountId)).toBe(48);
    expect(await quota(t.accountId)).toBe(1);
  });
});
