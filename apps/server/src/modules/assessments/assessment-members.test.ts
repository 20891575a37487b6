import { bangladeshMoment, dayOf } from '@batchwise/domain';
import { describe, expect, it } from 'vitest';
import { assessmentSchool, HALF_YEARLY } from '../../test/assessments-school';
import { reportFixture, TERM } from '../../test/report-cards';
import { addStudent } from '../../test/school';
import { DIALECTS, type TestAppContext, useTestApp } from '../../test/test-deps';

// Who an assessment is for, on both databases (domain assessments/members.ts): the students
// enrolled in its classroom on its date, plus any somebody entered marks for. A student accepted
// after an assessment gets no blank row in its grid, and it is not "pending" on their report card.

/** Sets when the student's enrolment in the classroom was accepted. */
async function joinedAt(ctx: TestAppContext, studentId: string, classroomId: string, at: number) {
  await ctx.deps.db.kysely
    .updateTable('enrolments')
    .set({ accepted_at: at })
    .where('student_id', '=', studentId)
    .where('classroom_id', '=', classroomId)
    .execute();
}

describe.each(DIALECTS)('assessment membership by date [%s]', (dialect) => {
  const ctx = useTestApp(dialect);

  it('lists in a grid only the students enrolled on its date, and those given marks by hand', async () => {
    const s = await assessmentSchool(ctx.app, ctx.deps);
    const names = async (url: string) =>
      ((await s.t.client.get(url)).json() as { students: { name: string }[] }).students.map((x) => x.name);
    // Accepted today, months after the half-yearly of 15 June.
    const late = await addStudent(s.t.client, s.t.accountId, {
      name: 'Dipu Mia',
      enrolments: [{ classroomId: s.classroomId, tuitionFeePaisa: null }],
    });
    expect(await names(s.marksUrl)).toEqual(['Anika Rahman', 'Bristi Das', 'Chayan Roy']);
    // A save for a student the assessment is not for is refused like any student off the grid.
    const refused = await s.save(s.t.client, [{ ...s.cell(0, 'Bangla', 'total', 50), studentId: late.id }]);
    expect(refused.statusCode).toBe(400);

    // Joined on the day of the assessment: it is for her (the day counts, whatever the hour).
    await joinedAt(ctx, late.id, s.classroomId, bangladeshMoment(HALF_YEARLY.heldOn, '18:30'));
    expect(await names(s.marksUrl)).toContain('Dipu Mia');
    // Marks typed for him then stay shown after his joining is recorded later.
    const saved = await s.save(s.t.client, [{ ...s.cell(0, 'Bangla', 'total', 61), studentId: late.id }]);
    expect(saved.statusCode, saved.body).toBe(200);
    await joinedAt(ctx, late.id, s.classroomId, ctx.deps.clock.now());
    expect(await names(s.marksUrl)).toContain('Dipu Mia');

    // An assessment held today is for everyone enrolled now.
    const today = await s.t.client.post(`${s.base}/classrooms/${s.classroomId}/assessments`, {
      ...HALF_YEARLY,
      name: 'Class test',
      heldOn: dayOf(ctx.deps.clock.now()),
    });
    expect(today.statusCode, today.body).toBe(201);
    const todayUrl = `${s.base}/assessments/${today.json().id}/marks`;
    expect(await names(todayUrl)).toEqual(['Anika Rahman', 'Bristi Das', 'Chayan Roy', 'Dipu Mia']);
  });

  it('gives a student joined after an assessment no result in it: term results and report cards', async () => {
    const f = await reportFixture(ctx.app, ctx.deps);
    // Dipu joined between the class test (10 May) and the half-yearly (20 June); Esha after both.
    const dipu = await addStudent(f.t.client, f.t.accountId, {
      name: 'Dipu Mia',
      enrolments: [{ classroomId: f.classroomId }],
    });
    const esha = await addStudent(f.t.client, f.t.accountId, {
      name: 'Esha Khan',
      enrolments: [{ classroomId: f.classroomId }],
    });
    await joinedAt(ctx, dipu.id, f.classroomId, bangladeshMoment('2026-06-01', '10:00'));
    const q = `term=${encodeURIComponent(TERM)}`;

    const results = (
      await f.t.client.get(`/api/accounts/${f.t.accountId}/classrooms/${f.classroomId}/term-results?${q}`)
    ).json() as {
      students: { id: string }[];
      results: { studentId: string; assessments: { assessmentId: string }[] }[];
    };
    expect(results.students.map((s) => s.id)).not.toContain(esha.id);
    const dipuResult = results.results.find((r) => r.studentId === dipu.id)!;
    const sat = dipuResult.assessments.map((a) => a.assessmentId);
    expect(sat).toContain(f.halfYearly.id);
    expect(sat).not.toContain(f.classTest.id);

    const base = `/api/accounts/${f.t.accountId}/classrooms/${f.classroomId}/report-cards`;
    // His card shows only the half-yearly; Esha sat nothing this term, so she has no card in it.
    const card = (await f.t.client.get(`${base}/students/${dipu.id}?${q}`)).json();
    expect(card.assessments.map((a: { id: string }) => a.id)).toEqual([f.halfYearly.id]);
    expect((await f.t.client.get(`${base}/students/${esha.id}?${q}`)).statusCode).toBe(404);

    // The term table keeps its columns: the class test's cell of his row is empty, not pending.
    const table = (await f.t.client.get(`${base}?${q}`)).json();
    const row = table.rows.find((r: { studentId: string }) => r.studentId === dipu.id);
    expect(row.assessments[0]).toMatchObject({ assessmentId: f.classTest.id, complete: true, percent: null });
    expect(row.subjects).toHaveLength(table.subjects.length);
    expect(table.rows.map((r: { studentId: string }) => r.studentId)).not.toContain(esha.id);
    // The class test's own table has no row for him.
    const classTest = (await f.t.client.get(`${base}/assessments/${f.classTest.id}?${q}`)).json();
    expect(classTest.rows.map((r: { studentId: string }) => r.studentId)).not.toContain(dipu.id);
  });
});
