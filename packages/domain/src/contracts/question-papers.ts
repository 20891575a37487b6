import { z } from 'zod';
import {
  CREATIVE_PART_MARKS,
  MCQ_OPTIONS,
  QUESTION_SECTION_MAX,
  type QuestionKind,
} from '../ai/question-papers';
import { aiLanguageSchema, type QuestionPaperDraft } from './ai';
import { ASSESSMENT_LIMITS, dayField } from './assessments';
import { requiredText, timestampField } from './fields';

// Saved question papers (spec part 1 §1 "AI add-ons": "Question papers in minutes"): a drafted
// paper the teacher edited, kept per classroom, printed with the institution's header and reused
// as an assessment. Each question carries its own marks, so an edited paper totals itself.

const questionMarksField = z.number().int().min(1).max(100);
const text = (max: number) => z.string().trim().min(1).max(max);

export const paperMcqSchema = z.object({
  text: text(1000),
  options: z.array(text(300)).length(MCQ_OPTIONS),
  answer: z
    .number()
    .int()
    .min(0)
    .max(MCQ_OPTIONS - 1)
    .describe('Index of the right option'),
  marks: questionMarksField,
});
export const paperShortSchema = z.object({ text: text(1000), answer: text(2000), marks: questionMarksField });
export const paperCreativeSchema = z.object({
  stem: text(3000).describe('The উদ্দীপক the four parts are asked from'),
  parts: z
    .array(z.object({ text: text(1000), answer: text(3000), marks: questionMarksField }))
    .length(4)
    .describe('ক, খ, গ, ঘ: knowledge, comprehension, application, higher ability'),
});

/** The questions of a paper, section by section, with the answer key. */
export const paperContentSchema = z
  .object({
    title: text(200),
    mcq: z.array(paperMcqSchema).max(QUESTION_SECTION_MAX),
    short: z.array(paperShortSchema).max(QUESTION_SECTION_MAX),
    creative: z.array(paperCreativeSchema).max(QUESTION_SECTION_MAX),
  })
  .refine((p) => p.mcq.length + p.short.length + p.creative.length > 0, 'A paper needs a question');
export type PaperContent = z.output<typeof paperContentSchema>;

/**
 * A drafted paper made editable: each question carries the marks its section was asked for, and
 * the parts of a creative question the board's 1, 2, 3 and 4.
 */
export function paperWithMarks(
  draft: QuestionPaperDraft,
  sections: readonly { kind: QuestionKind; marksEach: number }[],
): PaperContent {
  const marksOf = (kind: QuestionKind) => sections.find((s) => s.kind === kind)?.marksEach ?? 1;
  return {
    title: draft.title,
    mcq: draft.mcq.map((q) => ({ ...q, marks: marksOf('mcq') })),
    short: draft.short.map((q) => ({ ...q, marks: marksOf('short') })),
    creative: draft.creative.map((q) => ({
      ...q,
      parts: q.parts.map((part, i) => ({ ...part, marks: CREATIVE_PART_MARKS[i] ?? 1 })),
    })),
  };
}

/** Save a paper to a classroom, or save it again after editing. */
export const savedPaperInputSchema = z.object({
  classLevel: text(60).describe('"Class 9", "SSC", "HSC"'),
  subject: text(100),
  language: aiLanguageSchema.describe('The language the paper is printed in'),
  durationMinutes: z.number().int().min(5).max(600).describe('Time allowed, printed on the paper'),
  paper: paperContentSchema,
});
export type SavedPaperInput = z.input<typeof savedPaperInputSchema>;

export const savedPaperSummarySchema = z.object({
  id: z.string(),
  classroomId: z.string(),
  title: z.string(),
  classLevel: z.string(),
  subject: z.string(),
  language: aiLanguageSchema,
  totalMarks: z.number().int(),
  questions: z.number().int(),
  updatedAt: timestampField,
});
export type SavedPaperSummary = z.output<typeof savedPaperSummarySchema>;

export const savedPaperSchema = savedPaperSummarySchema.extend({
  durationMinutes: z.number().int(),
  paper: paperContentSchema,
  createdAt: timestampField,
});
export type SavedPaper = z.output<typeof savedPaperSchema>;

export const savedPaperListSchema = z.object({ papers: z.array(savedPaperSummarySchema) });

export const paperPdfQuerySchema = z.object({
  answers: z
    .enum(['0', '1'])
    .default('0')
    .describe('1: the answer key follows the questions on pages of its own'),
});

/** Make an assessment of the classroom from a paper: one subject, the paper's total as full marks. */
export const paperAssessmentInputSchema = z.object({
  name: requiredText('ASSESSMENT_NAME_REQUIRED').pipe(z.string().max(ASSESSMENT_LIMITS.name)),
  term: requiredText('ASSESSMENT_TERM_REQUIRED').pipe(z.string().max(ASSESSMENT_LIMITS.term)),
  heldOn: dayField,
});
export type PaperAssessmentInput = z.input<typeof paperAssessmentInputSchema>;
