// Report-card comments drafted by the AI tool (spec part 1 §1 "AI add-ons"; spec part 2 §2
// "Report card"): a draft of the teacher's remark from the student's marks and attendance of the
// term. The model never sees the student's name: it writes the pseudonym below, which the server
// puts back as the student's first name before the teacher reads the draft.

import { REPORT_CARD_LIMITS } from '../contracts/report-card-limits';

/** What the model writes in place of the student's name. */
export const REPORT_COMMENT_PSEUDONYM = '[STUDENT]';

/** Tones the teacher may ask for. */
export const REPORT_COMMENT_TONES = ['warm', 'formal', 'encouraging'] as const;
export type ReportCommentTone = (typeof REPORT_COMMENT_TONES)[number];

/** The teacher's optional notes for the model (what to mention, what to praise). */
export const REPORT_COMMENT_NOTES_MAX = 300;

/** A draft is at most this long, so it always fits the card's remark. */
export const REPORT_COMMENT_MAX = Math.min(600, REPORT_CARD_LIMITS.remark);

const BANGLA_LETTERS = /[\u0980-\u09FF]/gu;
const LATIN_LETTERS = /[A-Za-z]/gu;

/** Mostly Bangla letters or mostly Latin ones (a Bangla subject name may sit in an English remark). */
function writtenIn(text: string): 'en' | 'bn' {
  const bangla = text.match(BANGLA_LETTERS)?.length ?? 0;
  const latin = text.replaceAll(REPORT_COMMENT_PSEUDONYM, '').match(LATIN_LETTERS)?.length ?? 0;
  return bangla > latin ? 'bn' : 'en';
}

export type ReportCommentProblem = 'EMPTY' | 'TOO_LONG' | 'WRONG_LANGUAGE' | 'NO_NAME';

/**
 * Why a draft the model proposed cannot be offered, or null: it must be non-empty, fit the
 * remark, be written in the language asked for (mostly Bangla letters, or mostly Latin ones) and name the student through the pseudonym, nothing else in its place.
 */
export function reportCommentProblem(text: string, language: 'en' | 'bn'): ReportCommentProblem | null {
  const trimmed = text.trim();
  if (trimmed === '') return 'EMPTY';
  if (trimmed.length > REPORT_COMMENT_MAX) return 'TOO_LONG';
  if (writtenIn(trimmed) !== language) return 'WRONG_LANGUAGE';
  if (!trimmed.includes(REPORT_COMMENT_PSEUDONYM)) return 'NO_NAME';
  return null;
}

/** The first word of a student's name: all of the name the teacher's draft shows. */
export function firstNameOf(name: string): string {
  return name.trim().split(/\s+/u)[0] ?? '';
}

/** The draft as the teacher reads it: the pseudonym replaced by the student's first name. */
export function withStudentName(text: string, name: string): string {
  return text
    .trim()
    .split(REPORT_COMMENT_PSEUDONYM)
    .join(firstNameOf(name))
    .slice(0, REPORT_CARD_LIMITS.remark);
}
