import { MESSAGES } from '@batchwise/domain';
import { describe, expect, it } from 'vitest';
import { signUp, uniquePhone } from '../../test/factories';
import { addStudent, assistantWithGrant, clientFor, createClassroom } from '../../test/school';
import { DIALECTS, useTestApp } from '../../test/test-deps';
import { admissionSteps } from './admission-fixtures';

// The staff inbox of online admission through the real app on both databases: list and
// filter, accept into classrooms (one transaction), reject with a reason, and who is refused.

describe.each(DIALECTS)('online admission, inbox [%s]', (dialect) => {
  const ctx = useTestApp(dialect);
  const { institution, submit, applicationsOf, basic } = admissionSteps(ctx);

  it('lists applications for staff, newest first, filtered by status, text, course and time', async () => {
    const { t, physics } = await institution();
    const first = (await submit(t.accountId, basic({ name: 'Karim Ahmed', course: physics }))).json().id;
    ctx.deps.clock.advance(1000);
    const middle = ctx.deps.clock.now();
    const second = (await submit(t.accountId, basic({ name: 'Nadia Islam', details: 'Chemistry' }))).json()
      .id;
    ctx.deps.clock.release();
    const list = async (query = '') => {
      const res = await t.client.get(`/api/accounts/${t.accountId}/admission/applications${query}`);
      expect(res.statusCode).toBe(200);
      return res.json() as { items: { id: string }[]; total: number };
    };
    expect((await list()).items.map((i) => i.id)).toEqual([second, first]);
    expect((await list('?q=karim')).items.map((i) => i.id)).toEqual([first]);
    expect((await list('?q=chemis')).items.map((i) => i.id)).toEqual([second]);
    expect((await list('?q=%25')).total).toBe(0);
    expect((await list(`?from=${middle - 500}`)).items.map((i) => i.id)).toEqual([second]);
    expect((await list(`?to=${middle - 500}`)).items.map((i) => i.id)).toEqual([first]);
    expect((await list(`?classroomId=${physics}`)).items.map((i) => i.id)).toEqual([first]);
    expect((await list('?status=Accepted')).total).toBe(0);
    expect((await list('?pageSize=1&page=2')).items.map((i) => i.id)).toEqual([first]);
    const one = await t.client.get(`/api/accounts/${t.accountId}/admission/applications/${first}`);
    expect(one.json()).toMatchObject({ id: first, name: 'Karim Ahmed', status: 'Pending', duplicate: false });
  });

  it('accepts into classrooms: student, parent links, enrolments, student ID, activity; once only', async () => {
    const { t, physics } = await institution({ collectParentsPhone: true, customFields: ['Address'] });
    const chemistry = await createClassroom(t.client, t.accountId, { subject: 'Chemistry', name: 'Batch C' });
    await addStudent(t.client, t.accountId, { customId: 'ID-41' });
    const phone = uniquePhone();
    const { id } = (
      await submit(
        t.accountId,
        basic({
          name: 'Sumaiya Akter',
          phone,
          parent1phone: '01912345678',
          parent2phone: '01612345678',
          customFields: { Address: 'Uttara' },
        }),
      )
    ).json();
    const url = `/api/accounts/${t.accountId}/admission/applications/${id}`;
    const res = await t.client.post(`${url}/accept`, {
      classroomIds: [physics, chemistry],
      tuitionFeePaisa: 150_000,
      welcomeSms: false,
    });
    expect(res.statusCode).toBe(200);
    const { studentId, customId } = res.json();
    expect(customId).toBe('ID-42');
    const db = ctx.deps.db.kysely;
    const student = await db
      .selectFrom('students')
      .selectAll()
      .where('id', '=', studentId)
      .executeTakeFirstOrThrow();
    expect(student).toMatchObject({
      account_id: t.accountId,
      name: 'Sumaiya Akter',
      phone,
      custom_id: 'ID-42',
    });
    expect(JSON.parse(student.custom_fields)).toEqual({ Address: 'Uttara' });
    const links = await db
      .selectFrom('parent_links')
      .select('parent_phone')
      .where('student_id', '=', studentId)
      .execute();
    expect(links.map((l) => l.parent_phone).sort()).toEqual(['+8801612345678', '+8801912345678']);
    const enrolments = await db
      .selectFrom('enrolments')
      .selectAll()
      .where('student_id', '=', studentId)
      .execute();
    expect(enrolments.map((e) => e.classroom_id).sort()).toEqual([physics, chemistry].sort());
    expect(enrolments.every((e) => Number(e.tuition_fee) === 150_000 && e.accepted_at !== null)).toBe(true);
    const account = await db
      .selectFrom('accounts')
      .select('max_custom_id')
      .where('id', '=', t.accountId)
      .executeTakeFirstOrThrow();
    expect(Number(account.max_custom_id)).toBe(42);
    const log = await db
      .selectFrom('activity_log')
      .selectAll()
      .where('account_id', '=', t.accountId)
      .where('event_name', '=', 'Accept Admission')
      .execute();
    expect(log).toHaveLength(1);
    expect((await t.client.get(url)).json()).toMatchObject({ status: 'Accepted', studentId });
    // The student shows in the classroom like any other.
    const listed = await t.client.get(`/api/accounts/${t.accountId}/students?classroomId=${physics}`);
    expect(listed.body).toContain('Sumaiya Akter');

    const again = await t.client.post(`${url}/accept`, { classroomIds: [physics], welcomeSms: false });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'ADMISSION_ALREADY_DECIDED',
      message: MESSAGES.ADMISSION_ALREADY_DECIDED,
    });
    expect((await t.client.post(`${url}/reject`, { reason: 'Late' })).statusCode).toBe(409);
    expect(
      await db.selectFrom('students').select('id').where('name', '=', 'Sumaiya Akter').execute(),
    ).toHaveLength(1);
  });

  it('queues the welcome SMS for the new student when asked', async () => {
    const { t, physics } = await institution();
    await t.client.put(`/api/accounts/${t.accountId}/sms/welcome`, {
      includeStudent: true,
      includeParent1: false,
      includeParent2: false,
      message: 'Welcome {name} ({id})',
    });
    const { id } = (await submit(t.accountId, basic({ name: 'Tanvir', phone: uniquePhone() }))).json();
    const res = await t.client.post(`/api/accounts/${t.accountId}/admission/applications/${id}/accept`, {
      classroomIds: [physics],
      welcomeSms: true,
    });
    expect(res.json()).toMatchObject({ welcomeSms: 1 });
    const texts = await ctx.deps.db.kysely
      .selectFrom('sms_messages')
      .innerJoin('sms_sends', 'sms_sends.id', 'sms_messages.send_id')
      .select('sms_messages.text')
      .where('sms_sends.account_id', '=', t.accountId)
      .execute();
    expect(texts.map((m) => m.text)).toEqual([`Welcome Tanvir (${res.json().customId})`]);
  });

  it('refuses to accept without a classroom, or into a classroom of another account', async () => {
    const { t } = await institution();
    const other = await institution();
    const { id } = (await submit(t.accountId, basic({ phone: uniquePhone() }))).json();
    const url = `/api/accounts/${t.accountId}/admission/applications/${id}/accept`;
    const none = await t.client.post(url, { classroomIds: [], welcomeSms: false });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.code).toBe('SELECT_AT_LEAST_ONE_CLASSROOM');
    expect((await t.client.post(url, { classroomIds: [other.physics], welcomeSms: false })).statusCode).toBe(
      404,
    );
    expect((await applicationsOf(t.accountId))[0]!.status).toBe('Pending');
  });

  it('rejects with a reason, logged; a reason is required', async () => {
    const { t } = await institution();
    const { id } = (await submit(t.accountId, basic({ phone: uniquePhone() }))).json();
    const url = `/api/accounts/${t.accountId}/admission/applications/${id}`;
    const empty = await t.client.post(`${url}/reject`, { reason: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.code).toBe('ADMISSION_REJECT_REASON_REQUIRED');
    expect((await t.client.post(`${url}/reject`, { reason: 'Batch is full' })).statusCode).toBe(200);
    expect((await t.client.get(url)).json()).toMatchObject({
      status: 'Rejected',
      rejectReason: 'Batch is full',
    });
    const log = await ctx.deps.db.kysely
      .selectFrom('activity_log')
      .select('data')
      .where('account_id', '=', t.accountId)
      .where('event_name', '=', 'Reject Admission')
      .execute();
    expect(JSON.parse(log[0]!.data!)).toEqual({ reason: 'Batch is full' });
  });

  it('refuses an assistant without account-wide manageStudents and another account’s teacher', async () => {
    const { t, physics } = await institution();
    const { id } = (await submit(t.accountId, basic({ phone: uniquePhone() }))).json();
    const list = `/api/accounts/${t.accountId}/admission/applications`;
    const noGrant = await clientFor(ctx.app, ctx.deps, await assistantWithGrant(ctx.deps, t.accountId));
    const roomGrant = await clientFor(
      ctx.app,
      ctx.deps,
      await assistantWithGrant(ctx.deps, t.accountId, { classroomId: physics, manageStudents: true }),
    );
    for (const client of [noGrant, roomGrant]) {
      const res = await client.get(list);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('MANAGE_STUDENTS_REQUIRED');
      expect((await client.post(`${list}/${id}/reject`, { reason: 'x' })).statusCode).toBe(403);
    }
    const granted = await clientFor(
      ctx.app,
      ctx.deps,
      await assistantWithGrant(ctx.deps, t.accountId, { manageStudents: true }),
    );
    expect((await granted.get(list)).statusCode).toBe(200);
    const stranger = await signUp(ctx.app, ctx.deps);
    expect((await stranger.client.get(list)).statusCode).toBe(404);
    expect((await stranger.client.get(`${list}/${id}`)).statusCode).toBe(404);
    expect(
      (await stranger.client.post(`${list}/${id}/accept`, { classroomIds: [physics], welcomeSms: false }))
        .statusCode,
    ).toBe(404);
    expect((await applicationsOf(t.accountId))[0]!.status).toBe('Pending');
  });
});
