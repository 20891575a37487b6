import { z } from 'zod';
import {
  MCQ_OPTIONS,
  QUESTION_DIFFICULTIES,
  QUESTION_KINDS,
  QUESTION_SECTION_MAX,
  QUESTION_TOPICS_MAX,
} from '../ai/question-papers';
import { REPORT_COMMENT_NOTES_MAX, REPORT_COMMENT_TONES } from '../ai/report-comments';
import { SMS_DRAFT_DESCRIPTION_MAX, SMS_DRAFT_PARTS, SMS_DRAFTS_MAX } from '../ai/sms-writer';
import { REPORT_CARD_LIMITS } from './report-card-limits';

// The AI tools' contracts: what the browser asks, what the model must answer (validated before
// anything is shown or charged), and an account's credits.

export const aiLanguageSchema = z.enum(['en', 'bn']);

/** Ask the SMS writer for drafts. */
export const smsDraftsRequestSchema = z.object({
  description: z
    .string()
    .trim()
    .min(3)
    .max(SMS_DRAFT_DESCRIPTION_MAX)
    .describe('What the message should say, in the teacher’s words ("fees due by the 10th, polite")'),
  language: aiLanguageSchema.describe('Language of the drafts'),
  maxParts: z
    .union(SMS_DRAFT_PARTS.map((n) => z.literal(n)) as [z.ZodLiteral<1>, z.ZodLiteral<2>])
    .describe('Each draft fits in this many SMS parts'),
  kind: z.enum(['typed', 'template']).describe('Counted as typed text (compose) or as a template'),
  template: z
    .string()
    .max(2000)
    .default('')
    .describe('The template being edited: its placeholders are kept in every draft'),
});
export type SmsDraftsRequest = z.input<typeof smsDraftsRequestSchema>;

/** What the model must answer for the SMS writer (prompts/sms-drafts). */
export const smsDraftsAnswerSchema = z.object({
  drafts: z
    .array(z.object({ text: z.string().min(1).max(1000) }))
    .min(1)
    .max(5),
});
export type SmsDraftsAnswer = z.output<typeof smsDraftsAnswerSchema>;

export const aiCreditsSchema = z.object({
  /** Credits left in the account. */
  balance: z.number().int(),
  /** Credits the account's plan adds each month. */
  monthly: z.number().int(),
});
export type AiCredits = z.output<typeof aiCreditsSchema>;

export const smsDraftsSchema = z.object({
  drafts: z
    .array(z.object({ text: z.string(), parts: z.number().int() }))
    .min(1)
    .max(SMS_DRAFTS_MAX),
  credits: aiCreditsSchema,
});
export type SmsDrafts = z.output<typeof smsDraftsSchema>;

/** Ask for a draft of the teacher's remark on one student's report card of a term. */
export const reportCommentRequestSchema = z.object({
  classroomId: z.string().min(1).max(40),
  studentId: z.string().min(1).max(40),
  term: z.string().trim().min(1).max(REPORT_CARD_LIMITS.term),
  language: aiLanguageSchema.describe('The report card’s language'),
  tone: z.enum(REPORT_COMMENT_TONES).default('warm'),
  notes: z
    .string()
    .trim()
    .max(REPORT_COMMENT_NOTES_MAX)
    .default('')
    .describe('What the teacher wants mentioned ("helps classmates"); sent to the model as written'),
});
export type ReportCommentRequest = z.input<typeof reportCommentRequestSchema>;

/** What the model must answer for a report-card comment (prompts/report-comment). */
export const reportCommentAnswerSchema = z.object({ comment: z.string().min(1).max(2000) });

export const reportCommentSchema = z.object({
  comment: z
    .string()
    .max(REPORT_CARD_LIMITS.remark)
    .describe('The draft with the student’s first name; nothing is saved until the teacher saves the remark'),
  credits: aiCreditsSchema,
});
export type ReportComment = z.output<typeof reportCommentSchema>;

/** Ask for a draft question paper. */
export const questionPaperRequestSchema = z.object({
  classLevel: z.string().trim().min(1).max(60).describe('"Class 9", "SSC", "HSC"'),
  subject: z.string().trim().min(1).max(100),
  topics: z
    .array(z.string().trim().min(1).max(120))
    .min(1)
    .max(QUESTION_TOPICS_MAX)
    .describe('Chapters or topics the paper covers'),
  language: aiLanguageSchema,
  difficulty: z.enum(QUESTION_DIFFICULTIES).default('mixed'),
  sections: z
    .array(
      z.object({
        kind: z.enum(QUESTION_KINDS),
        count: z.number().int().min(1).max(QUESTION_SECTION_MAX),
        marksEach: z.number().int().min(1).max(20).describe('Ignored for creative questions (always 10)'),
      }),
    )
    .min(1)
    .max(QUESTION_KINDS.length)
    .refine((list) => new Set(list.map((s) => s.kind)).size === list.length, 'One section of each kind'),
});
export type QuestionPaperRequest = z.input<typeof questionPaperRequestSchema>;

const mcqQuestionSchema = z.object({
  text: z.string().min(1).max(1000),
  options: z.array(z.string().min(1).max(300)).length(MCQ_OPTIONS),
  answer: z
    .number()
    .int()
    .min(0)
    .max(MCQ_OPTIONS - 1)
    .describe('Index of the right option'),
});
const shortQuestionSchema = z.object({
  text: z.string().min(1).max(1000),
  answer: z.string().min(1).max(2000),
});
const creativeQuestionSchema = z.object({
  stem: z.string().min(1).max(3000).describe('The উদ্দীপক the four parts are asked from'),
  parts: z
    .array(z.object({ text: z.string().min(1).max(1000), answer: z.string().min(1).max(3000) }))
    .length(4)
    .describe('ক (knowledge, 1 mark), খ (comprehension, 2), গ (application, 3), ঘ (higher ability, 4)'),
});

/** What the model must answer for a question paper (prompts/question-paper), and what the editor holds. */
export const questionPaperDraftSchema = z.object({
  title: z.string().min(1).max(200),
  mcq: z.array(mcqQuestionSchema).max(QUESTION_SECTION_MAX).default([]),
  short: z.array(shortQuestionSchema).max(QUESTION_SECTION_MAX).default([]),
  creative: z.array(creativeQuestionSchema).max(QUESTION_SECTION_MAX).default([]),
});
export type QuestionPaperDraft = z.output<typeof questionPaperDraftSchema>;

export const questionPaperSchema = z.object({
  paper: questionPaperDraftSchema,
  /** Marks of the whole paper, from the sections asked for. */
  totalMarks: z.number().int(),
  credits: aiCreditsSchema,
});
export type QuestionPaper = z.output<typeof questionPaperSchema>;
