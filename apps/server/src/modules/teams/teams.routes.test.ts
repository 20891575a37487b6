import { describe, expect, it } from 'vitest';
import { signUp, uniquePhone } from '../../test/factories';
import { TestClient } from '../../test/http';
import { sentTo } from '../../test/outbox';
import { DIALECTS, useTestApp } from '../../test/test-deps';

describe.each(DIALECTS)('teams and invitations [%s]', (dialect) => {
  const ctx = useTestApp(dialect);

  const outbox = (kind: 'sms' | 'mail', to: string) => sentTo(ctx.deps, kind, to);

  it('lets an admin create teachers, work on the first and switch to another', async () => {
    const admin = await signUp(ctx.app, ctx.deps, { accountType: 'Admin', institution: 'Udoy Academy' });
    for (const name of ['Karim Sir', 'Nasrin Madam']) {
      const res = await admin.client.post(`/api/accounts/${admin.accountId}/teachers`, {
        mode: 'create',
        name,
        email: `${name.split(' ')[0]!.toLowerCase()}-${Date.now()}@udoy.test`,
        phone: uniquePhone(),
        password: `teaches well ${name}`,
      });
      expect(res.statusCode).toBe(200);
    }
    const team = (await admin.client.get(`/api/accounts/${admin.accountId}/team`)).json();
    expect(team.members.map((m: { name: string; role: string }) => [m.name, m.role])).toEqual([
      ['Karim Sir', 'teacher'],
      ['Nasrin Madam', 'teacher'],
    ]);
    const session = (await admin.client.get('/api/session')).json();
    const teachers = session.accounts.filter((a: { relation: string }) => a.relation === 'admin');
    expect(teachers.map((a: { ownerName: string }) => a.ownerName)).toEqual(['Karim Sir', 'Nasrin Madam']);
    expect(session.activeAccountId).toBe(teachers[0].id);

    expect(
      (await admin.client.put('/api/session/active-account', { accountId: teachers[1].id })).statusCode,
    ).toBe(200);
    expect((await admin.client.get('/api/session')).json().activeAccountId).toBe(teachers[1].id);
  });

  it('invites an existing teacher, who accepts once; a managed teacher cannot join a second admin', async () => {
    const admin = await signUp(ctx.app, ctx.deps, { accountType: 'Admin' });
    const otherAdmin = await signUp(ctx.app, ctx.deps, { accountType: 'Admin' });
    const teacher = await signUp(ctx.app, ctx.deps);
    expect(
      (
        await admin.client.post(`/api/accounts/${admin.accountId}/teachers`, {
          mode: 'invite',
          email: teacher.input.email,
        })
      ).statusCode,
    ).toBe(200);
    expect((await outbox('mail', teacher.input.email))[0]?.subject).toMatch(/Invitation/);

    const [invitation] = (await teacher.client.get('/api/me/invitations')).json().invitations;
    expect(invitation).toMatchObject({
      kind: 'admin-teacher',
      accountId: admin.accountId,
      invitedBy: admin.input.name,
    });
    expect((await teacher.client.post(`/api/me/invitations/${invitation.id}/accept`)).statusCode).toBe(200);
    expect((await teacher.client.post(`/api/me/invitations/${invitation.id}/accept`)).json().error.code).toBe(
      'INVITATION_NOT_FOUND',
    );
    const adminSession = (await admin.client.get('/api/session')).json();
    expect(adminSession.accounts.map((a: { id: string }) => a.id)).toContain(teacher.accountId);

    // The second admin's invitation goes out like any other (it does not tell them the teacher
    // has an admin); accepting it is what is refused.
    const again = await otherAdmin.client.post(`/api/accounts/${otherAdmin.accountId}/teachers`, {
      mode: 'invite',
      email: teacher.input.email,
    });
    expect(again.statusCode).toBe(200);
    const [second] = (await teacher.client.get('/api/me/invitations')).json().invitations;
    expect(second).toMatchObject({ accountId: otherAdmin.accountId });
    const refused = await teacher.client.post(`/api/me/invitations/${second.id}/accept`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('TEACHER_HAS_ADMIN');
  });

  it('brings in an assistant by phone: code sign-in, accept, then only the granted account', async () => {
    const teacher = await signUp(ctx.app, ctx.deps, { institution: 'Shapla Coaching' });
    const phone = uniquePhone();
    const invite = await teacher.client.post(`/api/accounts/${teacher.accountId}/assistants/invitations`, {
      phone,
      manageStudents: true,
    });
    expect(invite.statusCode).toBe(200);
    expect((await outbox('sms', phone))[0]?.body).toContain('Shapla Coaching');

    const assistant = new TestClient(ctx.app);
    await assistant.post('/api/auth/phone/code', { phone });
    const code = /\b(\d{6})\b/.exec(
      (await outbox('sms', phone)).find((m) => m.body.includes('code'))!.body,
    )![1];
    expect((await assistant.post('/api/auth/phone/verify', { phone, code })).statusCode).toBe(200);
    expect((await assistant.get('/api/session')).json().homePath).toBe('/teacherAssistant/invitations');

    const [invitation] = (await assistant.get('/api/me/invitations')).json().invitations;
    expect(invitation).toMatchObject({
      kind: 'assistant',
      institution: 'Shapla Coaching',
      manageStudents: true,
    });
    expect((await assistant.post(`/api/me/invitations/${invitation.id}/accept`)).statusCode).toBe(200);

    const session = (await assistant.get('/api/session')).json();
    expect(session.user.profession).toBe('TeacherAssistant');
    expect(session.homePath).toBe('/teacherAssistant/dashboard');
    expect(session.accounts).toEqual([
      expect.objectContaining({ id: teacher.accountId, relation: 'assistant', manageStudents: true }),
    ]);
    expect((await assistant.get(`/api/accounts/${teacher.accountId}/summary`)).statusCode).toBe(200);
    expect((await assistant.get(`/api/accounts/${teacher.accountId}/team`)).statusCode).toBe(403);

    const team = (await teacher.client.get(`/api/accounts/${teacher.accountId}/team`)).json();
    const grant = team.members.find((m: { role: string }) => m.role === 'assistant');
    expect(
      (
        await teacher.client.request({
          method: 'DELETE',
          url: `/api/accounts/${teacher.accountId}/assistants/${grant.id}`,
        })
      ).statusCode,
    ).toBe(200);
    expect((await assistant.get(`/api/accounts/${teacher.accountId}/summary`)).statusCode).toBe(404);
  });

  it('answers alike whoever the invitee is, checks the role at acceptance, and withdraws', async () => {
    const teacher = await signUp(ctx.app, ctx.deps);
    const invite = (body: object) =>
      teacher.client.post(`/api/accounts/${teacher.accountId}/assistants/invitations`, body);
    const nobody = await invite({ email: 'nobody@nowhere.test' });
    const other = await signUp(ctx.app, ctx.deps);
    const teacherInvitee = await invite({ email: other.input.email });
    // Nothing tells the inviter whether either address has an account, or which role.
    for (const res of [nobody, teacherInvitee]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });
    }
    const [mail] = await outbox('mail', 'nobody@nowhere.test');
    expect(mail?.body).toContain('create an account with it first if you have none');
    const [wrongRole] = (await other.client.get('/api/me/invitations')).json().invitations;
    const accept = await other.client.post(`/api/me/invitations/${wrongRole.id}/accept`);
    expect(accept.statusCode).toBe(409);
    expect(accept.json().error.code).toBe('INVITEE_WRONG_ROLE');
    for (const open of (await teacher.client.get(`/api/accounts/${teacher.accountId}/team`)).json()
      .invitations) {
      await teacher.client.request({
        method: 'DELETE',
        url: `/api/accounts/${teacher.accountId}/invitations/${open.id}`,
      });
    }

    const phone = uniquePhone();
    await teacher.client.post(`/api/accounts/${teacher.accountId}/assistants/invitations`, { phone });
    const [open] = (await teacher.client.get(`/api/accounts/${teacher.accountId}/team`)).json().invitations;
    expect(open.status).toBe('pending');
    await teacher.client.request({
      method: 'DELETE',
      url: `/api/accounts/${teacher.accountId}/invitations/${open.id}`,
    });
    expect((await teacher.client.get(`/api/accounts/${teacher.accountId}/team`)).json().invitations).toEqual(
      [],
    );
  });
});
