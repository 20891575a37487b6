// Saved question papers (migration 0064), apart from schema.ts so it stays short.

/** A question paper a classroom keeps: its questions and answer key as JSON (contracts/question-papers). */
export interface QuestionPapersTable {
  id: string;
  account_id: string;
  classroom_id: string;
  title: string;
  class_level: string;
  subject: string;
  language: 'en' | 'bn';
  duration_minutes: number;
  /** JSON: the paper's sections (`PaperContent`). */
  content: string;
  total_marks: number;
  questions: number;
  created_by: string | null;
  created_at: number;
  updated_at: number;
}

/** The tables of this file, as db/schema.ts `Database` takes them in. */
export interface QuestionPaperTables {
  question_papers: QuestionPapersTable;
}
