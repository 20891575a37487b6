// Report cards (migration 0028), apart from schema.ts so it stays short.

/** A signed link: only the SHA-256 of its key is kept; the key itself is shown once. */
export interface ReportLinksTable {
  id: string;
  key_hash: string;
  /** 'student': one student's card (/viewreport); 'table': the classroom's term table (/tableviewreport). */
  kind: 'student' | 'table';
  account_id: string;
  /** Null for a table link. */
  student_id: string | null;
  classroom_id: string;
  term: string;
  created_by: string | null;
  created_at: number;
  revoked_at: number | null;
  last_opened_at: number | null;
}

/** A card's receipt acknowledged by the family: once per student, classroom and term. */
export interface ReportAcknowledgementsTable {
  student_id: string;
  classroom_id: string;
  term: string;
  account_id: string;
  link_id: string | null;
  acknowledged_at: number;
}

/** A family's free-text suggestion on a card (part 2 §2 "feedback form"), listed for the teacher. */
export interface ReportFeedbackTable {
  id: string;
  account_id: string;
  student_id: string;
  classroom_id: string;
  term: string;
  link_id: string | null;
  text: string;
  created_at: number;
  read_at: number | null;
  read_by: string | null;
}

/** The teacher's remark on a card. */
export interface ReportRemarksTable {
  student_id: string;
  classroom_id: string;
  term: string;
  account_id: string;
  remark: string;
  updated_by: string | null;
  updated_at: number;
}

export interface ReportCardTables {
  report_links: ReportLinksTable;
  report_acknowledgements: ReportAcknowledgementsTable;
  report_feedback: ReportFeedbackTable;
  report_remarks: ReportRemarksTable;
}
