import { describe, expect, it } from 'vitest';
import { signUp } from '../../test/factories';
import { multipartFile } from '../../test/http';
import { addStudent, adminManages, assistantWithGrant, clientFor, createClassroom } from '../../test/school';
import { DIALECTS, useTestApp } from '../../test/test-deps';

type Row = { id: string; name: string; teacherName: string; manageStudents: boolean };
const names = (rows: Row[]) => rows.map((r) => r.name);

describe.each(DIALECTS)('classrooms [%s]', (dialect) => {
  const ctx = useTestApp(dialect);

  it('creates, lists grade → subject → name, edits, closes and reopens', async () => {
    const t = await signUp(ctx.app, ctx.deps);
    const base = `/api/accounts/${t.accountId}/classrooms`;
    await createClassroom(t.client, t.accountId, { grade: 'Class 10', subject: 'Physics', name: 'Evening' });
    const morning = await createClassroom(t.client, t.accountId, {
      grade: 'Class 9',
      subject: 'Physics',
      name: 'Morning',
      color: '#0f9d8a',
      timings: [{ day: 'Sunday', start: '16:00', end: '17:30' }],
      startDate: '05-01-2026',
      collectionMonth: '2026-01',
      type: 'Online',
    });
    await createClassroom(t.client, t.accountId, { grade: 'Class 9', subject: 'Chemistry', name: 'Zeta' });
    let list = (await t.client.get(base)).json().classrooms as Row[];
    expect(names(list)).toEqual(['Evening', 'Zeta', 'Morning']);
    expect(list[2]).toMatchObject({
      color: '#0f9d8a',
      tuitionFeePaisa: 150_000,
      timings: [{ day: 'Sunday', start: '16:00', end: '17:30' }],
      startDate: '05-01-2026',
      collectionMonth: '2026-01',
      type: 'Online',
      status: 'Active',
      studentCount: 0,
      manageStudents: true,
      modifyCustomId: true,
    });

    const duplicate = await t.client.post(base, { grade: 'Class 9', subject: 'Physics', name: 'Morning' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error).toMatchObject({
      code: 'CLASSROOM_EXISTS',
      message: 'A classroom named Morning already exists under this grade and subject.',
    });
    const reserved = await t.client.post(base, { grade: 'Class 9', subject: 'Physics', name: 'Hidden-Demo' });
    expect(reserved.json().error.code).toBe('CLASSROOM_NAME_RESERVED');

    const edited = await t.client.put(`${base}/${morning}`, {
      grade: 'Class 9',
      subject: 'Physics',
      name: 'Morning A',
      tuitionFeePaisa: 160_000,
    });
    expect(edited.json()).toMatchObject({ name: 'Morning A', tuitionFeePaisa: 160_000 });

    expect((await t.client.post(`${base}/${morning}/close`)).json().closedAt).toBeTypeOf('number');
    list = (await t.client.get(base)).json().classrooms;
    expect(names(list)).toEqual(['Evening', 'Zeta']);
    expect(names((await t.client.get(`${base}?includeClosed=true`)).json().classrooms)).toContain(
      'Morning A',
    );
    expect((await t.client.post(`${base}/${morning}/reopen`)).json().closedAt).toBeNull();
    const log = await ctx.deps.db.kysely
      .selectFrom('activity_log')
      .select('event_name')
      .where('account_id', '=', t.accountId)
      .execute();
    expect(log.map((l) => l.event_name)).toEqual(
      expect.arrayContaining(['Create Classroom', 'Edit Classroom', 'Close Classroom', 'Reopen Classroom']),
    );
  });

  it("keeps one teacher's classrooms from another", async () => {
    const a = await signUp(ctx.app, ctx.deps);
    const b = await signUp(ctx.app, ctx.deps);
    const room = await createClassroom(a.client, a.accountId);
    expect((await b.client.get(`/api/accounts/${a.accountId}/classrooms`)).statusCode).toBe(404);
    expect((await b.client.get(`/api/accounts/${a.accountId}/classrooms/${room}`)).statusCode).toBe(404);
    // B naming A's classroom under B's own account finds nothing either.
    expect((await b.client.get(`/api/accounts/${b.accountId}/classrooms/${room}`)).statusCode).toBe(404);
    const edit = await b.client.put(`/api/accounts/${b.accountId}/classrooms/${room}`, {
      grade: 'X',
      subject: 'Y',
      name: 'Stolen',
    });
    expect(edit.statusCode).toBe(404);
  });

  it('shows an assistant only the classrooms of accepted grants, and lets only managers change them', async () => {
    const t = await signUp(ctx.app, ctx.deps);
    const granted = await createClassroom(t.client, t.accountId, { name: 'Granted' });
    const other = await createClassroom(t.client, t.accountId, { name: 'Other' });
    const userId = await assistantWithGrant(ctx.deps, t.accountId, { classroomId: granted });
    const assistant = await clientFor(ctx.app, ctx.deps, userId);
    const list = (await assistant.get(`/api/accounts/${t.accountId}/classrooms`)).json().classrooms as Row[];
    expect(list.map((r) => [r.name, r.manageStudents])).toEqual([['Granted', false]]);
    expect((await assistant.get(`/api/accounts/${t.accountId}/classrooms/${other}`)).statusCode).toBe(404);
    const detail = (await assistant.get(`/api/accounts/${t.accountId}/classrooms/${granted}`)).json();
    expect(detail.moderators).toEqual([]);
    const create = await assistant.post(`/api/accounts/${t.accountId}/classrooms`, {
      grade: 'A',
      subject: 'B',
      name: 'C',
    });
    expect(create.json().error.code).toBe('FORBIDDEN');

    // A pending grant shows nothing.
    const pending = await assistantWithGrant(ctx.deps, t.accountId, {});
    await ctx.deps.db.kysely
      .updateTable('moderators')
      .set({ status: 'invited' })
      .where('user_id', '=', pending)
      .execute();
    const invited = await clientFor(ctx.app, ctx.deps, pending);
    expect((await invited.get(`/api/accounts/${t.accountId}/classrooms`)).statusCode).toBe(404);
  });

  it('sets per-classroom flags and blocks an account-wide assistant from one classroom', async () => {
    const t = await signUp(ctx.app, ctx.deps);
    const open = await createClassroom(t.client, t.accountId, { name: 'Open' });
    const blocked = await createClassroom(t.client, t.accountId, { name: 'Blocked' });
    const userId = await assistantWithGrant(ctx.deps, t.accountId, {});
    const assistant = await clientFor(ctx.app, ctx.deps, userId);
    const url = (room: string) => `/api/accounts/${t.accountId}/classrooms/${room}/assistants/${userId}`;
    expect((await t.client.put(url(open), { manageStudents: true, modifyCustomId: false })).statusCode).toBe(
      200,
    );
    expect(
      (await t.client.put(url(blocked), { manageStudents: false, modifyCustomId: false, blocked: true }))
        .statusCode,
    ).toBe(200);
    const list = (await assistant.get(`/api/accounts/${t.accountId}/classrooms`)).json().classrooms as Row[];
    expect(list.map((r) => [r.name, r.manageStudents])).toEqual([['Open', true]]);
    expect((await assistant.get(`/api/accounts/${t.accountId}/classrooms/${blocked}`)).statusCode).toBe(404);

    const detail = (await t.client.get(`/api/accounts/${t.accountId}/classrooms/${blocked}`)).json();
    expect(detail.moderators).toEqual([
      expect.objectContaining({ userId, grant: 'classroom', blocked: true }),
    ]);
    // The assistant cannot grant themselves anything, nor can a stranger be granted.
    expect(
      (await assistant.put(url(blocked), { manageStudents: true, modifyCustomId: true })).statusCode,
    ).toBe(403);
    const stranger = await assistantWithGrant(ctx.deps, (await signUp(ctx.app, ctx.deps)).accountId, {});
    const res = await t.client.put(`/api/accounts/${t.accountId}/classrooms/${open}/assistants/${stranger}`, {
      manageStudents: true,
      modifyCustomId: true,
    });
    expect(res.statusCode).toBe(404);
  });

  it("lists an admin's teachers' classrooms with the teacher's name, and shows the classroom page", async () => {
    const admin = await signUp(ctx.app, ctx.deps, { accountType: 'Admin' });
    const t1 = await signUp(ctx.app, ctx.deps, { name: 'Karim Sir' });
    const t2 = await signUp(ctx.app, ctx.deps, { name: 'Nasrin Madam' });
    await adminManages(ctx.deps, admin.accountId, t1.accountId, 0);
    await adminManages(ctx.deps, admin.accountId, t2.accountId, 1);
    const r1 = await createClassroom(admin.client, t1.accountId, { grade: 'A', name: 'Physics' });
    await createClassroom(admin.client, t2.accountId, { grade: 'B', name: 'English' });
    const list = (await admin.client.get(`/api/accounts/${admin.accountId}/classrooms`)).json()
      .classrooms as Row[];
    expect(list.map((r) => [r.name, r.teacherName])).toEqual([
      ['Physics', 'Karim Sir'],
      ['English', 'Nasrin Madam'],
    ]);

    const s1 = await addStudent(admin.client, t1.accountId, {
      name: 'Rafi',
      enrolments: [{ classroomId: r1 }],
    });
    await addStudent(admin.client, t1.accountId, {
      name: 'Arif',
      enrolments: [{ classroomId: r1, tuitionFeePaisa: 100_000 }],
    });
    const detail = (await admin.client.get(`/api/accounts/${t1.accountId}/classrooms/${r1}`)).json();
    expect(
      detail.students.map((s: { name: string; tuitionFeePaisa: number }) => [s.name, s.tuitionFeePaisa]),
    ).toEqual([
      ['Arif', 100_000],
      ['Rafi', 150_000],
    ]);
    expect(detail.students[1].studentId).toBe(s1.id);
    expect(detail.fees).toEqual({ defaultPaisa: 150_000, overrides: 1, monthlyTotalPaisa: 250_000 });
    expect(detail.classroom.studentCount).toBe(2);

    const png = await (await import('sharp'))
      .default({ create: { width: 40, height: 20, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const upload = await multipartFile('file', 'room.png', 'image/png', png);
    const res = await admin.client.request({
      method: 'POST',
      url: `/api/accounts/${t1.accountId}/classrooms/${r1}/avatar`,
      ...upload,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().avatarUrl).toMatch(/^\/media\/classrooms\/[0-9A-Z]{26}\.webp$/);
  });
});
