import { addDays } from '@batchwise/domain';
import { describe, expect, it } from 'vitest';
import { HALF_YEARLY } from '../../test/assessments-school';
import { signUp } from '../../test/factories';
import {
  adminManages,
  assistantWithGrant,
  clientFor,
  createClassroom,
  enrolledSince,
} from '../../test/school';
import { DIALECTS, type TestAppContext, useTestApp } from '../../test/test-deps';
import { rollCallSchool } from '../attendance-reports/attendance-fixture';

// Attendance insights through the real app on both databases: roll calls taken over the last six
// weeks and an exam next week give a streak, a fall and low attendance before the exam, each with
// its evidence; the insights are read by whoever reads the classroom's register, and nobody else.

/**
 * Physics A held a session every third day for six weeks. Anika came to all; Bashir came to all
 * but the last four (an ongoing streak, a fall, 71 %); the Half-yearly is a week away.
 */
async function sixWeeks(ctx: TestAppContext) {
  const s = await rollCallSchool(ctx, 2);
  const [anika, bashir] = s.students as [string, string];
  await enrolledSince(ctx.deps, s.classroomId, addDays(s.today, -60));
  // Sessions opened by hand every third day: a classroom without a timetable, where every marked
  // session counts (a timetable would count only its own classes).
  await ctx.deps.db.kysely
    .updateTable('classrooms')
    .set({ timings: '[]' })
    .where('id', '=', s.classroomId)
    .execute();
  const dates = Array.from({ length: 14 }, (_, i) => addDays(s.today, -3 * (13 - i)));
  for (const [i, date] of dates.entries()) {
    const res = await s.t.client.put(`${s.base}/roll-call`, {
      date,
      start: '16:00',
      marks: [
        { studentId: anika, status: 'present' },
        { studentId: bashir, status: i >= 10 ? 'absent' : 'present' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  const exam = await s.t.client.post(
    `/api/accounts/${s.t.accountId}/classrooms/${s.classroomId}/assessments`,
    {
      ...HALF_YEARLY,
      heldOn: addDays(s.today, 7),
    },
  );
  expect(exam.statusCode, exam.body).toBe(201);
  const url = `${s.base}/insights`;
  return { ...s, anika, bashir, dates, examId: exam.json().id as string, url };
}

describe.each(DIALECTS)('attendance insights [%s]', (dialect) => {
  const ctx = useTestApp(dialect);

  it('flags the student who stopped coming, with the dates, the windows and the exam', async () => {
    const s = await sixWeeks(ctx);
    const res = await s.t.client.get(s.url);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.classroom).toEqual({ id: s.classroomId, name: 'Physics A' });
    expect(body.today).toBe(s.today);
    expect(body.recent).toEqual({ from: addDays(s.today, -13), to: s.today });
    // Anika came every time: she is not listed.
    expect(body.students.map((x: { name: string }) => x.name)).toEqual(['Bashir Ahmed']);
    const flags = body.students[0].flags as { kind: string }[];
    expect(flags.map((f) => f.kind)).toEqual(['streak', 'falling', 'exam']);
    expect(flags[0]).toEqual({ kind: 'streak', days: 4, dates: s.dates.slice(10), ongoing: true });
    // Five sessions in the recent two weeks (four of them missed), nine before them.
    expect(flags[1]).toMatchObject({
      earlier: { attended: 9, counted: 9, percent: 100 },
      recent: { attended: 1, counted: 5, percent: 20 },
      drop: 80,
    });
    expect(flags[2]).toMatchObject({
      exam: { id: s.examId, name: 'Half-yearly', heldOn: addDays(s.today, 7) },
      daysLeft: 7,
      window: { attended: 10, counted: 14, percent: 71.43 },
      threshold: 75,
    });
  });

  it('is read by the owner, the admin over them and an assistant of the classroom; nobody else', async () => {
    const s = await sixWeeks(ctx);
    const admin = await signUp(ctx.app, ctx.deps, { accountType: 'Admin' });
    await adminManages(ctx.deps, admin.accountId, s.t.accountId);
    const assistant = await clientFor(
      ctx.app,
      ctx.deps,
      await assistantWithGrant(ctx.deps, s.t.accountId, { classroomId: s.classroomId }),
    );
    for (const client of [admin.client, assistant]) {
      const res = await client.get(s.url);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().students).toHaveLength(1);
    }
    // Another teacher, and an assistant of another classroom of the same account, are refused.
    const other = await signUp(ctx.app, ctx.deps);
    const chemistry = await createClassroom(s.t.client, s.t.accountId, { name: 'Chemistry' });
    const otherRoom = await clientFor(
      ctx.app,
      ctx.deps,
      await assistantWithGrant(ctx.deps, s.t.accountId, { classroomId: chemistry }),
    );
    for (const client of [other.client, otherRoom]) {
      const res = await client.get(s.url);
      expect(res.statusCode).toBe(404);
    }
    // Nor can a teacher reach another's classroom through their own account's path.
    const own = await other.client.get(
      `/api/accounts/${other.accountId}/classrooms/${s.classroomId}/attendance/insights`,
    );
    expect(own.statusCode).toBe(404);
  });

  it('answers an empty list for a classroom with nothing to flag', async () => {
    const s = await rollCallSchool(ctx, 2);
    const res = await s.t.client.get(`${s.base}/insights`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().students).toEqual([]);
  });
});
