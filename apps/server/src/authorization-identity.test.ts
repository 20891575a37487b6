import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { classroomWithStudent, uniquePhone } from './test/factories';
import { multipartFile, TestClient } from './test/http';
import { codeSentTo } from './test/outbox';
import { DIALECTS } from './test/test-deps';
import { useWorld } from './test/world';

/**
 * The authorization suite's identity scenarios: a tenant of another institution, or a
 * signed-in stranger, tries to become or read someone whose sign-in they do not control. Each
 * scenario reproduces a takeover that worked before the identity rules (modules/identity/IDENTITY.md).
 */
describe.each(DIALECTS)('authorization: sign-in identities across tenants [%s]', (dialect) => {
  const ctx = useWorld(dialect);

  const user = (id: string) =>
    ctx.deps.db.kysely.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const phoneOf = async (studentId: string) =>
    (
      await ctx.deps.db.kysely
        .selectFrom('students')
        .select('phone')
        .where('id', '=', studentId)
        .executeTakeFirstOrThrow()
    ).phone;
  /** Teacher B adds a student with someone else's phone to B's own account. */
  const plant = async (phone: string) => {
    const teacherB = await ctx.world.client('teacherB');
    const res = await teacherB.post(`/api/accounts/${ctx.world.accounts.B}/students`, {
      name: 'Planted',
      phone,
      institution: 'Elsewhere',
      enrolments: [{ classroomId: ctx.world.classrooms.B }],
    });
    expect(res.statusCode, res.body).toBe(200);
    return { teacherB, studentId: res.json().student.id as string };
  };
  /** Whoever a sign-in link of the planted record signs in, as seen by that session. */
  const signInThroughLink = async (teacherB: TestClient, studentId: string) => {
    const link = await teacherB.post(
      `/api/accounts/${ctx.world.accounts.B}/students/${studentId}/auth-link`,
      {
        sendSms: false,
      },
    );
    if (link.statusCode !== 200) return { refused: link.json().error.code as string };
    const key = new URL(link.json().url).searchParams.get('key')!;
    const attacker = new TestClient(ctx.app);
    expect((await attacker.post('/api/auth/auto-login', { key })).statusCode).toBe(200);
    return { session: (await attacker.get('/api/session')).json() };
  };

  it('a sign-in link for a record planted with a student’s phone never signs in as that student', async () => {
    const { teacherB, studentId } = await plant(await phoneOf(ctx.world.students.A));
    const result = await signInThroughLink(teacherB, studentId);
    if ('session' in result) {
      expect(result.session.user.id).not.toBe(ctx.world.users.studentA);
      const names = result.session.students.map((s: { name: string }) => s.name);
      expect(names).not.toContain('Student A');
    }
    expect((await user(ctx.world.users.studentA)).phone).toBe(await phoneOf(ctx.world.students.A));
  });

  it('a record planted before the student’s first sign-in gives its teacher no hold on them', async () => {
    const phone = uniquePhone();
    const own = await classroomWithStudent(ctx.deps, ctx.world.accounts.A, { name: 'Nadia Islam', phone });
    const { teacherB, studentId } = await plant(phone);

    const victim = new TestClient(ctx.app);
    await victim.post('/api/auth/phone/code', { phone });
    const verified = await victim.post('/api/auth/phone/verify', {
      phone,
      code: await codeSentTo(ctx.deps, phone),
    });
    expect(verified.statusCode, verified.body).toBe(200);
    const victimId = verified.json().userId as string;

    // Saving the planted record changes neither the victim's name nor their sign-in phone.
    const newPhone = uniquePhone();
    const saved = await teacherB.put(`/api/accounts/${ctx.world.accounts.B}/students/${studentId}`, {
      name: 'Renamed by B',
      phone: newPhone,
      institution: 'Elsewhere',
      enrolments: [],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#a00' } })
      .png()
      .toBuffer();
    const photo = await multipartFile('file', 'face.png', 'image/png', png);
    const uploaded = await teacherB.request({
      method: 'POST',
      url: `/api/accounts/${ctx.world.accounts.B}/students/${studentId}/photo`,
      ...photo,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(await user(victimId)).toMatchObject({ name: 'Nadia Islam', phone, avatar_key: null });

    // A sign-in link of the planted record is refused, or signs in somebody else.
    const result = await signInThroughLink(teacherB, studentId);
    if ('session' in result) expect(result.session.user.id).not.toBe(victimId);
    else expect(result.refused).toBe('AUTH_LINK_OWN_SIGN_IN');
    // The victim still reaches their own class at A.
    const classes = (await victim.get('/api/session')).json().students;
    expect(classes.map((s: { studentId: string }) => s.studentId)).toContain(own.studentId);
  });

  it('a parent cannot take another family’s phone to read their children', async () => {
    // A parent who has never signed in: no user holds the phone yet.
    const parentPhone = uniquePhone();
    await classroomWithStudent(ctx.deps, ctx.world.accounts.A, {
      name: 'Other Family Child',
      phone: uniquePhone(),
      parentPhone,
    });
    const strangerPhone = uniquePhone();
    await classroomWithStudent(ctx.deps, ctx.world.accounts.B, {
      name: 'Own Child',
      phone: uniquePhone(),
      parentPhone: strangerPhone,
    });
    const stranger = new TestClient(ctx.app);
    await stranger.post('/api/auth/phone/code', { phone: strangerPhone });
    await stranger.post('/api/auth/phone/verify', {
      phone: strangerPhone,
      code: await codeSentTo(ctx.deps, strangerPhone),
    });

    const taken = await stranger.put('/api/me/profile', { name: 'Stranger', phone: parentPhone });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().error.code).toBe('PHONE_CODE_REQUIRED');
    const children = (await stranger.get('/api/me/classes')).json();
    expect(JSON.stringify(children)).not.toContain('Other Family Child');
  });

  it('nobody accepts an assistant invitation sent to a phone they have not proved', async () => {
    const invitedPhone = uniquePhone();
    const teacherA = await ctx.world.client('teacherA');
    const invited = await teacherA.post(`/api/accounts/${ctx.world.accounts.A}/assistants/invitations`, {
      phone: invitedPhone,
      manageStudents: true,
    });
    expect(invited.statusCode, invited.body).toBe(200);
    const invitation = await ctx.deps.db.kysely
      .selectFrom('invitations')
      .select('id')
      .where('invitee_phone', '=', invitedPhone)
      .executeTakeFirstOrThrow();

    const hijacker = await ctx.world.client('assistantNoGrant');
    const changed = await hijacker.put('/api/me/profile', { name: 'Hijacker', phone: invitedPhone });
    expect(changed.json().error.code).toBe('PHONE_CODE_REQUIRED');
    const accepted = await hijacker.post(`/api/me/invitations/${invitation.id}/accept`);
    expect(accepted.json().error.code).toBe('INVITATION_NOT_FOUND');
    const grants = await ctx.deps.db.kysely
      .selectFrom('moderators')
      .select('id')
      .where('user_id', '=', ctx.world.users.assistantNoGrant)
      .where('status', '=', 'accepted')
      .execute();
    expect(grants).toEqual([]);
  });
});
