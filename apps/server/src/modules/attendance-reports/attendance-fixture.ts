import { dayOf, dayStartMs } from '@batchwise/domain';
import type { Deps } from '../../deps';
import { newId } from '../../lib/ids';
import { signUp } from '../../test/factories';
import { addStudent, createClassroom, weekdayOf } from '../../test/school';
import type { TestAppContext } from '../../test/test-deps';

// Test fixtures of roll call and the attendance reports: a teacher with a classroom meeting
// today at 16:00 (Bangladesh time) and its students, and rows a device would have written
// (modules/attendance records punches and their marks; these tests only read them).

const HOUR = 3_600_000;

export async function rollCallSchool(ctx: TestAppContext, students = 3) {
  const t = await signUp(ctx.app, ctx.deps);
  const today = dayOf(ctx.deps.clock.now());
  const classroomId = await createClassroom(t.client, t.accountId, {
    name: 'Physics A',
    timings: [{ day: weekdayOf(today), start: '16:00', end: '18:00' }],
  });
  const names = ['Anika Rahman', 'Bashir Ahmed', 'Chandni Akter', 'Dipu Sarkar', 'Esha Khan'];
  const ids: string[] = [];
  for (let i = 0; i < students; i++) {
    const s = await addStudent(t.client, t.accountId, {
      name: names[i],
      enrolments: [{ classroomId, tuitionFeePaisa: null }],
    });
    ids.push(s.id);
  }
  const base = `/api/accounts/${t.accountId}/classrooms/${classroomId}/attendance`;
  return { t, today, classroomId, students: ids, base };
}

/** A mark (and its history line) as a device's punch leaves it. */
export async function deviceMark(
  deps: Deps,
  mark: { classroomId: string; studentId: string; date: string; start: string; status: 'present' | 'late' },
) {
  const now = deps.clock.now();
  const key = {
    classroom_id: mark.classroomId,
    student_id: mark.studentId,
    session_date: mark.date,
    session_start: mark.start,
  };
  const by = { status: mark.status, source: 'punch' as const, marked_by: null, marked_at: now };
  await deps.db.kysely
    .insertInto('attendance_marks')
    .values({ ...key, ...by })
    .execute();
  await deps.db.kysely
    .insertInto('attendance_mark_history')
    .values({ id: newId(now), ...key, ...by, previous_status: null })
    .execute();
}

/** A punch of a student at `hour` (Bangladesh time, may be fractional) of a date. */
export async function punch(
  deps: Deps,
  p: { accountId: string; studentId: string; date: string; hour: number; direction: 'entry' | 'exit' },
) {
  const at = dayStartMs(p.date) + Math.round(p.hour * HOUR);
  await deps.db.kysely
    .insertInto('attendance_punches')
    .values({
      id: newId(at),
      account_id: p.accountId,
      student_id: p.studentId,
      device_id: null,
      direction: p.direction,
      at,
      via: 'manual',
      dedupe_key: newId(),
      verify_code: null,
      created_at: at,
    })
    .execute();
  return at;
}
