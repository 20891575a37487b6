import { addMonths, monthOf } from '@batchwise/domain';
import { describe, expect, it } from 'vitest';
import { weekdayOf } from '../../test/school';
import { DIALECTS, useTestApp } from '../../test/test-deps';
import { insertTimetableEvent } from '../attendance/attendance-fixture';
import { rollCallSchool } from './attendance-fixture';
import { studentAttendanceSummary } from './attendance-summary';

// Attendance counts only scheduled sessions where a classroom keeps a timetable (part 1 §3
// "Batch" `Timings`/`Events`): a session marked on a day without class, or on a cancelled class,
// is neither held nor absent in the register, the summary, the report card or a student's month.

describe.each(DIALECTS)('attendance counts scheduled sessions [%s]', (dialect) => {
  const ctx = useTestApp(dialect);

  it('leaves out sessions on a cancelled class and on a day without class', async () => {
    const s = await rollCallSchool(ctx, 2);
    const [anika, bashir] = s.students as [string, string];
    const month = addMonths(monthOf(ctx.deps.clock.now()), -1);
    const d = (day: number) => `${month}-${String(day).padStart(2, '0')}`;
    const db = ctx.deps.db.kysely;
    // Weekly on the 3rd's and the 10th's weekdays at 16:00, both students there from the start.
    await db
      .updateTable('classrooms')
      .set({
        timings: JSON.stringify([
          { day: weekdayOf(d(3)), start: '16:00', end: '18:00' },
          { day: weekdayOf(d(10)), start: '16:00', end: '18:00' },
        ]),
      })
      .where('id', '=', s.classroomId)
      .execute();
    await db
      .updateTable('enrolments')
      .set({ accepted_at: 0 })
      .where('classroom_id', '=', s.classroomId)
      .execute();
    await insertTimetableEvent(ctx.deps, s.t.accountId, s.classroomId, {
      kind: 'cancelled',
      date: d(10),
      start: '16:00',
      end: '18:00',
    });
    const mark = async (date: string, marks: [string, string][]) => {
      const res = await s.t.client.put(`${s.base}/roll-call`, {
        date,
        start: '16:00',
        marks: marks.map(([studentId, status]) => ({ studentId, status })),
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await mark(d(3), [[anika, 'present']]); // scheduled: Bashir unmarked is absent
    await mark(d(10), [[anika, 'absent']]); // cancelled: counts for no one
    const offDay = [d(4), d(5), d(6)].find(
      (x) => ![weekdayOf(d(3)), weekdayOf(d(10))].includes(weekdayOf(x)),
    )!;
    await mark(offDay, [[bashir, 'present']]); // no class that day: counts for no one

    const register = await s.t.client.get(`${s.base}/register?month=${month}`);
    expect(register.statusCode, register.body).toBe(200);
    expect(register.json().sessions.map((x: { date: string }) => x.date)).toEqual([d(3)]);
    const summary = (id: string) => register.json().students.find((x: { id: string }) => x.id === id).summary;
    expect(summary(anika)).toMatchObject({ sessions: 1, present: 1, absent: 0, percent: 100 });
    expect(summary(bashir)).toMatchObject({ sessions: 1, present: 0, absent: 1, unmarked: 1, percent: 0 });

    const card = await studentAttendanceSummary(db, {
      classroomId: s.classroomId,
      studentId: bashir,
      from: d(1),
      to: d(28),
    });
    expect(card).toMatchObject({ sessions: 1, absent: 1, percent: 0 });

    const calendar = await s.t.client.get(
      `/api/accounts/${s.t.accountId}/students/${anika}/attendance?month=${month}`,
    );
    expect(calendar.statusCode, calendar.body).toBe(200);
    expect(calendar.json().classrooms[0].summary).toMatchObject({ sessions: 1, present: 1, absent: 0 });
    // The day-by-day marks stay as given.
    expect(calendar.json().marks).toHaveLength(2);
  });

  it('without a timetable, every marked session counts as before', async () => {
    const s = await rollCallSchool(ctx, 1);
    const [anika] = s.students as [string];
    const month = addMonths(monthOf(ctx.deps.clock.now()), -1);
    const db = ctx.deps.db.kysely;
    await db.updateTable('classrooms').set({ timings: '[]' }).where('id', '=', s.classroomId).execute();
    await db
      .updateTable('enrolments')
      .set({ accepted_at: 0 })
      .where('classroom_id', '=', s.classroomId)
      .execute();
    for (const date of [`${month}-04`, `${month}-05`]) {
      const res = await s.t.client.put(`${s.base}/roll-call`, {
        date,
        start: '09:00',
        marks: [{ studentId: anika, status: 'present' }],
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const register = await s.t.client.get(`${s.base}/register?month=${month}`);
    expect(register.json().sessions).toHaveLength(2);
    expect(register.json().students[0].summary).toMatchObject({ sessions: 2, present: 2 });
  });
});
