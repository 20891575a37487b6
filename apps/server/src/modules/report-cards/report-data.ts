import {
  addDays,
  attendanceSummary,
  type GradeScale,
  type ReportCard,
  type ReportStatus,
  termMembers,
} from '@batchwise/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { failure, notFound } from '../../lib/errors';
import { AssessmentsRepository } from '../assessments/assessments.repository';
import { markCellOf, scaleOf, subjectOf } from '../assessments/assessments-view';
import { MarksRepository } from '../assessments/marks.repository';
import { pictureUrl } from '../media/images';
import { ReportCardsRepository } from './report-cards.repository';
import { type ComposedTerm, cardOf, composeTerm, type TermAssessmentData } from './report-compose';

// Reading a term of a classroom for its cards: the classroom and its account's header, the
// students (enrolled now, as the marks grid has them), the published assessments with their
// subjects and marks (read through the assessments module), and the attendance of the term's dates
// (the attendance module's marks, when the classroom has any).

/** The published assessments of a term with subjects and marks, and the account's grade scale. */
export type TermAssessmentsLoader = (
  accountId: string,
  classroomId: string,
  term: string,
) => Promise<{ scale: GradeScale; assessments: Omit<TermAssessmentData, 'studentIds'>[] }>;

/** The default loader: the assessments module's rows as its own views read them. */
export async function publishedTermAssessments(
  db: Kysely<Database>,
  accountId: string,
  classroomId: string,
  term: string,
): ReturnType<TermAssessmentsLoader> {
  const repo = new AssessmentsRepository(db);
  const rows = (await repo.ofClassroom(classroomId, term, 'oldest')).filter(
    (a) => a.account_id === accountId && a.published_at !== null,
  );
  const ids = rows.map((a) => a.id);
  const [subjects, cells, scale] = await Promise.all([
    repo.subjectsOf(ids),
    new MarksRepository(db).cellsOf(ids),
    repo.scale(accountId),
  ]);
  return {
    scale: scaleOf(scale),
    assessments: rows.map((a) => ({
      id: a.id,
      name: a.name,
      heldOn: a.held_on,
      weight: Number(a.weight),
      subjects: subjects.filter((s) => s.assessment_id === a.id).map(subjectOf),
      cells: cells.filter((c) => c.assessment_id === a.id).map(markCellOf),
    })),
  };
}

export interface LoadedTerm extends ComposedTerm {
  readonly accountId: string;
  /** Phones of each student (result SMS) and the day they joined the classroom (attendance). */
  readonly contacts: ReadonlyMap<
    string,
    { phone: string; parent1: string | null; parent2: string | null; joined: number | null }
  >;
}

/** The term of a classroom, composed; 404 for a classroom elsewhere, REPORT_TERM_NOT_FOUND without results. */
export async function loadTerm(
  db: Kysely<Database>,
  loadAssessments: TermAssessmentsLoader,
  accountId: string,
  classroomId: string,
  term: string,
): Promise<LoadedTerm> {
  const repo = new ReportCardsRepository(db);
  const classroom = await repo.classroom(accountId, classroomId);
  if (!classroom) throw notFound();
  const { scale, assessments: loaded } = await loadAssessments(accountId, classroomId, term);
  if (loaded.length === 0) throw failure(404, 'REPORT_TERM_NOT_FOUND', { term });

  // The students of the marks grid and the term results (assessments module): enrolled now, by
  // name, each in the assessments held since they joined (domain termMembers).
  const members = termMembers(
    (await repo.enrolled(classroomId)).map((s) => ({
      ...s,
      joinedAt: s.accepted_at === null ? null : Number(s.accepted_at),
    })),
    loaded,
  );
  const all = members.students;

  const composed = composeTerm({
    institution: { name: classroom.institution, logoUrl: pictureUrl(classroom.logo_key) },
    classroom: { id: classroom.id, name: classroom.name, teacherName: classroom.teacher_name },
    term,
    scale,
    assessments: members.assessments,
    students: all.map((s) => ({
      id: s.id,
      name: s.name,
      customId: s.custom_id,
      avatarUrl: pictureUrl(s.avatar_key),
    })),
  });
  return {
    ...composed,
    accountId,
    contacts: new Map(
      all.map((s) => [
        s.id,
        {
          phone: s.phone,
          parent1: s.parent1_phone,
          parent2: s.parent2_phone,
          joined: s.joinedAt,
        },
      ]),
    ),
  };
}

/**
 * The dates a term's attendance covers: up to the term's last assessment, from the day after the
 * classroom's previous term ended (its last published assessment before this term's first), or
 * from the start when there was none. The spec names no term dates; a term ends with its exams.
 */
export async function termDates(
  db: Kysely<Database>,
  classroomId: string,
  term: ComposedTerm,
): Promise<{ from: string | null; to: string }> {
  const days = term.assessments.map((a) => a.heldOn).sort();
  const first = days[0]!;
  const to = days.at(-1)!;
  const row = await db
    .selectFrom('assessments')
    .select((eb) => eb.fn.max('held_on').as('last'))
    .where('classroom_id', '=', classroomId)
    .where('term', '!=', term.term)
    .where('published_at', 'is not', null)
    .where('held_on', '<', first)
    .executeTakeFirst();
  const previous = row?.last ?? null;
  return { from: previous ? addDays(previous, 1) : null, to };
}

/**
 * Attendance of these students over the term's dates (domain attendance/summary.ts); a student
 * with no marks at all in the range gets none (the card then shows nothing).
 */
export async function attendanceOf(
  db: Kysely<Database>,
  term: LoadedTerm,
  studentIds: readonly string[],
): Promise<Map<string, ReportCard['attendance']>> {
  const repo = new ReportCardsRepository(db);
  const { from, to } = await termDates(db, term.classroom.id, term);
  const answer = new Map<string, ReportCard['attendance']>();
  const marks = await repo.attendanceMarks(term.classroom.id, studentIds, from, to);
  if (marks.length === 0) return answer;
  const held = (await repo.heldSessions(term.classroom.id, from, to)).map((s) => ({
    date: s.session_date,
    start: s.session_start,
  }));
  const firstDay = held.map((s) => s.date).sort()[0] ?? to;
  for (const studentId of studentIds) {
    const own = marks
      .filter((m) => m.student_id === studentId)
      .map((m) => ({ date: m.session_date, start: m.session_start, status: m.status }));
    if (own.length === 0) continue;
    const joined = term.contacts.get(studentId)?.joined ?? null;
    const summary = attendanceSummary({ held, marks: own, joinedAt: joined });
    answer.set(studentId, {
      from: from ?? firstDay,
      to,
      sessions: summary.sessions,
      present: summary.present,
      late: summary.late,
      absent: summary.absent,
      leave: summary.leave,
      percent: summary.percent,
    });
  }
  return answer;
}

/** How each card of a term stands with its family, for the teacher's table. */
export async function statusOf(db: Kysely<Database>, term: LoadedTerm): Promise<Map<string, ReportStatus>> {
  const repo = new ReportCardsRepository(db);
  const id = term.classroom.id;
  const [links, acks, feedback, remarks] = await Promise.all([
    repo.linkStatus(id, term.term),
    repo.acknowledgements(id, term.term),
    repo.feedback(id, term.term),
    repo.remarks(id, term.term),
  ]);
  const status = new Map<string, ReportStatus>();
  for (const s of term.students) {
    const link = links.find((l) => l.student_id === s.id);
    const own = feedback.filter((f) => f.student_id === s.id);
    const ack = acks.find((a) => a.student_id === s.id);
    status.set(s.id, {
      liveLinks: Number(link?.live ?? 0),
      lastOpenedAt: link?.last_opened_at == null ? null : Number(link.last_opened_at),
      acknowledgedAt: ack ? Number(ack.acknowledged_at) : null,
      feedback: own.length,
      unreadFeedback: own.filter((f) => f.read_at === null).length,
      remark: remarks.some((r) => r.student_id === s.id),
    });
  }
  return status;
}

/** Students' cards with their remarks, acknowledgements, feedback and attendance, in the term's order. */
export async function cardsFor(
  db: Kysely<Database>,
  term: LoadedTerm,
  studentIds: readonly string[],
  now: number,
): Promise<ReportCard[]> {
  const wanted = new Set(studentIds);
  const ids = term.students.filter((s) => wanted.has(s.id)).map((s) => s.id);
  if (ids.length === 0) return [];
  const repo = new ReportCardsRepository(db);
  const one = ids.length === 1 ? ids[0] : undefined;
  const id = term.classroom.id;
  const [remarks, acks, feedback, attendance] = await Promise.all([
    repo.remarks(id, term.term, one),
    repo.acknowledgements(id, term.term, one),
    repo.feedback(id, term.term, one),
    attendanceOf(db, term, ids),
  ]);
  return ids.map((studentId) => {
    const remark = remarks.find((r) => r.student_id === studentId);
    const ack = acks.find((a) => a.student_id === studentId);
    return cardOf(term, studentId, {
      attendance: attendance.get(studentId) ?? null,
      remark: remark ? { text: remark.remark, updatedAt: Number(remark.updated_at) } : null,
      acknowledgedAt: ack ? Number(ack.acknowledged_at) : null,
      feedback: feedback
        .filter((f) => f.student_id === studentId)
        .map((f) => ({
          id: f.id,
          text: f.text,
          createdAt: Number(f.created_at),
          readAt: f.read_at === null ? null : Number(f.read_at),
        })),
      now,
    })!;
  });
}

/** One student's card, or undefined when the student is not among the term's students. */
export async function cardFor(
  db: Kysely<Database>,
  term: LoadedTerm,
  studentId: string,
  now: number,
): Promise<ReportCard | undefined> {
  return (await cardsFor(db, term, [studentId], now))[0];
}
