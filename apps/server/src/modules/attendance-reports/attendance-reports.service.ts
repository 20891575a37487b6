import {
  ATTENDANCE_REPORT_LIMITS,
  type AttendanceRegister,
  type AttendanceStatus,
  attendanceSummary,
  type ClassroomAttendanceSummary,
  dayOf,
  type LiveBoard,
  monthDays,
  rangeBounds,
  type SessionKey,
  type StudentCalendar,
  sessionKey,
} from '@batchwise/domain';
import type { Principal } from '../../lib/access';
import { notFound } from '../../lib/errors';
import { pictureUrl } from '../media/images';
import { attendanceClassrooms, liveBoardClassrooms, requireAttendanceOf } from './attendance-reports.policy';
import { AttendanceReportsRepository } from './attendance-reports.repository';
import { countedSessionsOf, keepCounted, sessionOf } from './attendance-summary';
import type { AttendanceReportsDeps } from './roll-call.service';

type MarkRow = Awaited<ReturnType<AttendanceReportsRepository['marksBetween']>>[number];

const byDateThenStart = (a: SessionKey, b: SessionKey) =>
  a.date.localeCompare(b.date) || a.start.localeCompare(b.start);

/**
 * Attendance reports: a classroom's month register and the summary of a range
 * (what a report card shows), a student's month calendar, and today's live board of who is in.
 * Every read is scoped to the classrooms the caller sees (attendance-reports.policy.ts).
 */
export class AttendanceReportsService {
  constructor(private readonly deps: AttendanceReportsDeps) {}

  async register(
    principal: Principal,
    accountId: string,
    classroomId: string,
    month: string,
  ): Promise<AttendanceRegister> {
    const classroom = await this.visible(principal, accountId, classroomId);
    const { from, to } = monthDays(month);
    const table = await this.table(classroomId, accountId, from, to);
    return {
      month,
      classroom: { id: classroom.id, name: classroom.name },
      sessions: table.sessions.map((s) => {
        const counts = { present: 0, late: 0, absent: 0, leave: 0 };
        for (const m of table.marks)
          if (m.session_date === s.date && m.session_start === s.start) counts[m.status] += 1;
        return { ...s, counts };
      }),
      students: table.students.map(({ joinedAt: _, marks, ...s }) => {
        const own = new Map(marks.map((m) => [sessionKey(m), m.status]));
        return {
          ...s,
          statuses: table.sessions.map((session) => own.get(sessionKey(session)) ?? null),
        };
      }),
    };
  }

  /** Each student's numbers between two dates: the report card's attendance. */
  async summary(
    principal: Principal,
    accountId: string,
    classroomId: string,
    range: { from: string; to: string },
  ): Promise<ClassroomAttendanceSummary> {
    await this.visible(principal, accountId, classroomId);
    const table = await this.table(classroomId, accountId, range.from, range.to);
    return {
      ...range,
      students: table.students.map(({ id, name, customId, summary }) => ({ id, name, customId, summary })),
    };
  }

  /**
   * A classroom's held sessions between two dates and each enrolled student's own marks, with
   * when they joined: the raw material of rules that read attendance session by session (the
   * attendance insights), scoped as the register is.
   */
  async classroomMarks(
    principal: Principal,
    accountId: string,
    classroomId: string,
    range: { from: string; to: string },
  ) {
    const classroom = await this.visible(principal, accountId, classroomId);
    const table = await this.table(classroomId, accountId, range.from, range.to);
    return {
      classroom: { id: classroom.id, name: classroom.name },
      held: table.sessions,
      students: table.students
        .filter((s) => s.enrolled)
        .map(({ id, name, customId, joinedAt, marks }) => ({ id, name, customId, joinedAt, marks })),
    };
  }

  async studentCalendar(
    principal: Principal,
    accountId: string,
    studentId: string,
    month: string,
  ): Promise<StudentCalendar> {
    const scope = await this.deps.access.requireAccount(principal, accountId);
    return this.calendar(accountId, studentId, month, (rooms) => {
      const seen = attendanceClassrooms(scope, rooms);
      // A limited assistant reaches only the students of their classrooms, as in every other list.
      if (scope.classrooms !== 'all' && seen.length === 0) throw notFound();
      return seen;
    });
  }

  /**
   * A child's month for the family portal, in the classrooms that show attendance to families;
   * the portal's guardian-of / self policy has already checked the caller.
   */
  familyCalendar(
    accountId: string,
    studentId: string,
    month: string,
    classroomIds: ReadonlySet<string>,
  ): Promise<StudentCalendar> {
    return this.calendar(accountId, studentId, month, (rooms) => rooms.filter((r) => classroomIds.has(r.id)));
  }

  /**
   * Children's punches and marks of one day in their classrooms (the family portal's home cards),
   * by student id: two reads for all of a family's children, whichever accounts they are in.
   */
  async familyDays(
    children: readonly { accountId: string; studentId: string; classroomIds: readonly string[] }[],
    day: string,
  ) {
    const repo = this.repo();
    const range = rangeBounds(day, day);
    const ids = children.map((c) => c.studentId);
    const rooms = [...new Set(children.flatMap((c) => c.classroomIds))];
    const marks = rooms.length > 0 ? await repo.studentsMarks(ids, rooms, day, day) : [];
    const punches = ids.length > 0 ? await repo.studentsPunches(ids, range.startMs, range.endMs) : [];
    return new Map(
      children.map((c) => [
        c.studentId,
        {
          marks: marks
            .filter((m) => m.student_id === c.studentId && c.classroomIds.includes(m.classroom_id))
            .map((m) => ({ classroomId: m.classroom_id, status: m.status })),
          // A punch counts in the account that recorded it.
          punches: punches
            .filter((p) => p.student_id === c.studentId && p.account_id === c.accountId)
            .map((p) => ({ at: Number(p.at), direction: p.direction })),
        },
      ]),
    );
  }

  private async calendar(
    accountId: string,
    studentId: string,
    month: string,
    pick: <R extends { id: string; name: string }>(rooms: R[]) => R[],
  ): Promise<StudentCalendar> {
    const repo = this.repo();
    const student = await repo.student(accountId, studentId);
    if (!student) throw notFound();
    const enrolled = await repo.studentClassrooms(studentId);
    const rooms = new Map<string, { id: string; name: string; joinedAt: number | null; enrolled: boolean }>();
    for (const c of enrolled) {
      const joinedAt = c.accepted_at == null ? null : Number(c.accepted_at);
      rooms.set(c.id, { id: c.id, name: c.name, joinedAt, enrolled: true });
    }
    for (const c of await repo.markedClassrooms(accountId, studentId))
      if (!rooms.has(c.id)) rooms.set(c.id, { id: c.id, name: c.name, joinedAt: null, enrolled: false });
    const seen = pick([...rooms.values()]).sort((a, b) => a.name.localeCompare(b.name));
    const { from, to } = monthDays(month);
    const ids = seen.map((c) => c.id);
    const counted = await countedSessionsOf(this.deps.db.kysely, ids, from, to);
    const allMarks = await repo.studentMarks(studentId, ids, from, to);
    // The summary counts only scheduled classes; the day-by-day marks stay as they were given.
    const marks = keepCounted(allMarks, counted);
    const held = keepCounted(await repo.heldSessions(ids, from, to), counted);
    const range = rangeBounds(from, to);
    const punches = await repo.studentPunches(accountId, studentId, range.startMs, range.endMs);
    return {
      month,
      student: { id: student.id, name: student.name, customId: student.custom_id },
      classrooms: seen.map((c) => ({
        id: c.id,
        name: c.name,
        summary: attendanceSummary({
          held: c.enrolled ? held.filter((h) => h.classroom_id === c.id).map(sessionOf) : [],
          marks: marks
            .filter((m) => m.classroom_id === c.id)
            .map((m) => ({ ...sessionOf(m), status: m.status })),
          joinedAt: c.joinedAt,
        }),
      })),
      marks: allMarks.map((m) => ({ classroomId: m.classroom_id, ...sessionOf(m), status: m.status })),
      punches: punches.map((p) => ({ at: Number(p.at), direction: p.direction, via: p.via })),
    };
  }

  /** Today's punches of the account (an admin's own account: their whole team), by student. */
  async liveBoard(principal: Principal, accountId: string): Promise<LiveBoard> {
    const scopes = await this.deps.access.listScopes(principal, accountId);
    const today = dayOf(this.deps.clock.now());
    const { startMs, endMs } = rangeBounds(today, today);
    const only = scopes.length === 1 ? liveBoardClassrooms(scopes[0]!) : null;
    const rows = await this.repo().punchesBetween(
      scopes.map((s) => s.accountId),
      startMs,
      endMs,
      only,
    );
    const students = new Map<string, LiveBoard['students'][number]>();
    for (const p of rows) {
      const at = Number(p.at);
      const entry = p.direction === 'entry';
      const was = students.get(p.student_id);
      students.set(p.student_id, {
        id: p.student_id,
        accountId: p.account_id,
        name: p.name,
        customId: p.custom_id,
        avatarUrl: pictureUrl(p.avatar_key),
        state: entry ? 'in' : 'left',
        firstEntryAt: was?.firstEntryAt ?? (entry ? at : null),
        lastExitAt: entry ? (was?.lastExitAt ?? null) : at,
        lastAt: at,
        punches: (was?.punches ?? 0) + 1,
      });
    }
    return {
      date: today,
      students: [...students.values()].sort((a, b) => b.lastAt - a.lastAt || a.name.localeCompare(b.name)),
      recent: rows
        .slice(-ATTENDANCE_REPORT_LIMITS.recentPunches)
        .reverse()
        .map((p) => ({
          studentId: p.student_id,
          name: p.name,
          at: Number(p.at),
          direction: p.direction,
          via: p.via,
        })),
    };
  }

  /**
   * A classroom's held sessions between two dates, its marks, and its students — those enrolled
   * by the range's end and anyone with a mark in it — each with their summary. With a timetable,
   * only the classes it scheduled count (a session marked on a cancelled class is left out).
   */
  private async table(classroomId: string, accountId: string, from: string, to: string) {
    const repo = this.repo();
    const counted = await countedSessionsOf(this.deps.db.kysely, [classroomId], from, to);
    const marks: MarkRow[] = keepCounted(
      await repo.marksBetween(classroomId, from, to),
      counted,
      classroomId,
    );
    const sessions = [...new Map(marks.map((m) => [sessionKey(sessionOf(m)), sessionOf(m)])).values()].sort(
      byDateThenStart,
    );
    const byStudent = new Map<string, { status: AttendanceStatus; date: string; start: string }[]>();
    for (const m of marks) {
      const list = byStudent.get(m.student_id) ?? [];
      list.push({ ...sessionOf(m), status: m.status });
      byStudent.set(m.student_id, list);
    }
    const enrolled = (await repo.enrolled(classroomId))
      .map((s) => ({ ...s, joinedAt: s.accepted_at == null ? null : Number(s.accepted_at) }))
      .filter((s) => byStudent.has(s.id) || s.joinedAt === null || dayOf(s.joinedAt) <= to);
    const enrolledIds = new Set(enrolled.map((s) => s.id));
    const left = (
      await repo.students(
        accountId,
        [...byStudent.keys()].filter((id) => !enrolledIds.has(id)),
      )
    ).sort((a, b) => a.name.localeCompare(b.name));
    const row = (
      s: { id: string; name: string; custom_id: string | null },
      isEnrolled: boolean,
      joinedAt: number | null,
    ) => ({
      id: s.id,
      name: s.name,
      customId: s.custom_id,
      enrolled: isEnrolled,
      joinedAt,
      marks: byStudent.get(s.id) ?? [],
      summary: attendanceSummary({
        // One who has left counts only the sessions they have marks for.
        held: isEnrolled ? sessions : [],
        marks: byStudent.get(s.id) ?? [],
        joinedAt,
      }),
    });
    return {
      marks,
      sessions,
      students: [...enrolled.map((s) => row(s, true, s.joinedAt)), ...left.map((s) => row(s, false, null))],
    };
  }

  private async visible(principal: Principal, accountId: string, classroomId: string) {
    const scope = await this.deps.access.requireAccount(principal, accountId);
    requireAttendanceOf(scope, classroomId);
    const classroom = await this.repo().classroom(accountId, classroomId);
    if (!classroom) throw notFound();
    return classroom;
  }

  private repo() {
    return new AttendanceReportsRepository(this.deps.db.kysely, this.deps.db.dialect);
  }
}
