import {
  type AssessmentSubject,
  classResults,
  type GradeScale,
  type MarkCell,
  percentOf,
  type ReportAssessmentTable,
  type ReportCard,
  type ReportStatus,
  type ReportTable,
  type StudentResult,
  type TermResult,
  termSubjects,
} from '@batchwise/domain';

// A term's report cards composed from the classroom's published assessments:
// the numbers all come from the domain's classResults (assessments/term.ts: totals, weighted
// percentages, grades, GPA with the compulsory-F and fourth-subject rules, positions with ties);
// this file only arranges them as the card, the term table and one assessment's table show them.

export interface TermAssessmentData {
  readonly id: string;
  readonly name: string;
  readonly heldOn: string;
  readonly weight: number;
  readonly subjects: readonly AssessmentSubject[];
  readonly cells: readonly MarkCell[];
  /** The students it is for (domain termMembers): enrolled on its date, or given marks by hand. */
  readonly studentIds: readonly string[];
}

export interface TermStudent {
  readonly id: string;
  readonly name: string;
  readonly customId: string | null;
  readonly avatarUrl: string | null;
}

/** Everything a term's cards are made of, read once for a card, a table or a class PDF. */
export interface TermData {
  readonly institution: ReportCard['institution'];
  readonly classroom: ReportCard['classroom'];
  readonly term: string;
  readonly scale: GradeScale;
  /** Published, oldest held first. */
  readonly assessments: readonly TermAssessmentData[];
  /** By name. */
  readonly students: readonly TermStudent[];
}

/** The term's data with every student's result (same order as `students`). */
export interface ComposedTerm extends TermData {
  readonly results: readonly TermResult[];
}

export function composeTerm(data: TermData): ComposedTerm {
  const results = classResults({
    scale: data.scale,
    studentIds: data.students.map((s) => s.id),
    assessments: data.assessments.map((a) => ({
      id: a.id,
      weight: a.weight,
      subjects: a.subjects,
      cells: a.cells,
      studentIds: a.studentIds,
    })),
  });
  return { ...data, results };
}

/** Mean and highest percentage of the complete results, half up to two decimals like every percentage. */
function averageOf(results: readonly { complete: boolean; percent: number | null }[]) {
  const percents = results.filter((r) => r.complete && r.percent !== null).map((r) => r.percent!);
  if (percents.length === 0) return { classPercent: null, highestPercent: null };
  // Percentages have at most two decimals: sum them in hundredths, exactly.
  const sum = percents.reduce((t, p) => t + Math.round(p * 100), 0);
  return {
    classPercent: percentOf(sum, percents.length * 10_000),
    highestPercent: Math.max(...percents),
  };
}

const resultFields = (r: Omit<StudentResult, 'studentId' | 'subjects'>) => ({
  obtained: r.obtained,
  fullMarks: r.fullMarks,
  complete: r.complete,
  percent: r.percent,
  gpa: r.gpa,
  letter: r.letter,
  passed: r.passed,
  position: r.position,
});

/** A term-table cell of an assessment the student did not sit: empty, never "pending". */
const NOT_SAT = {
  obtained: 0,
  fullMarks: 0,
  complete: true,
  percent: null,
  gpa: null,
  letter: null,
  passed: null,
  position: null,
};
const NOT_SAT_SUBJECT = { complete: true, percent: null, letter: null, point: null, passed: null };

const info = (a: TermAssessmentData) => ({ id: a.id, name: a.name, heldOn: a.heldOn, weight: a.weight });

/** A student's subjects of one assessment with every part's marks, as the card breaks them down. */
function subjectRows(a: TermAssessmentData, studentId: string, result: StudentResult) {
  const cells = new Map(
    a.cells.filter((c) => c.studentId === studentId).map((c) => [`${c.subjectId}|${c.partKey}`, c]),
  );
  return a.subjects.map((subject) => {
    const r = result.subjects.find((s) => s.subjectId === subject.id)!;
    return {
      subjectId: subject.id,
      name: subject.name,
      kind: subject.kind,
      parts: subject.parts.map((part) => {
        const cell = cells.get(`${subject.id}|${part.key}`);
        return {
          key: part.key,
          name: part.name,
          fullMarks: part.fullMarks,
          passMarks: part.passMarks,
          marks: cell?.absent ? null : (cell?.marks ?? null),
          absent: cell?.absent ?? false,
        };
      }),
      obtained: r.obtained,
      fullMarks: r.fullMarks,
      complete: r.complete,
      absent: r.absent,
      percent: r.percent,
      letter: r.letter,
      point: r.point,
      passed: r.passed,
    };
  });
}

export interface CardExtras {
  attendance: ReportCard['attendance'];
  remark: ReportCard['remark'];
  acknowledgedAt: number | null;
  feedback: ReportCard['feedback'];
  now: number;
}

/**
 * One student's term result as the card's overview shows it (the family portal's home shows only
 * this); undefined when the student is not among the term's students.
 */
export function overviewOf(term: ComposedTerm, studentId: string): ReportCard['overview'] | undefined {
  const index = term.students.findIndex((s) => s.id === studentId);
  if (index === -1) return undefined;
  const result = term.results[index]!;
  return {
    ...resultFields(result),
    classSize: term.results.filter((r) => r.complete).length,
    subjects: result.subjects.map((s) => ({ ...s })),
  };
}

/** One student's card; undefined when the student is not among the term's students. */
export function cardOf(term: ComposedTerm, studentId: string, extras: CardExtras): ReportCard | undefined {
  const index = term.students.findIndex((s) => s.id === studentId);
  if (index === -1) return undefined;
  const student = term.students[index]!;
  const result = term.results[index]!;
  return {
    institution: term.institution,
    classroom: term.classroom,
    term: term.term,
    mode: term.scale.mode,
    student,
    overview: overviewOf(term, studentId)!,
    average: averageOf(term.results),
    // Only the assessments the student sat (joined before the others were held).
    assessments: term.assessments.flatMap((a) => {
      const r = result.assessments.find((x) => x.assessmentId === a.id)?.result;
      return r ? [{ ...info(a), ...resultFields(r), subjects: subjectRows(a, studentId, r) }] : [];
    }),
    attendance: extras.attendance,
    remark: extras.remark,
    acknowledgedAt: extras.acknowledgedAt,
    feedback: extras.feedback,
    generatedAt: extras.now,
  };
}

/** The term table: students × assessments and subjects; `status` for staff only. */
export function tableOf(term: ComposedTerm, status?: ReadonlyMap<string, ReportStatus>): ReportTable {
  const subjects = [...termSubjects(term.assessments).values()];
  return {
    institution: term.institution,
    classroom: term.classroom,
    term: term.term,
    mode: term.scale.mode,
    assessments: term.assessments.map(info),
    subjects,
    rows: term.students.map((student, i) => {
      const result = term.results[i]!;
      return {
        studentId: student.id,
        name: student.name,
        customId: student.customId,
        // Every column of the table; one the student did not sit stays empty.
        assessments: term.assessments.map((a) => {
          const r = result.assessments.find((x) => x.assessmentId === a.id)?.result;
          return { assessmentId: a.id, ...(r ? resultFields(r) : NOT_SAT) };
        }),
        subjects: subjects.map(
          (column) =>
            result.subjects.find((s) => s.name === column.name) ?? { ...column, ...NOT_SAT_SUBJECT },
        ),
        ...resultFields(result),
        status: status?.get(student.id) ?? null,
      };
    }),
    average: averageOf(term.results),
  };
}

/** One assessment's table (students × subjects and parts); undefined when not in the term. */
export function assessmentTableOf(
  term: ComposedTerm,
  assessmentId: string,
): ReportAssessmentTable | undefined {
  const index = term.assessments.findIndex((a) => a.id === assessmentId);
  if (index === -1) return undefined;
  const a = term.assessments[index]!;
  // Only the students it was for.
  const sat = term.students.flatMap((student, i) => {
    const r = term.results[i]!.assessments.find((x) => x.assessmentId === assessmentId)?.result;
    return r ? [{ student, r }] : [];
  });
  const results = sat.map(({ r }) => r);
  return {
    institution: term.institution,
    classroom: term.classroom,
    term: term.term,
    mode: term.scale.mode,
    assessment: info(a),
    subjects: a.subjects.map((s) => ({
      id: s.id,
      name: s.name,
      kind: s.kind,
      parts: s.parts.map((p) => ({
        key: p.key,
        name: p.name,
        fullMarks: p.fullMarks,
        passMarks: p.passMarks,
      })),
      fullMarks: s.parts.reduce((t, p) => t + Math.round(p.fullMarks * 100), 0) / 100,
    })),
    rows: sat.map(({ student, r }) => {
      return {
        studentId: student.id,
        name: student.name,
        customId: student.customId,
        subjects: subjectRows(a, student.id, r).map(({ name: _n, kind: _k, ...rest }) => rest),
        ...resultFields(r),
      };
    }),
    average: averageOf(results),
  };
}
