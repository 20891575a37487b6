import { REPORT_COMMENT_MAX, REPORT_COMMENT_PSEUDONYM, type ReportCommentTone } from '@batchwise/domain';
import type { ChatMessage } from '../../../drivers/ai/chat-model';

/**
 * The report-card comment's prompt, version 1. A change of wording is a new file
 * (report-comment.v2.ts) with its own version number, so each request in `ai_requests` says
 * which prompt it used.
 */
export const REPORT_COMMENT_PROMPT_VERSION = 1;

/** One subject of the term as the card shows it. */
export interface ReportCommentSubject {
  name: string;
  percent: number | null;
  letter: string | null;
  passed: boolean | null;
}

/** What the model reads: the card's figures, never the student's name, roll, id or contacts. */
export interface ReportCommentPromptInput {
  language: 'en' | 'bn';
  tone: ReportCommentTone;
  /** The teacher's own words, or ''. */
  notes: string;
  term: string;
  overall: {
    percent: number | null;
    letter: string | null;
    gpa: number | null;
    passed: boolean | null;
    position: number | null;
    classSize: number;
    classPercent: number | null;
  };
  subjects: ReportCommentSubject[];
  /** Percent of the term's sessions present or late; null without attendance marks. */
  attendancePercent: number | null;
  absentSessions: number | null;
}

const SYSTEM = [
  "You write the class teacher's remark on a student's report card at a school or coaching centre in Bangladesh.",
  `Refer to the student only as ${REPORT_COMMENT_PSEUDONYM}, written exactly so, at least once; never invent a name.`,
  'Base the remark only on the figures given: the overall result, the strongest and weakest subjects, and attendance when it is given. Mention a failed subject kindly, with one concrete suggestion.',
  "Use the teacher's notes when given. Do not invent marks, ranks, events or family details.",
  'Tone: "warm" is friendly and personal, "formal" is respectful and plain, "encouraging" stresses progress and next steps.',
  'Language: "bn" means natural Bangla in Bangla script (numbers may be Bangla digits); "en" means simple English with no Bangla letters.',
  `Write two to four sentences, at most ${REPORT_COMMENT_MAX} characters in all.`,
  'Answer with only a JSON object of this shape: {"comment":"..."}',
].join('\n');

export function reportCommentPrompt(input: ReportCommentPromptInput): ChatMessage[] {
  return [
    { role: 'system', content: SYSTEM },
    // The input as JSON: unambiguous for the model, and what the stand-in reads.
    { role: 'user', content: JSON.stringify({ task: 'report-comment', ...input }) },
  ];
}
