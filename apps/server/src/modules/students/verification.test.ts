import { describe, expect, it } from 'vitest';
import { signUp, uniquePhone } from '../../test/factories';
import { addStudent, adminManages, createClassroom } from '../../test/school';
import { DIALECTS, useTestApp } from '../../test/test-deps';

type Entry = { name: string; reasons: string[] };

describe.each(DIALECTS)('student data verification [%s]', (dialect) => {
  const ctx = useTestApp(dialect);

  it('lists incomplete and conflicting students until they are fixed', async () => {
    const t = await signUp(ctx.app, ctx.deps);
    const room = await createClassroom(t.client, t.accountId, { name: 'Physics' });
    const fine = await addStudent(t.client, t.accountId, {
      name: 'Fine',
      enrolments: [{ classroomId: room }],
    });
    const unset = await addStudent(t.client, t.accountId, {
      name: 'No Phone',
      enrolments: [{ classroomId: room }],
    });
    const twin = await addStudent(t.client, t.accountId, {
      name: 'Twin',
      enrolments: [{ classroomId: room }],
    });
    const db = ctx.deps.db.kysely;
    // Old data the drawer would no longer accept: no phone, and two people on one number.
    await db.updateTable('students').set({ phone: 'Unset' }).where('id', '=', unset.id).execute();
    await db.updateTable('students').set({ phone: fine.phone }).where('id', '=', twin.id).execute();
    const url = `/api/accounts/${t.accountId}/student-verification`;
    const listed = async () =>
      ((await t.client.get(url)).json().students as Entry[]).map((s) => [s.name, s.reasons] as const);
    expect(await listed()).toEqual([
      ['Fine', ['shared-phone']],
      ['No Phone', ['invalid-phone']],
      ['Twin', ['shared-phone']],
    ]);

    const save = (id: string, name: string, phone: string) =>
      t.client.put(`/api/accounts/${t.accountId}/students/${id}`, { name, phone, institution: 'School' });
    expect((await save(unset.id, 'No Phone', uniquePhone())).statusCode).toBe(200);
    expect((await save(twin.id, 'Twin', `${fine.phone}D`)).statusCode).toBe(200);
    expect(await listed()).toEqual([]);

    const b = await signUp(ctx.app, ctx.deps);
    expect((await b.client.get(url)).statusCode).toBe(404);
  });

  it("flags one person whose records with two teachers disagree, in the admin's list", async () => {
    const admin = await signUp(ctx.app, ctx.deps, { accountType: 'Admin' });
    const t1 = await signUp(ctx.app, ctx.deps, { name: 'Karim Sir' });
    const t2 = await signUp(ctx.app, ctx.deps, { name: 'Nasrin Madam' });
    await adminManages(ctx.deps, admin.accountId, t1.accountId, 0);
    await adminManages(ctx.deps, admin.accountId, t2.accountId, 1);
    const r1 = await createClassroom(admin.client, t1.accountId, { name: 'Physics' });
    const r2 = await createClassroom(admin.client, t2.accountId, { name: 'English' });
    const s = await addStudent(admin.client, t1.accountId, {
      name: 'Rafi',
      enrolments: [{ classroomId: r1 }],
    });
    // The admin includes the student with the other teacher: a record there for the same person.
    const res = await admin.client.put(`/api/accounts/${t1.accountId}/students/${s.id}`, {
      name: 'Rafi',
      phone: s.phone,
      institution: 'School',
      enrolments: [{ classroomId: r1 }, { classroomId: r2 }],
    });
    expect(res.json()).toMatchObject({ code: 'STUDENT_INCLUDED', message: 'Included successfully!' });
    const cards = res.json().student.enrolments as {
      teacherName: string;
      classroomName: string;
      studentId: string;
    }[];
    expect(cards.map((c) => [c.teacherName, c.classroomName])).toEqual([
      ['Nasrin Madam', 'English'],
      ['Karim Sir', 'Physics'],
    ]);
    const copy = cards.find((c) => c.classroomName === 'English')!.studentId;
    expect(copy).not.toBe(s.id);
    // Teacher 2 sees the student in their own list; the admin's list has them once per teacher.
    expect((await t2.client.get(`/api/accounts/${t2.accountId}/students`)).json().items[0].name).toBe('Rafi');
    const across = (await admin.client.get(`/api/accounts/${admin.accountId}/students`)).json();
    expect(
      across.items.map((i: { name: string; teacherName: string }) => [i.name, i.teacherName]).sort(),
    ).toEqual([
      ['Rafi', 'Karim Sir'],
      ['Rafi', 'Nasrin Madam'],
    ]);

    await ctx.deps.db.kysely
      .updateTable('students')
      .set({ phone: uniquePhone() })
      .where('id', '=', copy)
      .execute();
    const entries = (await admin.client.get(`/api/accounts/${admin.accountId}/student-verification`)).json()
      .students;
    expect(entries.map((e: Entry & { teacherName: string }) => [e.teacherName, e.reasons])).toEqual([
      ['Karim Sir', ['same-person-different-phones']],
      ['Nasrin Madam', ['same-person-different-phones']],
    ]);
    // Saving in the admin's drawer re-syncs the accepted copy and clears the discrepancy.
    await admin.client.put(`/api/accounts/${t1.accountId}/students/${s.id}`, {
      name: 'Rafi Islam',
      phone: s.phone,
      institution: 'School',
    });
    expect(
      (await admin.client.get(`/api/accounts/${admin.accountId}/student-verification`)).json().students,
    ).toEqual([]);
    const names = (await t2.client.get(`/api/accounts/${t2.accountId}/students`))
      .json()
      .items.map((i: Entry) => i.name);
    expect(names).toEqual(['Rafi Islam']);
  });
});
