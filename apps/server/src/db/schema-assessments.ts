// Assessments, marks and grade scales (migration 0027), apart from schema.ts so it stays short.

/** An account's own grade scale; no row: the Bangladesh default (domain BANGLADESH_GRADE_SCALE). */
export interface GradeScalesTable {
  account_id: string;
  /** JSON `[{ min, letter, point }]`, highest min first. */
  bands: string;
  mode: 'gpa' | 'percent';
  updated_by: string | null;
  updated_at: number;
}

export interface AssessmentsTable {
  id: string;
  account_id: string;
  classroom_id: string;
  name: string;
  /** A report card is per student per term, e.g. "Half-yearly 2026". */
  term: string;
  /** YYYY-MM-DD, Bangladesh */
  held_on: string;
  /** Integer percent, its share in the term's result. */
  weight: number;
  published_at: number | null;
  created_by: string | null;
  created_at: number;
  updated_at: number;
}

export interface AssessmentSubjectsTable {
  id: string;
  assessment_id: string;
  name: string;
  kind: 'compulsory' | 'optional';
  position: number;
  /** JSON `[{ key, name, fullMarks, passMarks }]` (marks, not hundredths). */
  parts: string;
}

export interface AssessmentMarksTable {
  assessment_id: string;
  subject_id: string;
  part_key: string;
  student_id: string;
  /** Integer hundredths of a mark; null: cleared (or absent). */
  marks: number | null;
  absent: number;
  /** Starts at 1 and goes up with every change; the grid sends back the one it read. */
  version: number;
  updated_by: string | null;
  updated_at: number;
}

export interface AssessmentTables {
  grade_scales: GradeScalesTable;
  assessments: AssessmentsTable;
  assessment_subjects: AssessmentSubjectsTable;
  assessment_marks: AssessmentMarksTable;
}
