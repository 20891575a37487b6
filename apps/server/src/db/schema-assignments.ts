// Online assignments (migration 0061), apart from schema.ts so it stays short.

/** An assignment a teacher posted; its classrooms are in assignment_classrooms. */
export interface AssignmentsTable {
  id: string;
  account_id: string;
  title: string;
  instructions: string;
  attachment_name: string | null;
  /** `/media/attachments/…`, stored through the media upload path. */
  attachment_url: string | null;
  due_at: number;
  full_marks: number;
  /** 1: late submissions are taken (and marked late); 0: closed at the due time. */
  accept_late: number;
  created_by: string | null;
  created_at: number;
  updated_at: number;
}

export interface AssignmentClassroomsTable {
  assignment_id: string;
  classroom_id: string;
}

/** A student's one submission; a resubmission replaces it until marks are given. */
export interface AssignmentSubmissionsTable {
  assignment_id: string;
  student_id: string;
  text: string;
  file_name: string | null;
  file_url: string | null;
  submitted_by: string | null;
  submitted_at: number;
  marks: number | null;
  comment: string | null;
  marked_by: string | null;
  marked_at: number | null;
}

/** The assessment an assignment's marks went into, in one of its classrooms (migration 0069). */
export interface AssignmentAssessmentsTable {
  assignment_id: string;
  classroom_id: string;
  assessment_id: string;
}

/** The tables of this file, as db/schema.ts `Database` takes them in. */
export interface AssignmentTables {
  assignments: AssignmentsTable;
  assignment_classrooms: AssignmentClassroomsTable;
  assignment_submissions: AssignmentSubmissionsTable;
  assignment_assessments: AssignmentAssessmentsTable;
}
