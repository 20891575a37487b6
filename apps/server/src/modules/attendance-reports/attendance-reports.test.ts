import { addMonths, bangladeshMoment, dayOf, dayStartMs, monthDays, monthOf } from '@batchwise/domain';
import { describe, expect, it } from 'vitest';
import { acceptedEnrolmentRow } from '../../seed/school-rows';
import { signUp } from '../../test/factories';
import { addStudent, adminManages, assistantWithGrant, clientFor, createClassroom } from '../../test/school';
import { DIALECTS, type TestAppContext, useTestApp } from '../../test/test-deps';
import { punch, rollCallSchool } from './attendance-fixture';
import { studentAttendanceSummary } from './attendance-summary';

// The attendance reports through the real app on both databases: a month
// register with its totals, the summary of a range (the report card's numbers), a student's
// month calendar with punches, today's live board, and each scoped to what the caller sees.

const DAY = 86_400_000;

/**
 * Last month in one classroom: five held sessions (two on the 10th), Chandni joining on the 6th,
 * Dipu leaving after the 3rd, and Bashir also in Chemistry.
 */
async function lastMonth(ctx: TestAppContext) {
  const s = await rollCallSchool(ctx, 4);
  const [anika, bashir, chandni, dipu] = s.students as [string, string, string, string];
  const month = addMonths(monthOf(ctx.deps.clock.now()), -1);
  const d = (day: number) => `${month}-${String(day).padStart(2, '0')}`;
  const db = ctx.deps.db.kysely;
  // Classes opened by hand, on any day: a classroom without a timetable, where every marked
  // session counts (scheduled-sessions.test.ts has the timetable's rule).
  await db.updateTable('classrooms').set({ timings: '[]' }).where('id', '=', s.classroomId).execute();
  await db
    .updateTable('enrolments')
    .set({ accepted_at: ctx.deps.clock.now() - 70 * DAY })
    .where('classroom_id', '=', s.classroomId)
    .execute();
  await db
    .updateTable('enrolments')
    .set({ accepted_at: dayStartMs(d(6)) + 12 * 3_600_000 })
    .where('student_id', '=', chandni)
    .execute();
  const mark = async (date: string, start: string, marks: [string, string][]) => {
    const res = await s.t.client.put(`${s.base}/roll-call`, {
      date,
      start,
      marks: marks.map(([studentId, status]) => ({ studentId, status })),
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  await mark(d(3), '16:00', [
    [anika, 'present'],
    [bashir, 'absent'],
    [dipu, 'present'],
  ]);
  await mark(d(5), '16:00', [
    [anika, 'present'],
    [bashir, 'late'],
  ]);
  await mark(d(10), '08:00', [
    [anika, 'late'],
    [bashir, 'leave'],
    [chandni, 'present'],
  ]);
  await mark(d(10), '16:00', [
    [anika, 'present'],
    [chandni, 'absent'],
  ]);
  await mark(d(20), '16:00', [
    [anika, 'present'],
    [bashir, 'present'],
    [chandni, 'present'],
  ]);
  await db.deleteFrom('enrolments').where('student_id', '=', dipu).execute();
  const chemistry = await createClassroom(s.t.client, s.t.accountId, { name: 'Chemistry' });
  await db
    .insertInto('enrolments')
    .values(acceptedEnrolmentRow(bashir, chemistry, ctx.deps.clock.now() - 70 * DAY))
    .execute();
  const chemistryBase = `/api/accounts/${s.t.accountId}/classrooms/${chemistry}/attendance`;
  const chem = await s.t.client.put(`${chemistryBase}/roll-call`, {
    date: d(5),
    start: '10:00',
    marks: [{ studentId: bashir, status: 'present' }],
  });
  expect(chem.statusCode, chem.body).toBe(200);
  return { ...s, anika, bashir, chandni, dipu, month, d, chemistry };
}

describe.each(DIALECTS)('attendance reports [%s]', (dialect) => {
  const ctx = useTestApp(dialect);

  it('draws the month register with per-session totals and per-student numbers', async () => {
    const s = await lastMonth(ctx);
    const res = await s.t.client.get(`${s.base}/register?month=${s.month}`);
    expect(res.statusCode, res.body).toBe(200);
    const register = res.json();
    expect(register.classroom).toEqual({ id: s.classroomId, name: 'Physics A' });
    expect(register.sessions).toEqual([
      { date: s.d(3), start: '16:00', counts: { present: 2, late: 0, absent: 1, leave: 0 } },
      { date: s.d(5), start: '16:00', counts: { present: 1, late: 1, absent: 0, leave: 0 } },
      { date: s.d(10), start: '08:00', counts: { present: 1, late: 1, absent: 0, leave: 1 } },
      { date: s.d(10), start: '16:00', counts: { present: 1, late: 0, absent: 1, leave: 0 } },
      { date: s.d(20), start: '16:00', counts: { present: 3, late: 0, absent: 0, leave: 0 } },
    ]);
    const rows = register.students as {
      name: string;
      enrolled: boolean;
      statuses: unknown[];
      summary: object;
    }[];
    expect(rows.map((r) => [r.name, r.enrolled, r.statuses])).toEqual([
      ['Anika Rahman', true, ['present', 'present', 'late', 'present', 'present']],
      ['Bashir Ahmed', true, ['absent', 'late', 'leave', null, 'present']],
      ['Chandni Akter', true, [null, null, 'present', 'absent', 'present']],
      ['Dipu Sarkar', false, ['present', null, null, null, null]],
    ]);
    expect(rows.map((r) => r.summary)).toEqual([
      { sessions: 5, present: 4, late: 1, absent: 0, leave: 0, unmarked: 0, percent: 100 },
      // The 10th's 16:00 was held without a mark for Bashir: absent. Leave counts against nobody.
      { sessions: 5, present: 1, late: 1, absent: 2, leave: 1, unmarked: 1, percent: 50 },
      // Chandni joined on the 6th: the 3rd and 5th do not count for her.
      { sessions: 3, present: 2, late: 0, absent: 1, leave: 0, unmarked: 0, percent: 66.67 },
      // Dipu has left: only his own marks count.
      { sessions: 1, present: 1, late: 0, absent: 0, leave: 0, unmarked: 0, percent: 100 },
    ]);

    // A month with nothing held: no sessions, no numbers, and Chandni (joined later) not listed.
    const empty = (await s.t.client.get(`${s.base}/register?month=${addMonths(s.month, -1)}`)).json();
    expect(empty.sessions).toEqual([]);
    expect(
      empty.students.map((r: { name: string; summary: { percent: unknown } }) => [r.name, r.summary.percent]),
    ).toEqual([
      ['Anika Rahman', null],
      ['Bashir Ahmed', null],
    ]);
  });

  it('counts a session only for students enrolled at its time: one accepted after roll call is not absent', async () => {
    // Today at 17:00 in Bangladesh: the 16:00 class has had its roll call.
    ctx.deps.clock.set(bangladeshMoment(dayOf(Date.now()), '17:00'));
    try {
      const s = await rollCallSchool(ctx, 2);
      const db = ctx.deps.db.kysely;
      await db
        .updateTable('enrolments')
        .set({ accepted_at: ctx.deps.clock.now() - 10 * DAY })
        .where('classroom_id', '=', s.classroomId)
        .execute();
      const roll = await s.t.client.put(`${s.base}/roll-call`, {
        date: s.today,
        start: '16:00',
        marks: [{ studentId: s.students[0]!, status: 'present' }],
      });
      expect(roll.statusCode, roll.body).toBe(200);
      // Esha is accepted now, after the class.
      const esha = await addStudent(s.t.client, s.t.accountId, {
        name: 'Esha Khan',
        enrolments: [{ classroomId: s.classroomId, tuitionFeePaisa: null }],
      });
      const register = (await s.t.client.get(`${s.base}/register?month=${s.today.slice(0, 7)}`)).json();
      const rows = register.students as {
        name: string;
        statuses: unknown[];
        summary: { sessions: number };
      }[];
      expect(rows.map((r) => [r.name, r.statuses, r.summary.sessions])).toEqual([
        ['Anika Rahman', ['present'], 1],
        // Bashir was in the classroom: held without a mark for him, so absent.
        ['Bashir Ahmed', [null], 1],
        ['Esha Khan', [null], 0],
      ]);
      expect(rows[2]!.summary).toEqual({
        sessions: 0,
        present: 0,
        late: 0,
        absent: 0,
        leave: 0,
        unmarked: 0,
        percent: null,
      });
      const range = { classroomId: s.classroomId, from: s.today, to: s.today };
      expect(await studentAttendanceSummary(db, { ...range, studentId: esha.id })).toMatchObject({
        sessions: 0,
        percent: null,
      });
      const calendar = (
        await s.t.client.get(
          `/api/accounts/${s.t.accountId}/students/${esha.id}/attendance?month=${s.today.slice(0, 7)}`,
        )
      ).json();
      expect(calendar.classrooms[0].summary).toMatchObject({ sessions: 0, absent: 0, percent: null });
    } finally {
      ctx.deps.clock.release();
    }
  });

  it('sums a range for the report card, through the route and the server function alike', async () => {
    const s = await lastMonth(ctx);
    const res = await s.t.client.get(`${s.base}/summary?from=${s.d(5)}&to=${s.d(10)}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().students.map((r: { name: string; summary: object }) => [r.name, r.summary])).toEqual([
      ['Anika Rahman', { sessions: 3, present: 2, late: 1, absent: 0, leave: 0, unmarked: 0, percent: 100 }],
      ['Bashir Ahmed', { sessions: 3, present: 0, late: 1, absent: 1, leave: 1, unmarked: 1, percent: 50 }],
      ['Chandni Akter', { sessions: 2, present: 1, late: 0, absent: 1, leave: 0, unmarked: 0, percent: 50 }],
    ]);
    const { from, to } = monthDays(s.month);
    const direct = await studentAttendanceSummary(ctx.deps.db.kysely, {
      classroomId: s.classroomId,
      studentId: s.bashir,
      from,
      to,
    });
    expect(direct).toEqual({
      sessions: 5,
      present: 1,
      late: 1,
      absent: 2,
      leave: 1,
      unmarked: 1,
      percent: 50,
    });
    const left = await studentAttendanceSummary(ctx.deps.db.kysely, {
      classroomId: s.classroomId,
      studentId: s.dipu,
      from,
      to,
    });
    expect(left).toMatchObject({ sessions: 1, present: 1, percent: 100 });
    const bad = await s.t.client.get(`${s.base}/summary?from=${s.d(10)}&to=${s.d(5)}`);
    expect(bad.statusCode).toBe(400);
  });

  it("shows a student's month: marks in each classroom, punches and numbers, scoped to the caller", async () => {
    const s = await lastMonth(ctx);
    await punch(ctx.deps, {
      accountId: s.t.accountId,
      studentId: s.bashir,
      date: s.d(5),
      hour: 15.9,
      direction: 'entry',
    });
    await punch(ctx.deps, {
      accountId: s.t.accountId,
      studentId: s.bashir,
      date: s.d(5),
      hour: 18.1,
      direction: 'exit',
    });
    // The month before: not in this calendar.
    await punch(ctx.deps, {
      accountId: s.t.accountId,
      studentId: s.bashir,
      date: `${addMonths(s.month, -1)}-28`,
      hour: 9,
      direction: 'entry',
    });
    const url = (studentId: string) =>
      `/api/accounts/${s.t.accountId}/students/${studentId}/attendance?month=${s.month}`;
    const res = await s.t.client.get(url(s.bashir));
    expect(res.statusCode, res.body).toBe(200);
    const calendar = res.json();
    expect(calendar.student).toMatchObject({ id: s.bashir, name: 'Bashir Ahmed' });
    expect(
      calendar.classrooms.map((c: { name: string; summary: { sessions: number; percent: number } }) => [
        c.name,
        c.summary.sessions,
        c.summary.percent,
      ]),
    ).toEqual([
      ['Chemistry', 1, 100],
      ['Physics A', 5, 50],
    ]);
    expect(calendar.marks).toHaveLength(5);
    expect(calendar.marks).toContainEqual({
      classroomId: s.chemistry,
      date: s.d(5),
      start: '10:00',
      status: 'present',
    });
    expect(calendar.punches.map((p: { direction: string }) => p.direction)).toEqual(['entry', 'exit']);
    expect(calendar.punches[0].at).toBe(dayStartMs(s.d(5)) + 15.9 * 3_600_000);

    // An assistant of Chemistry only sees Bashir there, and not Anika (Physics only) at all.
    const chemist = await clientFor(
      ctx.app,
      ctx.deps,
      await assistantWithGrant(ctx.deps, s.t.accountId, { classroomId: s.chemistry }),
    );
    const theirs = (await chemist.get(url(s.bashir))).json();
    expect(theirs.classrooms.map((c: { name: string }) => c.name)).toEqual(['Chemistry']);
    expect(theirs.marks).toEqual([
      { classroomId: s.chemistry, date: s.d(5), start: '10:00', status: 'present' },
    ]);
    expect((await chemist.get(url(s.anika))).statusCode).toBe(404);
    expect((await chemist.get(`${s.base}/register?month=${s.month}`)).statusCode).toBe(404);
    expect((await chemist.get(`${s.base}/summary?from=${s.d(1)}&to=${s.d(9)}`)).statusCode).toBe(404);
    const stranger = await signUp(ctx.app, ctx.deps);
    expect((await stranger.client.get(url(s.bashir))).statusCode).toBe(404);
  });

  it("shows today's live board: who is in, who left and when, for the account or the admin's team", async () => {
    const s = await lastMonth(ctx);
    const today = s.today;
    const at = (studentId: string, hour: number, direction: 'entry' | 'exit', date = today) =>
      punch(ctx.deps, { accountId: s.t.accountId, studentId, date, hour, direction });
    const anikaIn = await at(s.anika, 8, 'entry');
    const bashirIn = await at(s.bashir, 8.5, 'entry');
    const bashirOut = await at(s.bashir, 12, 'exit');
    // Yesterday's punch is not on today's board.
    const yesterday = new Date(dayStartMs(today) - DAY + 6 * 3_600_000).toISOString().slice(0, 10);
    await at(s.chandni, 9, 'entry', yesterday);

    const res = await s.t.client.get(`/api/accounts/${s.t.accountId}/attendance/live-board`);
    expect(res.statusCode, res.body).toBe(200);
    const board = res.json();
    expect(board.date).toBe(today);
    expect(board.students.map((x: { name: string; state: string }) => [x.name, x.state])).toEqual([
      ['Bashir Ahmed', 'left'],
      ['Anika Rahman', 'in'],
    ]);
    expect(board.students[0]).toMatchObject({ firstEntryAt: bashirIn, lastExitAt: bashirOut, punches: 2 });
    expect(board.students[1]).toMatchObject({ firstEntryAt: anikaIn, lastExitAt: null, lastAt: anikaIn });
    expect(board.recent.map((p: { name: string; direction: string }) => `${p.name} ${p.direction}`)).toEqual([
      'Bashir Ahmed exit',
      'Bashir Ahmed entry',
      'Anika Rahman entry',
    ]);

    // A limited assistant sees the students of their classrooms only.
    const chemist = await clientFor(
      ctx.app,
      ctx.deps,
      await assistantWithGrant(ctx.deps, s.t.accountId, { classroomId: s.chemistry }),
    );
    const theirs = (await chemist.get(`/api/accounts/${s.t.accountId}/attendance/live-board`)).json();
    expect(theirs.students.map((x: { name: string }) => x.name)).toEqual(['Bashir Ahmed']);
    expect(theirs.recent).toHaveLength(2);

    // The admin's own account spans the teachers they manage.
    const admin = await signUp(ctx.app, ctx.deps, { accountType: 'Admin' });
    await adminManages(ctx.deps, admin.accountId, s.t.accountId);
    const team = (await admin.client.get(`/api/accounts/${admin.accountId}/attendance/live-board`)).json();
    expect(team.students.map((x: { name: string; accountId: string }) => [x.name, x.accountId])).toEqual([
      ['Bashir Ahmed', s.t.accountId],
      ['Anika Rahman', s.t.accountId],
    ]);
    const stranger = await signUp(ctx.app, ctx.deps);
    expect(
      (await stranger.client.get(`/api/accounts/${s.t.accountId}/attendance/live-board`)).statusCode,
    ).toBe(404);
    const own = (
      await stranger.client.get(`/api/accounts/${stranger.accountId}/attendance/live-board`)
    ).json();
    expect(own.students).toEqual([]);
  });
});
