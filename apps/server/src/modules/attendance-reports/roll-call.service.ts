import {
  type AttendanceMark,
  type ClassroomSchedule,
  dayOf,
  type MarkHistory,
  meetingsOn,
  type RollCall,
  type RollCallSaveResult,
  type RollCallSession,
  type rollCallSaveSchema,
} from '@batchwise/domain';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import type { Principal } from '../../lib/access';
import type { Clock } from '../../lib/clock';
import { failure, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { AccessPolicy } from '../access/access.policy';
import { parseTimings } from '../classrooms/classrooms.service';
import type { EventBus } from '../events/event-bus';
import { pictureUrl } from '../media/images';
import { scheduleOf, TimetableRepository } from '../timetable/timetable.repository';
import { requireAttendanceOf } from './attendance-reports.policy';
import { AttendanceReportsRepository } from './attendance-reports.repository';

export interface AttendanceReportsDeps {
  db: Db;
  clock: Clock;
  access: AccessPolicy;
  events: EventBus;
}

type MarkRow = Awaited<ReturnType<AttendanceReportsRepository['marksBetween']>>[number];
type SaveInput = z.output<typeof rollCallSaveSchema>;

export function markView(row: MarkRow): AttendanceMark {
  return {
    studentId: row.student_id,
    status: row.status,
    source: row.source,
    markedBy: row.marked_by,
    markedByName: row.marked_by_name,
    markedAt: Number(row.marked_at),
  };
}

/**
 * The sessions of a date: those the classroom's timetable holds (its weekly timings, less a
 * cancelled, moved or holiday class, plus an extra class, exam or a class moved to the date), and
 * any other start that has marks — an extra class somebody opened (a classroom without timings
 * gets its classes this way, one per start the teacher chooses), or a session since unscheduled.
 */
function sessionsOf(schedule: ClassroomSchedule, date: string, marks: readonly MarkRow[]) {
  const sessions = new Map<string, Omit<RollCallSession, 'marks'>>();
  for (const s of meetingsOn(schedule, date))
    sessions.set(s.start, { start: s.start, end: s.end, scheduled: true });
  for (const m of marks) {
    if (!sessions.has(m.session_start))
      sessions.set(m.session_start, { start: m.session_start, end: null, scheduled: false });
  }
  return [...sessions.values()]
    .sort((a, b) => a.start.localeCompare(b.start))
    .map((s) => ({ ...s, marks: marks.filter((m) => m.session_start === s.start).map(markView) }));
}

/**
 * Roll call: every enrolled student of a classroom session marked present,
 * late, absent or on leave, in one screen. Each change is one upsert of the mark and one history
 * row with the status before it, who and when, all in one transaction; a device's mark corrected
 * by a person becomes theirs (source roll-call) and the history keeps what the device said.
 */
export class RollCallService {
  constructor(private readonly deps: AttendanceReportsDeps) {}

  async rollCall(
    principal: Principal,
    accountId: string,
    classroomId: string,
    date: string,
  ): Promise<RollCall> {
    const classroom = await this.visible(principal, accountId, classroomId);
    const repo = this.repo();
    const timings = parseTimings(classroom.timings);
    const schedule = await this.scheduleOn(classroom, date);
    const marks = await repo.marksBetween(classroomId, date, date);
    const enrolled = await repo.enrolled(classroomId);
    const enrolledIds = new Set(enrolled.map((s) => s.id));
    const leftIds = [...new Set(marks.map((m) => m.student_id))].filter((id) => !enrolledIds.has(id));
    const left = await repo.students(accountId, leftIds);
    const student = (s: (typeof left)[number], isEnrolled: boolean) => ({
      id: s.id,
      name: s.name,
      customId: s.custom_id,
      avatarUrl: pictureUrl(s.avatar_key),
      enrolled: isEnrolled,
    });
    return {
      classroom: { id: classroom.id, accountId: classroom.account_id, name: classroom.name, timings },
      date,
      today: dayOf(this.deps.clock.now()),
      sessions: sessionsOf(schedule, date, marks),
      students: [
        ...enrolled.map((s) => student(s, true)),
        ...left.sort((a, b) => a.name.localeCompare(b.name)).map((s) => student(s, false)),
      ],
    };
  }

  async save(
    principal: Principal,
    accountId: string,
    classroomId: string,
    input: SaveInput,
  ): Promise<RollCallSaveResult> {
    const classroom = await this.visible(principal, accountId, classroomId);
    const now = this.deps.clock.now();
    if (input.date > dayOf(now)) throw failure(400, 'ATTENDANCE_DATE_IN_FUTURE');
    // One status per student: the last one sent wins.
    const wanted = new Map(input.marks.map((m) => [m.studentId, m.status]));
    const ids = [...wanted.keys()];
    const changed = await this.deps.db.kysely.transaction().execute(async (trx) => {
      const repo = new AttendanceReportsRepository(trx, this.deps.db.dialect);
      const before = new Map(
        (await repo.sessionMarksForUpdate(classroomId, input.date, input.start, ids)).map((m) => [
          m.student_id,
          m.status,
        ]),
      );
      // A student without a mark here must be in the classroom; one with a mark may have left since.
      const unmarked = ids.filter((id) => !before.has(id));
      const enrolled = new Set(await repo.enrolledAmong(classroomId, unmarked));
      if (unmarked.some((id) => !enrolled.has(id))) throw failure(400, 'ATTENDANCE_STUDENT_NOT_IN_CLASSROOM');
      const changes = ids.filter((id) => before.get(id) !== wanted.get(id));
      const key = { classroom_id: classroomId, session_date: input.date, session_start: input.start };
      const by = { source: 'roll-call' as const, marked_by: principal.user.id, marked_at: now };
      await repo.upsertMarks(
        changes.map((id) => ({ ...key, student_id: id, status: wanted.get(id)!, ...by })),
      );
      await repo.insertHistory(
        changes.map((id) => ({
          id: newId(now),
          ...key,
          student_id: id,
          status: wanted.get(id)!,
          previous_status: before.get(id) ?? null,
          ...by,
        })),
      );
      return changes.length;
    });
    if (changed > 0) await this.publish(classroom.account_id, classroomId);
    const marks = await this.repo().marksBetween(classroomId, input.date, input.date);
    const schedule = await this.scheduleOn(classroom, input.date);
    const session = sessionsOf(schedule, input.date, marks).find((s) => s.start === input.start);
    return { changed, session: session ?? { start: input.start, end: null, scheduled: false, marks: [] } };
  }

  async history(
    principal: Principal,
    accountId: string,
    classroomId: string,
    query: { date: string; start: string; studentId: string },
  ): Promise<MarkHistory> {
    await this.visible(principal, accountId, classroomId);
    const rows = await this.repo().history(classroomId, query.studentId, query.date, query.start);
    return {
      items: rows.map((r) => ({
        status: r.status,
        previousStatus: r.previous_status,
        source: r.source,
        markedBy: r.marked_by,
        markedByName: r.marked_by_name,
        markedAt: Number(r.marked_at),
      })),
    };
  }

  /** The classroom when the caller may take its roll call; otherwise not found. */
  private async visible(principal: Principal, accountId: string, classroomId: string) {
    const scope = await this.deps.access.requireAccount(principal, accountId);
    requireAttendanceOf(scope, classroomId);
    const classroom = await this.repo().classroom(accountId, classroomId);
    if (!classroom) throw notFound();
    return classroom;
  }

  /** The classroom's timetable as it stands on `date` (timings changed by that date's events). */
  private async scheduleOn(
    classroom: { id: string; timings: string | null; start_date: string | null },
    date: string,
  ) {
    const events = await new TimetableRepository(this.deps.db.kysely).events([classroom.id], date, date);
    return scheduleOf({ timings: classroom.timings, startDate: classroom.start_date }, events);
  }

  private repo() {
    return new AttendanceReportsRepository(this.deps.db.kysely, this.deps.db.dialect);
  }

  /** Roll call changed this classroom's marks: its registers, calendars and roll calls refresh. */
  private publish(accountId: string, classroomId: string) {
    return this.deps.events.publish({
      channel: `account:${accountId}`,
      type: 'attendance.marked',
      stale: [{ resource: 'attendance', params: { accountId } }],
      data: { classroomId },
    });
  }
}
