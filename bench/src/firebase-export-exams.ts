import { BASE_TIME, DAY, type Json, SUBJECTS } from './firebase-export-seed';

/** Report cards: exams (assessments), their subjects, marks (one per student and subject) and remarks. */
export interface ReportCardManifest {
  assessments: number;
  assessmentSubjects: number;
  assessmentMarks: number;
  reportRemarks: number;
}

export function emptyReportCardManifest(): ReportCardManifest {
  return { assessments: 0, assessmentSubjects: 0, assessmentMarks: 0, reportRemarks: 0 };
}

/**
 * USERS/{uid}/ReportCards/{batch}/{exam}: the first classroom's half-yearly exam, with two
 * subjects, every student's marks (every seventh absent from the second) and a remark on the
 * first student. The spec names the section and what a card shows (average, assessments,
 * attendance, score breakdown) but not its fields: these are the ones the import reads.
 */
export function examsOf(batch: { key: string; data: Json }, manifest: ReportCardManifest): Json {
  const students = Object.keys(batch.data.AcceptedStudents as Json);
  const marks: Json = {};
  students.forEach((studentUid, i) => {
    marks[studentUid] = {
      [SUBJECTS[0]!]: 40 + (i % 60),
      [SUBJECTS[1]!]: i % 7 === 6 ? 'Absent' : 35.5 + (i % 50),
    };
  });
  manifest.assessments++;
  manifest.assessmentSubjects += 2;
  manifest.assessmentMarks += students.length * 2;
  manifest.reportRemarks += students.length > 0 ? 1 : 0;
  return {
    [batch.key]: {
      '-Nhalfyearly': {
        Name: 'Half-yearly Exam',
        Term: 'Half-yearly 2024',
        Date: '15-06-2024',
        Weight: 100,
        Published: BASE_TIME + 170 * DAY,
        Subjects: {
          0: { Name: SUBJECTS[0], FullMarks: 100, PassMarks: 33 },
          1: { Name: SUBJECTS[1], FullMarks: 100, PassMarks: 33 },
        },
        Marks: marks,
        ...(students.length > 0
          ? { Remarks: { [students[0]!]: 'Steady progress; practise more proofs.' } }
          : {}),
      },
    },
  };
}
