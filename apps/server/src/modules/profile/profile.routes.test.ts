import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { signUp, uniquePhone } from '../../test/factories';
import { multipartFile, TestClient } from '../../test/http';
import { codeSentTo } from '../../test/outbox';
import { addStudent, createClassroom, newStaffClient } from '../../test/school';
import { DIALECTS, useTestApp } from '../../test/test-deps';

const png = () =>
  sharp({ create: { width: 600, height: 400, channels: 3, background: '#0a7' } })
    .png()
    .toBuffer();

describe.each(DIALECTS)('profile, institution and staff tools [%s]', (dialect) => {
  const ctx = useTestApp(dialect);

  it('changes the name at once and the phone with the code sent to the new number', async () => {
    const me = await signUp(ctx.app, ctx.deps);
    const phone = uniquePhone();
    const local = phone.replace('+88', '');
    const unproved = await me.client.put('/api/me/profile', { name: 'সুমাইয়া আক্তার', phone: local });
    expect(unproved.json().error.code).toBe('PHONE_CODE_REQUIRED');

    const sent = await me.client.post('/api/me/phone/code', { phone: local });
    expect(sent.json()).toEqual({
      code: 'PHONE_CODE_SENT',
      message: 'We have sent a 6-digit code to the new number. Enter it to confirm the change.',
    });
    const code = await codeSentTo(ctx.deps, phone);
    const wrong = await me.client.put('/api/me/profile', {
      name: 'সুমাইয়া আক্তার',
      phone: local,
      phoneCode: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('CODE_INVALID');
    const ok = await me.client.put('/api/me/profile', { name: 'সুমাইয়া আক্তার', phone: local, phoneCode: code });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await me.client.get('/api/session')).json().user).toMatchObject({ name: 'সুমাইয়া আক্তার', phone });
    // The same phone again needs no code; the name alone changes.
    expect((await me.client.put('/api/me/profile', { name: 'Sumaiya', phone })).statusCode).toBe(200);
    expect((await me.client.get('/api/session')).json().user).toMatchObject({ name: 'Sumaiya', phone });
  });

  it('proves a phone for one person only, and says it is taken only after the proof', async () => {
    const me = await signUp(ctx.app, ctx.deps);
    const other = await signUp(ctx.app, ctx.deps);
    const stranger = await signUp(ctx.app, ctx.deps);
    await me.client.post('/api/me/phone/code', { phone: other.input.phone });
    const code = await codeSentTo(ctx.deps, other.input.phone);
    // Someone else cannot use the code sent for my change.
    const borrowed = await stranger.client.put('/api/me/profile', {
      name: 'X',
      phone: other.input.phone,
      phoneCode: code,
    });
    expect(borrowed.json().error.code).toBe('CODE_INVALID');
    const taken = await me.client.put('/api/me/profile', {
      name: 'X',
      phone: other.input.phone,
      phoneCode: code,
    });
    expect(taken.json().error.code).toBe('PHONE_TAKEN');
  });

  it('limits phone codes per person with a 429', async () => {
    const me = await signUp(ctx.app, ctx.deps);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await me.client.post('/api/me/phone/code', { phone: uniquePhone() })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('changes the password and ends the other sessions', async () => {
    const me = await signUp(ctx.app, ctx.deps);
    const elsewhere = new TestClient(ctx.app);
    await elsewhere.post('/api/auth/sign-in', { email: me.input.email, password: me.input.password });
    const wrong = await me.client.post('/api/me/password', {
      currentPassword: 'not it',
      newPassword: 'a new long passphrase',
    });
    expect(wrong.json().error.code).toBe('PASSWORD_WRONG');
    const ok = await me.client.post('/api/me/password', {
      currentPassword: me.input.password,
      newPassword: 'a new long passphrase',
    });
    expect(ok.statusCode).toBe(200);
    expect((await me.client.get('/api/session')).statusCode).toBe(200);
    expect((await elsewhere.get('/api/session')).json()).toBeNull();
  });

  it('stores an uploaded picture as a 256 px WebP and serves it', async () => {
    const me = await signUp(ctx.app, ctx.deps);
    const upload = await multipartFile('file', 'me.png', 'image/png', await png());
    const res = await me.client.request({ method: 'POST', url: '/api/me/avatar', ...upload });
    expect(res.statusCode).toBe(200);
    const { avatarUrl } = res.json();
    expect((await me.client.get('/api/session')).json().user.avatarUrl).toBe(avatarUrl);
    const image = await ctx.app.inject({ method: 'GET', url: avatarUrl });
    expect(image.headers['content-type']).toBe('image/webp');
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({
      width: 256,
      height: 256,
      format: 'webp',
    });
  });

  it("refuses other file types with the spec's message", async () => {
    const me = await signUp(ctx.app, ctx.deps);
    const upload = await multipartFile('file', 'notes.pdf', 'application/pdf', Buffer.from('%PDF-1.4'));
    const res = await me.client.request({ method: 'POST', url: '/api/me/avatar', ...upload });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'PICTURE_TYPE_INVALID',
      message: 'notes.pdf is not a png, jpg or jpeg file',
    });
  });

  it('updates institution settings, which change the wording type, and shows them on the dashboard', async () => {
    const me = await signUp(ctx.app, ctx.deps);
    const res = await me.client.put(`/api/accounts/${me.accountId}/institution`, {
      institution: 'Dhaka Cricket Academy',
      accountType: 'Cricket',
      currency: 'BDT',
      manageMultiBranches: true,
    });
    expect(res.statusCode).toBe(200);
    const session = (await me.client.get('/api/session')).json();
    expect(session.accounts[0]).toMatchObject({
      institution: 'Dhaka Cricket Academy',
      accountType: 'Cricket',
    });
    const summary = (await me.client.get(`/api/accounts/${me.accountId}/summary`)).json();
    expect(summary).toMatchObject({
      institution: 'Dhaka Cricket Academy',
      classrooms: 0,
      students: 0,
      smsQuota: 1000,
    });
    expect(summary.recentActivity[0]).toMatchObject({
      eventName: 'Update Institution',
      actorName: me.input.name,
    });
  });

  it("counts the dashboard's students as the list does, and says how many are in classrooms", async () => {
    const me = await signUp(ctx.app, ctx.deps);
    const room = await createClassroom(me.client, me.accountId, { name: 'Physics A' });
    await addStudent(me.client, me.accountId, { enrolments: [{ classroomId: room, tuitionFeePaisa: null }] });
    await addStudent(me.client, me.accountId, { enrolments: [{ classroomId: room, tuitionFeePaisa: null }] });
    // Imported into no classroom: on the list, so in "all students", not "in classrooms".
    await addStudent(me.client, me.accountId);
    const summary = (await me.client.get(`/api/accounts/${me.accountId}/summary`)).json();
    const list = (await me.client.get(`/api/accounts/${me.accountId}/students`)).json();
    expect(summary).toMatchObject({ students: 3, studentsInClassrooms: 2 });
    expect(list.total).toBe(summary.students);
  });

  describe('staff impersonation', () => {
    const staffClient = () => newStaffClient(ctx.app, ctx.deps);

    it('signs staff in as a user, audited, and back again', async () => {
      const staff = await staffClient();
      const teacher = await signUp(ctx.app, ctx.deps);
      const res = await staff.client.post('/api/staff/impersonate', { emailOrId: teacher.input.email });
      expect(res.json()).toEqual({ userId: teacher.userId, homePath: '/teacher/dashboard' });
      const session = (await staff.client.get('/api/session')).json();
      expect(session.user.id).toBe(teacher.userId);
      expect(session.impersonator).toEqual({ id: staff.id, name: 'Support Staff' });

      const back = await staff.client.post('/api/staff/impersonation/end');
      expect(back.json()).toEqual({ userId: staff.id, homePath: '/staff/dashboard' });
      const log = await ctx.deps.db.kysely
        .selectFrom('activity_log')
        .select(['event_name', 'actor_id', 'subject_id'])
        .where('subject_id', '=', teacher.userId)
        .orderBy('created_at')
        .execute();
      expect(log.map((l) => l.event_name)).toEqual(['Staff Impersonation Start', 'Staff Impersonation End']);
      expect(log.every((l) => l.actor_id === staff.id)).toBe(true);
    });

    it('opens the student dashboard with suid and never signs in as another staff member', async () => {
      const staff = await staffClient();
      const teacher = await signUp(ctx.app, ctx.deps);
      const withSuid = await staff.client.post('/api/staff/impersonate', {
        emailOrId: teacher.userId,
        suid: 'S1',
      });
      expect(withSuid.json().homePath).toBe('/student/dashboard?suid=S1');
      const other = await staffClient();
      const again = await staffClient();
      const res = await again.client.post('/api/staff/impersonate', { emailOrId: other.id });
      expect(res.json().error.code).toBe('IMPERSONATION_TARGET_MISSING');
    });

    it('flags an account as suspicious, or disables it and ends its sessions', async () => {
      const staff = await staffClient();
      const teacher = await signUp(ctx.app, ctx.deps);
      await staff.client.put(`/api/staff/users/${teacher.userId}/flags`, { suspicious: true });
      expect((await teacher.client.get('/api/session')).json().error.code).toBe('ACCOUNT_SUSPICIOUS');
      await staff.client.put(`/api/staff/users/${teacher.userId}/flags`, {
        suspicious: false,
        disabled: true,
      });
      expect((await teacher.client.get('/api/session')).json()).toBeNull();
      const signIn = await new TestClient(ctx.app).post('/api/auth/sign-in', {
        email: teacher.input.email,
        password: teacher.input.password,
      });
      expect(signIn.json().error.code).toBe('SIGN_IN_FAILED');
    });

    it('is not available to anyone else', async () => {
      const teacher = await signUp(ctx.app, ctx.deps);
      const res = await teacher.client.post('/api/staff/impersonate', { emailOrId: teacher.input.email });
      expect(res.statusCode).toBe(403);
    });
  });
});
