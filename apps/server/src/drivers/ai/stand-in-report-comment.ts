import { REPORT_COMMENT_PSEUDONYM } from '@batchwise/domain';

/** The report-comment prompt's input as the stand-in reads it (prompts/report-comment.v1.ts). */
export interface ReportCommentInput {
  task: 'report-comment';
  language: 'en' | 'bn';
  tone: 'warm' | 'formal' | 'encouraging';
  notes: string;
  overall: { percent: number | null; letter: string | null };
  subjects: { name: string; percent: number | null; passed: boolean | null }[];
  attendancePercent: number | null;
}

const WORDS = {
  en: {
    overall: (p: string, letter: string) =>
      `${REPORT_COMMENT_PSEUDONYM} scored ${p}% overall this term${letter}.`,
    best: (s: string, p: string) => `The strongest subject was ${s} (${p}%).`,
    weak: (s: string) => `${s} needs more regular practice.`,
    attendance: (p: string) => `Attendance was ${p}%.`,
    closing: {
      warm: `Well done, ${REPORT_COMMENT_PSEUDONYM}; keep it up!`,
      formal: `We expect ${REPORT_COMMENT_PSEUDONYM} to keep up the same effort.`,
      encouraging: `With steady practice, ${REPORT_COMMENT_PSEUDONYM} can do even better next term.`,
    },
  },
  bn: {
    overall: (p: string, letter: string) =>
      `${REPORT_COMMENT_PSEUDONYM} এই টার্মে মোট ${p}% নম্বর পেয়েছে${letter}।`,
    best: (s: string, p: string) => `সবচেয়ে ভালো করেছে ${s} বিষয়ে (${p}%)।`,
    weak: (s: string) => `${s} বিষয়ে আরও নিয়মিত অনুশীলন দরকার।`,
    attendance: (p: string) => `উপস্থিতি ছিল ${p}%।`,
    closing: {
      warm: `চমৎকার, ${REPORT_COMMENT_PSEUDONYM}; এভাবেই এগিয়ে যাও!`,
      formal: `আশা করি ${REPORT_COMMENT_PSEUDONYM} ভবিষ্যতেও একইভাবে চেষ্টা চালিয়ে যাবে।`,
      encouraging: `নিয়মিত অনুশীলনে ${REPORT_COMMENT_PSEUDONYM} আগামী টার্মে আরও ভালো করবে।`,
    },
  },
};

/**
 * A deterministic remark from the card's figures: overall result, the best subject, the weakest
 * when it failed (or fell below 50 %), attendance, the teacher's notes and a closing in the tone.
 */
export function reportComment(input: ReportCommentInput): { comment: string } {
  const words = WORDS[input.language];
  const n = (value: number) => value.toLocaleString(input.language === 'bn' ? 'bn-BD' : 'en');
  const sentences: string[] = [];
  if (input.overall.percent !== null) {
    const letter = input.overall.letter ? ` (${input.overall.letter})` : '';
    sentences.push(words.overall(n(input.overall.percent), letter));
  }
  const scored = input.subjects
    .filter((s): s is typeof s & { percent: number } => s.percent !== null)
    .sort((a, b) => b.percent - a.percent);
  const best = scored[0];
  const weakest = scored.at(-1);
  if (best) sentences.push(words.best(best.name, n(best.percent)));
  if (weakest && weakest !== best && (weakest.passed === false || weakest.percent < 50)) {
    sentences.push(words.weak(weakest.name));
  }
  if (input.attendancePercent !== null) sentences.push(words.attendance(n(input.attendancePercent)));
  if (input.notes) {
    const note = input.notes.replace(/[.।]*$/u, input.language === 'bn' ? '।' : '.');
    sentences.push(note.charAt(0).toUpperCase() + note.slice(1));
  }
  sentences.push(words.closing[input.tone]);
  return { comment: sentences.join(' ') };
}
