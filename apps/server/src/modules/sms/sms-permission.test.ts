import { describe, expect, it } from 'vitest';
import { signUp, uniquePhone } from '../../test/factories';
import { TestClient } from '../../test/http';
import { codeSentTo } from '../../test/outbox';
import { addStudent, assistantWithGrant, clientFor, createClassroom, setSmsQuota } from '../../test/school';
import { DIALECTS, useTestApp } from '../../test/test-deps';

// The SMS capability's "Compose": teachers, admins and assistants with a send permission. The permission is
// the assistant's own sendSms grant, apart from manageStudents.
describe.each(DIALECTS)('SMS send permission [%s]', (dialect) => {
  const ctx = useTestApp(dialect);

  async function school() {
    const t = await signUp(ctx.app, ctx.deps);
    const physics = await createClassroom(t.client, t.accountId, { name: 'Physics A' });
    const chemistry = await createClassroom(t.client, t.accountId, { name: 'Chemistry B' });
    for (const [name, room] of [
      ['Rahim', physics],
      ['Karim', chemistry],
    ] as const)
      await addStudent(t.client, t.accountId, { name, enrolments: [{ classroomId: room }] });
    await setSmsQuota(ctx.deps, t.accountId, 100);
    return { t, physics, chemistry };
  }

  const compose = (over: { classroomIds?: string[]; numbers?: string }) => ({
    text: 'Class moved to 5 pm',
    classroomIds: over.classroomIds ?? [],
    to: { student: true },
    numbers: over.numbers ?? '',
    urgent: true,
  });

  it('refuses an assistant who may manage students but holds no sendSms grant', async () => {
    const { t, physics } = await school();
    const assistant = await clientFor(
      ctx.app,
      ctx.deps,
      await assistantWithGrant(ctx.deps, t.accountId, { manageStudents: true, modifyCustomId: true }),
    );
    for (const path of ['preview', 'sends']) {
      const res = await assistant.post(
        `/api/accounts/${t.accountId}/sms/${path}`,
        compose({ classroomIds: [physics] }),
      );
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toMatchObject({
        code: 'SMS_SEND_PERMISSION_REQUIRED',
        message: 'You do not have permission to send SMS in Physics A.',
      });
    }
    const [account] = (await assistant.get('/api/session')).json().accounts;
    expect(account).toMatchObject({ manageStudents: true, sendSms: false, sendSmsClassrooms: [] });
  });

  it('lets a classroom grant send to that classroom only: not to typed numbers, not elsewhere', async () => {
    const { t, physics, chemistry } = await school();
    const userId = await assistantWithGrant(ctx.deps, t.accountId, { classroomId: physics, sendSms: true });
    await assistantWithGrant(ctx.deps, t.accountId, { classroomId: chemistry }, userId);
    const assistant = await clientFor(ctx.app, ctx.deps, userId);
    const url = `/api/accounts/${t.accountId}/sms/sends`;

    const sent = await assistant.post(url, compose({ classroomIds: [physics] }));
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ recipients: 1 });

    const typed = await assistant.post(url, compose({ classroomIds: [physics], numbers: uniquePhone() }));
    expect(typed.statusCode).toBe(403);
    expect(typed.json().error.code).toBe('SMS_SEND_PERMISSION_REQUIRED');

    const other = await assistant.post(url, compose({ classroomIds: [physics, chemistry] }));
    expect(other.statusCode).toBe(403);
    expect(other.json().error.message).toBe('You do not have permission to send SMS in Chemistry B.');

    const [account] = (await assistant.get('/api/session')).json().accounts;
    expect(account).toMatchObject({ sendSms: false, sendSmsClassrooms: [physics] });
  });

  it('lets an account-wide sendSms grant text typed numbers and every classroom; the owner always may', async () => {
    const { t, physics, chemistry } = await school();
    const assistant = await clientFor(
      ctx.app,
      ctx.deps,
      await assistantWithGrant(ctx.deps, t.accountId, { sendSms: true }),
    );
    const url = `/api/accounts/${t.accountId}/sms/sends`;
    const body = compose({ classroomIds: [physics, chemistry], numbers: uniquePhone() });
    const sent = await assistant.post(url, body);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ recipients: 3 });
    expect((await t.client.post(url, body)).statusCode).toBe(200);
  });

  it('carries sendSms from the invitation into the grant, the team and the classroom page', async () => {
    const { t, physics } = await school();
    const phone = uniquePhone();
    const invite = await t.client.post(`/api/accounts/${t.accountId}/assistants/invitations`, {
      phone,
      sendSms: true,
    });
    expect(invite.statusCode).toBe(200);
    const team = (await t.client.get(`/api/accounts/${t.accountId}/team`)).json();
    expect(team.invitations[0]).toMatchObject({ manageStudents: false, sendSms: true });

    const assistant = new TestClient(ctx.app);
    await assistant.post('/api/auth/phone/code', { phone });
    const code = await codeSentTo(ctx.deps, phone);
    expect((await assistant.post('/api/auth/phone/verify', { phone, code })).statusCode).toBe(200);
    const [invitation] = (await assistant.get('/api/me/invitations')).json().invitations;
    expect(invitation).toMatchObject({ sendSms: true });
    expect((await assistant.post(`/api/me/invitations/${invitation.id}/accept`)).statusCode).toBe(200);

    const members = (await t.client.get(`/api/accounts/${t.accountId}/team`)).json().members;
    expect(members).toEqual([
      expect.objectContaining({ role: 'assistant', manageStudents: false, sendSms: true }),
    ]);
    const [account] = (await assistant.get('/api/session')).json().accounts;
    expect(account).toMatchObject({ relation: 'assistant', manageStudents: false, sendSms: true });
    const url = `/api/accounts/${t.accountId}/sms/sends`;
    expect((await assistant.post(url, compose({ numbers: uniquePhone() }))).statusCode).toBe(200);

    // The classroom page shows the flag of the grant that applies there, and sets it per classroom.
    const userId = members[0].userId;
    const grantUrl = `/api/accounts/${t.accountId}/classrooms/${physics}/assistants/${userId}`;
    expect((await t.client.put(grantUrl, { manageStudents: false, modifyCustomId: false })).statusCode).toBe(
      200,
    );
    const detail = (await t.client.get(`/api/accounts/${t.accountId}/classrooms/${physics}`)).json();
    expect(detail.moderators).toEqual([expect.objectContaining({ grant: 'classroom', sendSms: false })]);
    expect(
      (await t.client.put(grantUrl, { manageStudents: false, modifyCustomId: false, sendSms: true }))
        .statusCode,
    ).toBe(200);
    const again = (await t.client.get(`/api/accounts/${t.accountId}/classrooms/${physics}`)).json();
    expect(again.moderators).toEqual([expect.objectContaining({ grant: 'classroom', sendSms: true })]);
  });
});
