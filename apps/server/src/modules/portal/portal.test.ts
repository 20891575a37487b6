import { randomUUID } from 'node:crypto';
import { monthOf, PORTAL_PUNCH_EVENT, PORTAL_SETTINGS_DEFAULTS } from '@batchwise/domain';
import { describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids';
import { uniquePhone } from '../../test/factories';
import { TestClient } from '../../test/http';
import { reportFixture, TERM } from '../../test/report-cards';
import { until } from '../../test/sse';
import { DIALECTS } from '../../test/test-deps';
import { useWorld } from '../../test/world';
import type { LiveEvent } from '../events/event-bus';

// The family portal (DESIGN.md §1 "Family portal"): guardian-of / self isolation, the teacher's
// switches obeyed by the API, the attendance link and the live punch of a child.

describe.each(DIALECTS)('family portal [%s]', (dialect) => {
  const ctx = useWorld(dialect);

  const phoneUser = async (profession: 'Parent' | 'Student', phone = uniquePhone()) => {
    const now = ctx.deps.clock.now();
    const id = newId(now);
    await ctx.deps.db.kysely
      .insertInto('users')
      .values({
        id,
        name: phone,
        email: null,
        phone,
        password_hash: null,
        profession,
        is_staff: 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return id;
  };
  const clientOf = async (userId: string) => {
    const { token } = await ctx.deps.sessions.create(userId, {});
    return new TestClient(ctx.app, token);
  };
  const settingsUrl = (side: 'A' | 'B') =>
    `/api/accounts/${ctx.world.accounts[side]}/classrooms/${ctx.world.classrooms[side]}/portal-settings`;

  it('shows a parent their linked child and a student themself, each with dues and today', async () => {
    const parent = await ctx.world.client('parentA');
    const home = (await parent.get('/api/portal/home')).json();
    expect(home.role).toBe('Parent');
    expect(home.children.map((c: { studentId: string }) => c.studentId)).toEqual([ctx.world.students.A]);
    expect(home.children[0].dues.totalDuePaisa).toBeGreaterThan(0);
    expect(home.children[0].today.state).toBe('none');

    const student = await ctx.world.client('studentA');
    const own = (await student.get('/api/portal/home')).json();
    expect(own.role).toBe('Student');
    expect(own.children.map((c: { studentId: string }) => c.studentId)).toEqual([ctx.world.students.A]);

    const fees = await parent.get(`/api/portal/students/${ctx.world.students.A}/fees`);
    expect(fees.statusCode).toBe(200);
    expect(fees.json().dues.totals.duePaisa).toBe(home.children[0].dues.totalDuePaisa);
    const classes = (await parent.get(`/api/portal/students/${ctx.world.students.A}/classes`)).json();
    expect(classes.classes.map((c: { classroomId: string }) => c.classroomId)).toEqual([
      ctx.world.classrooms.A,
    ]);
  });

  it("shows the child's latest published result on the home as the results page has it", async () => {
    const f = await reportFixture(ctx.app, ctx.deps);
    const parent = await clientOf(await phoneUser('Parent', f.guardian));
    const home = (await parent.get('/api/portal/home')).json();
    const results = (await parent.get(`/api/portal/students/${f.asha.id}/results`)).json();
    const { complete: _complete, publishedAt: _publishedAt, ...latest } = results.reportCards[0];
    expect(latest).toMatchObject({ term: TERM, classroomId: f.classroomId, acknowledgedAt: null });
    expect(latest.position).toBeGreaterThan(0);
    expect(home.children.map((c: { studentId: string }) => c.studentId)).toEqual([f.asha.id]);
    expect(home.children[0].latestResult).toEqual(latest);
  });

  it("never answers another tenant's child, nor anyone to an unlinked phone", async () => {
    const b = ctx.world.students.B;
    for (const actor of ['parentA', 'studentA'] as const) {
      const client = await ctx.world.client(actor);
      for (const page of ['fees', 'attendance', 'results', 'classes', 'messages']) {
        const res = await client.get(`/api/portal/students/${b}/${page}`);
        expect(res.statusCode, `${actor} ${page}`).toBe(404);
      }
      const open = await client.post(`/api/portal/students/${b}/results/open`, {
        classroomId: ctx.world.classrooms.B,
        term: 'Term 1',
      });
      expect(open.statusCode).toBe(404);
    }
    const stranger = await clientOf(await phoneUser('Parent'));
    expect((await stranger.get('/api/portal/home')).json().children).toEqual([]);
    const res = await stranger.get(`/api/portal/students/${ctx.world.students.A}/fees`);
    expect(res.statusCode).toBe(404);
  });

  it('loses a child at once when the phone is taken off the record', async () => {
    const phone = uniquePhone();
    const parent = await clientOf(await phoneUser('Parent', phone));
    const db = ctx.deps.db.kysely;
    const studentId = ctx.world.students.B;
    await db.updateTable('students').set({ parent2_phone: phone }).where('id', '=', studentId).execute();
    await db
      .insertInto('parent_links')
      .values({ parent_phone: phone, student_id: studentId, created_at: 0 })
      .execute();
    expect((await parent.get(`/api/portal/students/${studentId}/classes`)).statusCode).toBe(200);

    await db.updateTable('students').set({ parent2_phone: null }).where('id', '=', studentId).execute();
    expect((await parent.get(`/api/portal/students/${studentId}/classes`)).statusCode).toBe(404);
    expect((await parent.get('/api/portal/home')).json().children).toEqual([]);
  });

  it("obeys the teacher's switches: dues off refuses the fees page, attendance off the month", async () => {
    const teacher = await ctx.world.client('teacherA');
    const parent = await ctx.world.client('parentA');
    const studentId = ctx.world.students.A;
    const before = (await teacher.get(settingsUrl('A'))).json();
    expect(before).toMatchObject({ ...PORTAL_SETTINGS_DEFAULTS, onlinePaymentReady: false, updatedAt: null });

    const saved = await teacher.put(settingsUrl('A'), {
      ...PORTAL_SETTINGS_DEFAULTS,
      showDues: false,
      showAttendance: false,
    });
    expect(saved.json()).toMatchObject({ showDues: false, showAttendance: false });
    const fees = await parent.get(`/api/portal/students/${studentId}/fees`);
    expect(fees.statusCode).toBe(403);
    expect(fees.json().error.code).toBe('PORTAL_DUES_HIDDEN');
    const month = await parent.get(`/api/portal/students/${studentId}/attendance`);
    expect(month.json().error.code).toBe('PORTAL_ATTENDANCE_HIDDEN');
    const home = (await parent.get('/api/portal/home')).json();
    expect(home.children[0]).toMatchObject({ dues: null, today: null });
    const pay = await parent.post(`/api/portal/students/${studentId}/pay`, {
      gateway: 'sslcommerz',
      items: [{ kind: 'month', classroomId: ctx.world.classrooms.A, month: monthOf(ctx.deps.clock.now()) }],
    });
    expect(pay.json().error.code).toBe('PORTAL_PAY_OFF');

    await teacher.put(settingsUrl('A'), PORTAL_SETTINGS_DEFAULTS);
    expect((await parent.get(`/api/portal/students/${studentId}/fees`)).statusCode).toBe(200);
    // An assistant reads the switches but cannot change them.
    const assistant = await ctx.world.client('assistantA');
    expect((await assistant.get(settingsUrl('A'))).statusCode).toBe(200);
    expect((await assistant.put(settingsUrl('A'), PORTAL_SETTINGS_DEFAULTS)).statusCode).toBe(403);
  });

  it("sends a punch live to the child's family channel and shows it in the month", async () => {
    const studentId = ctx.world.students.A;
    const parent = await ctx.world.client('parentA');
    const channels = await ctx.deps.portal.channels(
      (await ctx.deps.sessions.resolve(parent.cookie!, { touch: false }))!,
    );
    expect(channels).toEqual([`portal-student:${studentId}`]);
    const heard: LiveEvent[] = [];
    const stop = ctx.deps.events.subscribe(channels, (e) => heard.push(e));
    const at = ctx.deps.clock.now();
    await ctx.deps.punches.record({
      accountId: ctx.world.accounts.A,
      deviceId: null,
      punches: [{ studentId, at, via: 'manual', dedupeKey: randomUUID() }],
    });
    // On PostgreSQL the event arrives through LISTEN/NOTIFY, after the write returns.
    await until(() => heard.length > 0, 'the punch event');
    stop();
    expect(heard.map((e) => [e.type, e.data])).toEqual([
      [PORTAL_PUNCH_EVENT, { studentId, direction: 'entry', at, via: 'manual' }],
    ]);
    const month = (await parent.get(`/api/portal/students/${studentId}/attendance`)).json();
    expect(month.punches).toEqual([{ at, direction: 'entry', via: 'manual' }]);
    const home = (await parent.get('/api/portal/home')).json();
    expect(home.children[0].today).toMatchObject({ state: 'in', firstEntryAt: at });
  });

  it('opens a child’s attendance month by its link, without signing in', async () => {
    const teacher = await ctx.world.client('teacherA');
    const made = await teacher.post(
      `/api/accounts/${ctx.world.accounts.A}/students/${ctx.world.students.A}/attendance-link`,
    );
    const { shortUrl } = made.json();
    const key = shortUrl.split('/a/')[1];
    const again = await teacher.post(
      `/api/accounts/${ctx.world.accounts.A}/students/${ctx.world.students.A}/attendance-link`,
    );
    expect(again.json().shortUrl).toBe(shortUrl);
    const anonymous = await ctx.world.client('anonymous');
    const view = await anonymous.get(`/api/public/attendance/${key}`);
    expect(view.statusCode).toBe(200);
    expect(view.json().student.id).toBe(ctx.world.students.A);
    const redirect = await anonymous.get(`/a/${key}`);
    expect(redirect.headers.location).toBe(`/attendance-view?key=${key}`);
    const wrong = await anonymous.get('/api/public/attendance/not-a-key');
    expect(wrong.json().error.code).toBe('ATTENDANCE_LINK_INVALID');
  });

  it("puts the child's attendance link in attendance SMS when the teacher chooses it", async () => {
    const teacher = await ctx.world.client('teacherA');
    const { accounts, classrooms, students } = ctx.world;
    const alerts = await teacher.get(
      `/api/accounts/${accounts.A}/classrooms/${classrooms.A}/attendance-alerts`,
    );
    const { smsWindowMinutes, lateAfterMinutes, language, templates } = alerts.json();
    await teacher.put(`/api/accounts/${accounts.A}/classrooms/${classrooms.A}/attendance-alerts`, {
      smsMode: 'both',
      absenceSms: false,
      smsWindowMinutes,
      lateAfterMinutes,
      language,
      templates,
    });
    await teacher.put(settingsUrl('A'), { ...PORTAL_SETTINGS_DEFAULTS, attendanceLinkInSms: true });
    const [result] = await ctx.deps.punches.record({
      accountId: accounts.A,
      deviceId: null,
      punches: [
        {
          studentId: students.A,
          at: ctx.deps.clock.now(),
          via: 'manual',
          dedupeKey: randomUUID(),
        },
      ],
    });
    await ctx.deps.punchAlerts.idle();
    const punchId = result?.outcome === 'unknown' ? '' : result!.punchId;
    const logged = await ctx.deps.db.kysely
      .selectFrom('attendance_alerts')
      .select(['outcome', 'text'])
      .where('punch_id', '=', punchId)
      .executeTakeFirstOrThrow();
    const link = (
      await teacher.post(`/api/accounts/${accounts.A}/students/${students.A}/attendance-link`)
    ).json();
    expect(logged.text).toContain(link.shortUrl);
    await teacher.put(settingsUrl('A'), PORTAL_SETTINGS_DEFAULTS);
  });

  it('counts the SMS sent to the parent since they last opened Messages', async () => {
    const teacher = await ctx.world.client('teacherA');
    const parent = await ctx.world.client('parentA');
    const { phone } = await ctx.deps.db.kysely
      .selectFrom('users')
      .select('phone')
      .where('id', '=', ctx.world.users.parentA)
      .executeTakeFirstOrThrow();
    const newMessages = async () =>
      (await parent.get('/api/portal/home')).json().children[0].newMessages as number;
    const messagesUrl = `/api/portal/students/${ctx.world.students.A}/messages`;
    await parent.get(messagesUrl); // whatever earlier tests sent is read now
    expect(await newMessages()).toBe(0);

    ctx.deps.clock.advance(1_000); // sent after that reading, not in its millisecond
    const sentAt = ctx.deps.clock.now();
    for (const text of ['Exam on Sunday at 9', 'Fees are due by the 10th']) {
      const sent = await teacher.post(`/api/accounts/${ctx.world.accounts.A}/sms/sends`, {
        text,
        numbers: phone,
      });
      expect(sent.statusCode).toBe(200);
    }
    expect(await newMessages()).toBe(2);
    // Two children in one account ask for the same phone and account, each since its own time.
    const accountId = ctx.world.accounts.A;
    expect(
      await ctx.deps.smsHistory.familyUnread([
        { phone: phone!, accountId, since: sentAt - 1 },
        { phone: phone!, accountId, since: sentAt + 365 * 86_400_000 },
      ]),
    ).toEqual([2, 0]);
    // The student's own phone is another number: their count is their own.
    expect(
      (await (await ctx.world.client('studentA')).get('/api/portal/home')).json().children[0].newMessages,
    ).toBe(0);

    ctx.deps.clock.advance(1_000);
    const opened = (await parent.get(messagesUrl)).json();
    expect(
      opened.items
        .slice(0, 2)
        .map((m: { text: string }) => m.text)
        .sort(),
    ).toEqual(['Exam on Sunday at 9', 'Fees are due by the 10th']);
    expect(await newMessages()).toBe(0);
  });

  it('asks a new parent their name once, keeps language and theme, and signs a device out', async () => {
    const phone = uniquePhone();
    const parentId = await phoneUser('Parent', phone);
    const parent = await clientOf(parentId);
    const other = await clientOf(parentId);
    const first = (await parent.get('/api/portal/me')).json();
    expect(first).toMatchObject({
      role: 'Parent',
      name: null,
      askName: true,
      theme: 'system',
      language: null,
    });
    const skipped = (await parent.put('/api/portal/me', { skipName: true, language: 'bn' })).json();
    expect(skipped).toMatchObject({ name: null, askName: false, language: 'bn' });
    const named = (await parent.put('/api/portal/me', { name: 'Rahima Begum', theme: 'dark' })).json();
    expect(named).toMatchObject({ name: 'Rahima Begum', askName: false, language: 'bn', theme: 'dark' });

    const { devices } = (await parent.get('/api/portal/me/devices')).json();
    expect(devices).toHaveLength(2);
    const otherDevice = devices.find((d: { current: boolean }) => !d.current);
    expect((await parent.delete(`/api/portal/me/devices/${otherDevice.id}`)).statusCode).toBe(200);
    expect((await other.get('/api/portal/me')).statusCode).toBe(401);
    // Someone else's session is nobody's business.
    const stranger = await clientOf(await phoneUser('Parent'));
    const mine = devices.find((d: { current: boolean }) => d.current);
    expect((await stranger.delete(`/api/portal/me/devices/${mine.id}`)).statusCode).toBe(404);
  });
});
