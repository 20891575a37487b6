import { createHash, randomBytes } from 'node:crypto';
import {
  ATTENDANCE_SMS_WINDOW,
  addDays,
  DEFAULT_LATE_AFTER_MINUTES,
  dayOf,
  sessionsOn,
} from '@batchwise/domain';
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type {
  AttendanceMarkHistoryTable,
  AttendanceMarksTable,
  AttendancePunchesTable,
} from '../db/schema-attendance';
import type { Deps } from '../deps';
import { newId } from '../lib/ids';
import { parseTimings } from '../modules/classrooms/classrooms.service';
import { DEMO } from './demo-accounts';
import type { DemoSignIn } from './seed';

// Demo attendance: the demo teacher's classrooms have sixty days of sessions behind
// them, most students in through the front gate tablet (punches in and out, marked present or late
// by the device) and the rest marked absent or on leave at roll call by the teacher, so the
// register, a student's calendar, the devices page and the report card's attendance show real
// figures on first start. Parents of the Physics batch are texted on entry and exit.

const DAYS = 60;
const MINUTE = 60_000;

/** What a student did in a session, from a fixed spread (no randomness: every demo is the same). */
function outcomeOf(student: number, session: number): 'present' | 'late' | 'absent' | 'leave' {
  const n = (student * 7 + session * 13 + ((student * session) % 5)) % 20;
  if (n === 3) return 'absent';
  if (n === 11 && student % 2 === 0) return 'leave';
  if (n === 7 || n === 15) return 'late';
  return 'present';
}

export async function seedDemoAttendance(deps: Deps): Promise<DemoSignIn[]> {
  const now = deps.clock.now();
  await deps.db.kysely.transaction().execute(async (trx) => {
    const teacher = await trx
      .selectFrom('accounts as a')
      .innerJoin('users as u', 'u.id', 'a.owner_user_id')
      .select(['a.id as account_id', 'u.id as user_id'])
      .where('u.email', '=', DEMO.teacher.email)
      .executeTakeFirst();
    if (teacher) await seedAccount(trx, now, teacher);
  });
  return [];
}

async function seedAccount(trx: Kysely<Database>, now: number, who: { account_id: string; user_id: string }) {
  const device = newId(now);
  const rooms = await trx
    .selectFrom('classrooms')
    .select(['id', 'name', 'timings'])
    .where('account_id', '=', who.account_id)
    .where('closed_at', 'is', null)
    .execute();
  const punches: Insertable<AttendancePunchesTable>[] = [];
  const marks: Insertable<AttendanceMarksTable>[] = [];
  const history: Insertable<AttendanceMarkHistoryTable>[] = [];
  const today = dayOf(now);
  let lastPunch = 0;
  for (const room of rooms) {
    const timings = parseTimings(room.timings);
    if (timings.length === 0) continue;
    const students = await trx
      .selectFrom('enrolments')
      .select(['student_id', 'accepted_at'])
      .where('classroom_id', '=', room.id)
      .where('accepted_at', 'is not', null)
      .orderBy('student_id')
      .execute();
    let session = 0;
    for (let d = DAYS; d >= 1; d--) {
      for (const s of sessionsOn(timings, addDays(today, -d))) {
        session++;
        for (const [i, student] of students.entries()) {
          if (dayOf(Number(student.accepted_at)) > s.date) continue;
          const status = outcomeOf(i, session);
          const key = { classroom_id: room.id, student_id: student.student_id, session_date: s.date };
          const byDevice = status === 'present' || status === 'late';
          const markedAt = byDevice
            ? s.startAt + (status === 'late' ? DEFAULT_LATE_AFTER_MINUTES + 4 + (i % 9) : -(i % 12)) * MINUTE
            : s.startAt + 20 * MINUTE;
          if (byDevice) {
            const via = i % 3 === 0 ? 'rfid' : 'qr';
            const out = s.endAt + (i % 6) * MINUTE;
            for (const [direction, at] of [
              ['entry', markedAt],
              ['exit', out],
            ] as const) {
              punches.push({
                id: newId(now),
                account_id: who.account_id,
                student_id: student.student_id,
                device_id: device,
                direction,
                at,
                via,
                dedupe_key: newId(now),
                verify_code: null,
                created_at: at,
              });
            }
            lastPunch = Math.max(lastPunch, out);
          }
          const mark = {
            ...key,
            session_start: s.start,
            status,
            source: byDevice ? ('punch' as const) : ('roll-call' as const),
            marked_by: byDevice ? null : who.user_id,
            marked_at: markedAt,
          };
          marks.push(mark);
          history.push({ id: newId(now), ...mark, previous_status: null });
        }
      }
    }
  }
  if (marks.length === 0) return;
  await trx
    .insertInto('attendance_devices')
    .values({
      id: device,
      account_id: who.account_id,
      kind: 'kiosk',
      name: 'Front gate tablet',
      serial: null,
      // The hash of a key nobody holds: the demo's tablet is for show; the owner issues a working one.
      key_hash: createHash('sha256').update(randomBytes(32)).digest('hex'),
      created_by: who.user_id,
      created_at: now - DAYS * 86_400_000,
      last_contact_at: lastPunch || null,
      revoked_at: null,
    })
    .execute();
  // Batches keep each statement under SQLite's and PostgreSQL's bound-parameter limits.
  for (let i = 0; i < punches.length; i += 500)
    await trx
      .insertInto('attendance_punches')
      .values(punches.slice(i, i + 500))
      .execute();
  for (let i = 0; i < marks.length; i += 500) {
    await trx
      .insertInto('attendance_marks')
      .values(marks.slice(i, i + 500))
      .execute();
    await trx
      .insertInto('attendance_mark_history')
      .values(history.slice(i, i + 500))
      .execute();
  }
  const physics = rooms.find((r) => r.name === 'Physics Morning Batch');
  if (physics)
    await trx
      .insertInto('attendance_settings')
      .values({
        classroom_id: physics.id,
        late_after_minutes: DEFAULT_LATE_AFTER_MINUTES,
        sms_mode: 'both',
        sms_window_minutes: ATTENDANCE_SMS_WINDOW.default,
        absence_sms: 0,
        updated_by: who.user_id,
        updated_at: now,
      })
      .execute();
}
