// Question papers drafted by the AI tool (spec part 1 §1 "AI add-ons": "Question papers in
// minutes"): sections of multiple-choice, short and creative (সৃজনশীল) questions as Bangladeshi
// boards set them. A creative question is a stem (উদ্দীপক) and four parts, ক to ঘ, testing
// knowledge, comprehension, application and higher ability for 1, 2, 3 and 4 marks.

export const QUESTION_KINDS = ['mcq', 'short', 'creative'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

export const QUESTION_DIFFICULTIES = ['easy', 'mixed', 'hard'] as const;

/** The parts of a creative question and their marks, as the boards set them. */
export const CREATIVE_PART_MARKS = [1, 2, 3, 4] as const;
/** Options of a multiple-choice question. */
export const MCQ_OPTIONS = 4;
/** How options and creative parts are lettered on a paper: a–d in English, ক–ঘ as the boards print. */
export const QUESTION_OPTION_LABELS = { en: ['a', 'b', 'c', 'd'], bn: ['ক', 'খ', 'গ', 'ঘ'] } as const;
/** Questions one section may ask for; a paper has at most one section of each kind. */
export const QUESTION_SECTION_MAX = 30;
export const QUESTION_TOPICS_MAX = 10;

/** Marks of one question of a section: a creative question is always its parts' 10. */
export function questionMarks(kind: QuestionKind, marksEach: number): number {
  return kind === 'creative' ? CREATIVE_PART_MARKS.reduce((a, b) => a + b, 0) : marksEach;
}

/** Papers a classroom keeps; older ones are deleted to save more. */
export const SAVED_PAPERS_MAX = 200;
/** The pass mark Bangladeshi boards set: 33% of the full marks, given to an assessment made from a paper. */
export const PAPER_PASS_SHARE = 0.33;

/** The marks a paper's questions carry: each MCQ and short question its own, a creative question its parts'. */
export function paperTotalMarks(paper: {
  mcq: readonly { marks: number }[];
  short: readonly { marks: number }[];
  creative: readonly { parts: readonly { marks: number }[] }[];
}): number {
  const sum = (list: readonly { marks: number }[]) => list.reduce((total, q) => total + q.marks, 0);
  return sum(paper.mcq) + sum(paper.short) + paper.creative.reduce((total, q) => total + sum(q.parts), 0);
}
