import { toHundredths } from '@batchwise/domain';
import { entries, type ImportContext, isoDate, ms, type Tree, text, tree } from './firebase-values';
import type { ImportedClassroom } from './map-classrooms';

/** A Firebase subject holds one total; ours may be split into parts (CQ, MCQ…): it becomes one. */
const PART = 'total';

function marksOf(value: unknown): { marks: number | null; absent: number } | null {
  if (text(value).toLowerCase() === 'absent') return { marks: null, absent: 1 };
  const n = typeof value === 'number' ? value : Number(text(value));
  return text(value) !== '' && Number.isFinite(n) && n >= 0 ? { marks: toHundredths(n), absent: 0 } : null;
}

/**
 * USERS/{uid}/ReportCards/{batch}/{exam} (part 1 §3 "User record"; the card's contents part 2 §6
 * "Report card": assessments and their score breakdown): each exam of a classroom becomes an
 * assessment with its term, date, weight and publication, its Subjects (full and pass marks, in
 * order) and every student's Marks per subject (a number or "Absent"), and the teacher's Remarks
 * per student become the card's remark for that term. An exam of a classroom the record does not
 * hold, or marks of a student no classroom holds, are orphans.
 */
export async function importReportCards(
  ctx: ImportContext,
  uid: string,
  accountId: string,
  record: Tree,
  classrooms: readonly ImportedClassroom[],
  students: ReadonlyMap<string, string>,
): Promise<void> {
  const classroomOf = new Map(classrooms.map((c) => [c.batchKey, c.id]));
  const exams: { key: string; classroomId: string; exam: Tree; values: Tree }[] = [];
  for (const [batchKey, batchExams] of entries(record.ReportCards)) {
    for (const [examKey, exam] of entries(batchExams)) {
      const key = `${uid}/${batchKey}/${examKey}`;
      ctx.report.read('assessments');
      const classroomId = classroomOf.get(batchKey);
      if (!classroomId) {
        ctx.report.orphan('assessments', key, 'IMPORT_REPORT_CARD_OF_UNKNOWN_CLASSROOM');
        continue;
      }
      const heldOn = isoDate(exam.Date);
      const term = text(exam.Term);
      if (!heldOn || !term) {
        ctx.report.skip('assessments', key, 'IMPORT_EXAM_WITHOUT_TERM_OR_DATE');
        continue;
      }
      const weight = Number(exam.Weight);
      exams.push({
        key,
        classroomId,
        exam,
        values: {
          account_id: accountId,
          classroom_id: classroomId,
          name: text(exam.Name) || examKey,
          term,
          held_on: heldOn,
          weight: Number.isInteger(weight) && weight > 0 && weight <= 100 ? weight : 100,
          published_at: exam.Published ? (ms(exam.Published) ?? ctx.now) : null,
        },
      });
    }
  }
  const written = await ctx.repo.syncKeyedMany(
    'assessments',
    'assessment',
    exams.map(({ key, values }) => ({
      key,
      values,
      createOnly: { created_by: null, created_at: ctx.now, updated_at: ctx.now },
    })),
    ctx.now,
  );
  for (const { outcome } of written) ctx.report.wrote('assessments', outcome);

  const subjects = exams.flatMap(({ key, exam }, i) =>
    entries(exam.Subjects).map(([, subject], position) => {
      ctx.report.read('assessmentSubjects');
      const full = Number(subject.FullMarks) > 0 ? Number(subject.FullMarks) : 100;
      const pass = Number(subject.PassMarks) >= 0 ? Number(subject.PassMarks) : 0;
      return {
        key: `${key}/${text(subject.Name)}`,
        exam: i,
        name: text(subject.Name),
        values: {
          assessment_id: written[i]!.id,
          name: text(subject.Name),
          kind: subject.Optional === true ? 'optional' : 'compulsory',
          position,
          parts: JSON.stringify([{ key: PART, name: '', fullMarks: full, passMarks: Math.min(pass, full) }]),
        },
        createOnly: {},
      };
    }),
  );
  const subjectRows = await ctx.repo.syncKeyedMany(
    'assessment_subjects',
    'assessment-subject',
    subjects,
    ctx.now,
  );
  for (const { outcome } of subjectRows) ctx.report.wrote('assessmentSubjects', outcome);
  const subjectId = new Map(subjects.map((s, i) => [`${s.exam}/${s.name}`, subjectRows[i]!.id]));

  const marks = exams.flatMap(({ key, exam }, i) =>
    entries(exam.Marks).flatMap(([studentUid, sheet]) => {
      const studentId = students.get(studentUid);
      return Object.entries(sheet).flatMap(([subject, value]) => {
        ctx.report.read('assessmentMarks');
        const id = subjectId.get(`${i}/${subject}`);
        const mark = marksOf(value);
        if (!studentId || !id) {
          ctx.report.orphan(
            'assessmentMarks',
            `${key}/${studentUid}/${subject}`,
            studentId ? 'IMPORT_MARKS_FOR_UNLISTED_SUBJECT' : 'IMPORT_MARKS_OF_UNKNOWN_STUDENT',
          );
          return [];
        }
        if (!mark) {
          ctx.report.skip('assessmentMarks', `${key}/${studentUid}/${subject}`, 'IMPORT_MARKS_NOT_A_NUMBER');
          return [];
        }
        return [
          {
            where: { assessment_id: written[i]!.id, subject_id: id, part_key: PART, student_id: studentId },
            values: mark,
            createOnly: { version: 1, updated_by: null, updated_at: ctx.now },
          },
        ];
      });
    }),
  );
  const markOutcomes = await ctx.repo.syncMany(
    'assessment_marks',
    ['assessment_id', 'subject_id', 'part_key', 'student_id'],
    marks,
  );
  for (const outcome of markOutcomes) ctx.report.wrote('assessmentMarks', outcome);

  const remarks = exams.flatMap(({ key, classroomId, exam, values }) =>
    Object.entries(tree(exam.Remarks)).flatMap(([studentUid, remark]) => {
      ctx.report.read('reportRemarks');
      const studentId = students.get(studentUid);
      if (!studentId) {
        ctx.report.orphan('reportRemarks', `${key}/${studentUid}`, 'IMPORT_REMARK_ON_UNKNOWN_STUDENT');
        return [];
      }
      return [
        {
          where: { student_id: studentId, classroom_id: classroomId, term: values.term },
          values: { account_id: accountId, remark: text(remark) },
          createOnly: { updated_by: null, updated_at: ctx.now },
        },
      ];
    }),
  );
  const remarkOutcomes = await ctx.repo.syncMany(
    'report_remarks',
    ['student_id', 'classroom_id', 'term'],
    remarks,
  );
  for (const outcome of remarkOutcomes) ctx.report.wrote('reportRemarks', outcome);
}
