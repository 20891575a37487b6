import { describe, expect, it } from 'vitest';
import { classroomWithStudent, signUp, uniquePhone } from '../../test/factories';
import { TestClient } from '../../test/http';
import { codeSentTo } from '../../test/outbox';
import { DIALECTS, useTestApp } from '../../test/test-deps';

/** The identity rules of IDENTITY.md as a student lives them: a link first, a phone of their own later. */
describe.each(DIALECTS)('sign-in identities [%s]', (dialect) => {
  const ctx = useTestApp(dialect);

  const signInByCode = async (phone: string) => {
    const client = new TestClient(ctx.app);
    await client.post('/api/auth/phone/code', { phone });
    const res = await client.post('/api/auth/phone/verify', {
      phone,
      code: await codeSentTo(ctx.deps, phone),
    });
    expect(res.statusCode, res.body).toBe(200);
    return { client, userId: res.json().userId as string };
  };
  const linkFor = async (teacher: Awaited<ReturnType<typeof signUp>>, studentId: string) =>
    teacher.client.post(`/api/accounts/${teacher.accountId}/students/${studentId}/auth-link`, {
      sendSms: false,
    });
  const keyOf = (url: string) => new URL(url).searchParams.get('key')!;
  const userOf = (studentId: string) =>
    ctx.deps.db.kysely
      .selectFrom('students')
      .innerJoin('users', 'users.id', 'students.user_id')
      .select(['users.id', 'users.phone', 'users.name'])
      .where('students.id', '=', studentId)
      .executeTakeFirstOrThrow();

  it('a sign-in link makes a link user without a phone; proving the phone later takes the record over', async () => {
    const teacher = await signUp(ctx.app, ctx.deps);
    const phone = uniquePhone();
    const { studentId } = await classroomWithStudent(ctx.deps, teacher.accountId, { name: 'Tania', phone });
    const link = await linkFor(teacher, studentId);
    expect(link.statusCode, link.body).toBe(200);
    const linkUser = await userOf(studentId);
    expect(linkUser).toMatchObject({ phone: null, name: 'Tania' });

    const { client, userId } = await signInByCode(phone);
    expect(userId).not.toBe(linkUser.id);
    expect((await userOf(studentId)).id).toBe(userId);
    const session = (await client.get('/api/session')).json();
    expect(session.students.map((s: { studentId: string }) => s.studentId)).toEqual([studentId]);

    // The teacher can no longer make a link that signs this student in.
    expect((await linkFor(teacher, studentId)).json().error.code).toBe('AUTH_LINK_OWN_SIGN_IN');
  });

  it('a link stops signing in once its student proves a phone of their own', async () => {
    const teacher = await signUp(ctx.app, ctx.deps);
    const { studentId } = await classroomWithStudent(ctx.deps, teacher.accountId, {
      name: 'Rumana',
      phone: uniquePhone(),
    });
    const key = keyOf((await linkFor(teacher, studentId)).json().url);
    const student = new TestClient(ctx.app);
    expect((await student.post('/api/auth/auto-login', { key })).statusCode).toBe(200);

    const own = uniquePhone();
    await student.post('/api/me/phone/code', { phone: own });
    const proved = await student.put('/api/me/profile', {
      name: 'Rumana',
      phone: own,
      phoneCode: await codeSentTo(ctx.deps, own),
    });
    expect(proved.statusCode, proved.body).toBe(200);

    const again = await new TestClient(ctx.app).post('/api/auth/auto-login', { key });
    expect(again.json().error.code).toBe('AUTH_LINK_INVALID');
  });

  it('records added after a student’s first sign-in join them at their next sign-in by code', async () => {
    const first = await signUp(ctx.app, ctx.deps);
    const second = await signUp(ctx.app, ctx.deps);
    const phone = uniquePhone();
    const a = await classroomWithStudent(ctx.deps, first.accountId, { name: 'Sadia', phone });
    const { userId } = await signInByCode(phone);
    const b = await classroomWithStudent(ctx.deps, second.accountId, { name: 'Sadia K', phone });
    const { client } = await signInByCode(phone);
    const session = (await client.get('/api/session')).json();
    expect(session.user).toMatchObject({ id: userId, name: 'Sadia' });
    expect(session.students.map((s: { studentId: string }) => s.studentId).sort()).toEqual(
      [a.studentId, b.studentId].sort(),
    );
  });

  it('a teacher renames and pictures only a link user their account alone reaches', async () => {
    const teacher = await signUp(ctx.app, ctx.deps);
    const phone = uniquePhone();
    const { studentId, classroomId } = await classroomWithStudent(ctx.deps, teacher.accountId, {
      name: 'Arif',
      phone,
    });
    await linkFor(teacher, studentId);
    const save = (name: string) =>
      teacher.client.put(`/api/accounts/${teacher.accountId}/students/${studentId}`, {
        name,
        phone,
        institution: 'School',
        enrolments: [{ classroomId }],
      });
    expect((await save('Arif Hossain')).statusCode).toBe(200);
    expect((await userOf(studentId)).name).toBe('Arif Hossain');

    // The same link user linked from another account's record: this teacher no longer reaches all of it.
    const other = await signUp(ctx.app, ctx.deps);
    const elsewhere = await classroomWithStudent(ctx.deps, other.accountId, {
      name: 'Arif',
      phone: uniquePhone(),
    });
    const linkUser = await userOf(studentId);
    await ctx.deps.db.kysely
      .updateTable('students')
      .set({ user_id: linkUser.id })
      .where('id', '=', elsewhere.studentId)
      .execute();
    expect((await save('Renamed Again')).statusCode).toBe(200);
    expect((await userOf(studentId)).name).toBe('Arif Hossain');
    // …and a new link gets a link user of its own instead of signing in the shared one.
    await linkFor(teacher, studentId);
    expect((await userOf(studentId)).id).not.toBe(linkUser.id);
  });
});
