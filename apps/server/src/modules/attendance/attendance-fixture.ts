import type { ClassroomTiming, TimetableEventKind } from '@batchwise/domain';
import type { Deps } from '../../deps';
import { newId } from '../../lib/ids';
import { acceptedEnrolmentRow, classroomRow, studentRow } from '../../seed/school-rows';
import { ClassroomsRepository } from '../classrooms/classrooms.repository';
import { EnrolmentsRepository } from '../students/enrolments.repository';
import { StudentsRepository } from '../students/students.repository';
import { TimetableRepository } from '../timetable/timetable.repository';
import { hashDeviceKey, newDeviceKey } from './device-keys';

// Attendance set-ups for tests, the matrix, the bench and the drill: rows straight into the
// database, as the devices page and the classroom pages would leave them.

let counter = 0;

/** A kiosk of the account with a fresh key (the key is returned once, as the devices page shows it). */
export async function insertKiosk(
  deps: Pick<Deps, 'db' | 'clock'>,
  accountId: string,
  options: { name?: string; revoked?: boolean } = {},
): Promise<{ id: string; key: string }> {
  const now = deps.clock.now();
  const key = newDeviceKey();
  const id = newId(now);
  await deps.db.kysely
    .insertInto('attendance_devices')
    .values({
      id,
      account_id: accountId,
      kind: 'kiosk',
      name: options.name ?? `Gate ${++counter}`,
      serial: null,
      key_hash: hashDeviceKey(key),
      created_by: null,
      created_at: now,
      last_contact_at: null,
      revoked_at: options.revoked ? now : null,
    })
    .execute();
  return { id, key };
}

/** A classroom of the account with these weekly timings and these students enrolled in it. */
export async function classroomWithStudents(
  deps: Pick<Deps, 'db' | 'clock'>,
  accountId: string,
  timings: readonly ClassroomTiming[],
  students: readonly { name?: string; rfid?: string | null; phone?: string }[],
  options: { lateAfterMinutes?: number; classroomId?: string } = {},
): Promise<{ classroomId: string; studentIds: string[] }> {
  const now = deps.clock.now();
  const db = deps.db.kysely;
  let classroomId = options.classroomId;
  if (!classroomId) {
    const room = classroomRow(
      {
        account_id: accountId,
        grade: 'Class 9',
        subject: 'Physics',
        name: `Attendance ${++counter}`,
        timings: JSON.stringify(timings),
      },
      now,
    );
    await new ClassroomsRepository(db).insert(room);
    classroomId = room.id;
  }
  if (options.lateAfterMinutes !== undefined) {
    await db
      .insertInto('attendance_settings')
      .values({
        classroom_id: classroomId,
        late_after_minutes: options.lateAfterMinutes,
        sms_mode: 'off',
        sms_window_minutes: 30,
        absence_sms: 0,
        updated_by: null,
        updated_at: now,
      })
      .execute();
  }
  const studentIds: string[] = [];
  for (const s of students) {
    const row = studentRow(
      {
        account_id: accountId,
        name: s.name ?? `Pupil ${++counter}`,
        phone: s.phone ?? `+8801${String(500_000_000 + (++counter % 99_999_999)).padStart(9, '0')}`,
        rfid: s.rfid ?? null,
      },
      now,
    );
    await new StudentsRepository(db).insert(row);
    await new EnrolmentsRepository(db).insert(acceptedEnrolmentRow(row.id, classroomId, now));
    studentIds.push(row.id);
  }
  return { classroomId, studentIds };
}

/** Enrols an existing student in one more classroom. */
export async function enrol(deps: Pick<Deps, 'db' | 'clock'>, studentId: string, classroomId: string) {
  await new EnrolmentsRepository(deps.db.kysely).insert(
    acceptedEnrolmentRow(studentId, classroomId, deps.clock.now()),
  );
}

/** A one-off change to a classroom's timetable, as the teacher's timetable page leaves it. */
export async function insertTimetableEvent(
  deps: Pick<Deps, 'db' | 'clock'>,
  accountId: string,
  classroomId: string,
  event: { kind: TimetableEventKind; date: string; start?: string; end?: string },
) {
  await new TimetableRepository(deps.db.kysely).insertEvent({
    id: newId(deps.clock.now()),
    account_id: accountId,
    classroom_id: classroomId,
    kind: event.kind,
    date: event.date,
    start: event.start ?? null,
    end: event.end ?? null,
    new_date: null,
    new_start: null,
    new_end: null,
    place: null,
    note: null,
    sms_send_id: null,
    created_by: null,
    created_at: deps.clock.now(),
  });
}
