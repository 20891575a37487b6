import { z } from 'zod';
import { GRADE_SCALE_MODES } from '../assessments/grade-scale';
import { SUBJECT_KINDS } from '../assessments/marks';
import { RESULT_SMS_LANGUAGES } from '../report-cards/result-sms';
import { INTERFACE_LANGUAGES } from '../text/languages';
import { requiredText, timestampField } from './fields';
import { REPORT_CARD_LIMITS } from './report-card-limits';
import { studentMessageSampleSchema, writtenSendPreviewSchema } from './sms';

// HTTP contracts of report cards (spec part 2 §2 "Report card": language
// toggle, score overview and breakdown, average, assessments, attendance, acknowledge receipt and
// a feedback form). A card is per student per term of a classroom, composed on the server from
// the classroom's published assessments of that term (domain assessments/term.ts); nothing of it
// is stored but the teacher's remark, the family's acknowledgement and their feedback.

export { REPORT_CARD_LIMITS };

const reportTermField = z.string().trim().min(1).max(REPORT_CARD_LIMITS.term);

/** A signed link's key: 22 characters of base64url (128 random bits). */
export const reportKeyParams = z.object({ key: z.string().min(1).max(100) });

const percentField = z.number().describe('Cut (not rounded) to two decimals');

/** What a result says, in one assessment or for the term (domain StudentResult / TermResult). */
const reportResultFields = {
  obtained: z.number().describe('Marks obtained (absent parts count 0)'),
  fullMarks: z.number(),
  complete: z.boolean().describe('Every mark entered; until then there is no grade, GPA or position'),
  percent: percentField.nullable(),
  gpa: z.number().nullable().describe("Null in 'percent' mode; 0 when a compulsory subject failed"),
  letter: z.string().nullable().describe('The letter of the GPA'),
  passed: z.boolean().nullable(),
  position: z.number().int().nullable().describe('Merit position in the class (1, 2, 2, 4)'),
};

const reportPartSchema = z.object({
  key: z.string(),
  name: z.string(),
  fullMarks: z.number(),
  passMarks: z.number(),
  marks: z.number().nullable().describe('Null: not entered (or absent)'),
  absent: z.boolean(),
});

const reportSubjectSchema = z.object({
  subjectId: z.string(),
  name: z.string(),
  kind: z.enum(SUBJECT_KINDS),
  parts: z.array(reportPartSchema),
  obtained: z.number(),
  fullMarks: z.number(),
  complete: z.boolean(),
  absent: z.boolean(),
  percent: percentField.nullable(),
  letter: z.string().nullable(),
  point: z.number().nullable(),
  passed: z.boolean().nullable(),
});

const reportAssessmentInfoSchema = z.object({
  id: z.string(),
  name: z.string(),
  heldOn: z.string().describe('YYYY-MM-DD'),
  weight: z.number().int().describe('Integer percent; only the ratio between the term’s assessments counts'),
});

const reportCardAssessmentSchema = reportAssessmentInfoSchema.extend({
  ...reportResultFields,
  subjects: z.array(reportSubjectSchema),
});

/** A subject across the term's assessments (matched by name), as the term's grade sheet shows it. */
const reportTermSubjectSchema = z.object({
  name: z.string(),
  kind: z.enum(SUBJECT_KINDS),
  complete: z.boolean(),
  percent: percentField.nullable(),
  letter: z.string().nullable(),
  point: z.number().nullable(),
  passed: z.boolean().nullable(),
});

/** Attendance of the term's date range from the attendance module; null when it has no marks. */
const reportAttendanceSchema = z.object({
  from: z.string().describe('YYYY-MM-DD, Bangladesh date'),
  to: z.string(),
  sessions: z.number().int(),
  present: z.number().int(),
  late: z.number().int(),
  absent: z.number().int(),
  leave: z.number().int(),
  percent: percentField.nullable().describe('Present or late of the sessions not on leave'),
});

const reportInstitutionSchema = z.object({
  name: z.string(),
  logoUrl: z.string().nullable(),
});

const reportClassroomSchema = z.object({
  id: z.string(),
  name: z.string(),
  teacherName: z.string(),
});

export const reportFeedbackItemSchema = z.object({
  id: z.string(),
  text: z.string(),
  createdAt: timestampField,
  readAt: timestampField.nullable(),
});

/** One student's report card for a term. */
export const reportCardSchema = z.object({
  institution: reportInstitutionSchema,
  classroom: reportClassroomSchema,
  term: z.string(),
  mode: z.enum(GRADE_SCALE_MODES),
  student: z.object({
    id: z.string(),
    name: z.string(),
    customId: z.string().nullable(),
    avatarUrl: z.string().nullable(),
  }),
  overview: z.object({
    ...reportResultFields,
    classSize: z.number().int().describe('Students ranked with complete results'),
    subjects: z.array(reportTermSubjectSchema),
  }),
  average: z.object({
    classPercent: percentField.nullable().describe('Mean term percentage of the complete results'),
    highestPercent: percentField.nullable(),
  }),
  assessments: z.array(reportCardAssessmentSchema),
  attendance: reportAttendanceSchema.nullable(),
  remark: z.object({ text: z.string(), updatedAt: timestampField }).nullable(),
  acknowledgedAt: timestampField.nullable(),
  feedback: z.array(reportFeedbackItemSchema),
  generatedAt: timestampField,
});
export type ReportCard = z.output<typeof reportCardSchema>;

/** How a card stands with the family: for the teacher's lists. */
const reportStatusSchema = z.object({
  liveLinks: z.number().int(),
  lastOpenedAt: timestampField.nullable(),
  acknowledgedAt: timestampField.nullable(),
  feedback: z.number().int(),
  unreadFeedback: z.number().int(),
  remark: z.boolean(),
});
export type ReportStatus = z.output<typeof reportStatusSchema>;

const tableAssessmentCellSchema = z.object({
  assessmentId: z.string(),
  obtained: z.number(),
  fullMarks: z.number(),
  complete: z.boolean(),
  percent: percentField.nullable(),
  gpa: z.number().nullable(),
  letter: z.string().nullable(),
  passed: z.boolean().nullable(),
  position: z.number().int().nullable(),
});

/** The term table (/atableviewreport, /tableviewreport): students × assessments and subjects. */
export const reportTableSchema = z.object({
  institution: reportInstitutionSchema,
  classroom: reportClassroomSchema,
  term: z.string(),
  mode: z.enum(GRADE_SCALE_MODES),
  assessments: z.array(reportAssessmentInfoSchema),
  subjects: z.array(reportTermSubjectSchema.pick({ name: true, kind: true })),
  rows: z.array(
    z.object({
      studentId: z.string(),
      name: z.string(),
      customId: z.string().nullable(),
      assessments: z.array(tableAssessmentCellSchema),
      subjects: z.array(reportTermSubjectSchema),
      ...reportResultFields,
      status: reportStatusSchema.nullable().describe('Staff only: links, acknowledgement, feedback'),
    }),
  ),
  average: reportCardSchema.shape.average,
});
export type ReportTable = z.output<typeof reportTableSchema>;

/** One assessment's table (/atableviewreportassessmentview): students × subjects and their parts. */
export const reportAssessmentTableSchema = z.object({
  institution: reportInstitutionSchema,
  classroom: reportClassroomSchema,
  term: z.string(),
  mode: z.enum(GRADE_SCALE_MODES),
  assessment: reportAssessmentInfoSchema,
  subjects: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      kind: z.enum(SUBJECT_KINDS),
      parts: z.array(reportPartSchema.pick({ key: true, name: true, fullMarks: true, passMarks: true })),
      fullMarks: z.number(),
    }),
  ),
  rows: z.array(
    z.object({
      studentId: z.string(),
      name: z.string(),
      customId: z.string().nullable(),
      subjects: z.array(reportSubjectSchema.omit({ name: true, kind: true })),
      ...reportResultFields,
    }),
  ),
  average: reportCardSchema.shape.average,
});
export type ReportAssessmentTable = z.output<typeof reportAssessmentTableSchema>;

/** The terms of a classroom that have published assessments, newest first. */
export const reportTermsSchema = z.object({
  terms: z.array(
    z.object({
      term: z.string(),
      assessments: z.array(reportAssessmentInfoSchema),
      lastHeldOn: z.string(),
    }),
  ),
});
export type ReportTerms = z.output<typeof reportTermsSchema>;

export const reportTermQuerySchema = z.object({ term: reportTermField });

/** A report card prints in every interface language (spec part 1 §1). */
export const REPORT_LANGUAGES = INTERFACE_LANGUAGES;
export type ReportLanguage = (typeof REPORT_LANGUAGES)[number];

export const reportPdfQuerySchema = z.object({
  term: reportTermField,
  studentId: z
    .string()
    .min(1)
    .optional()
    .describe('One student’s card; the whole class (a page each) when absent'),
  lang: z.enum(REPORT_LANGUAGES).default('en'),
});

export const reportPublicPdfQuerySchema = z.object({ lang: z.enum(REPORT_LANGUAGES).default('en') });

export const reportRemarkInputSchema = z.object({
  term: reportTermField,
  remark: z.string().trim().max(REPORT_CARD_LIMITS.remark).describe('Empty removes the remark'),
});

/** Students of a classroom term: every one when `studentIds` is absent. */
export const reportStudentsInputSchema = z.object({
  term: reportTermField,
  studentIds: z.array(z.string().min(1)).max(REPORT_CARD_LIMITS.students).optional(),
});
export type ReportStudentsInput = z.input<typeof reportStudentsInputSchema>;

/** Links issued: each key is shown this once (only its hash is kept). */
export const reportLinksIssuedSchema = z.object({
  links: z.array(
    z.object({
      studentId: z.string(),
      name: z.string(),
      url: z.string(),
      shortUrl: z.string(),
    }),
  ),
});
export type ReportLinksIssued = z.output<typeof reportLinksIssuedSchema>;

export const reportLinksRevokedSchema = z.object({ revoked: z.number().int() });

/** The class table's own link (/tableviewreport?key=…), shared with whoever the teacher chooses. */
export const reportTableLinkSchema = z.object({ url: z.string(), shortUrl: z.string() });

export const reportFeedbackInputSchema = z.object({
  text: requiredText('REPORT_FEEDBACK_EMPTY').pipe(z.string().max(REPORT_CARD_LIMITS.feedback)),
});

export const reportAcknowledgedSchema = z.object({ acknowledgedAt: timestampField });

/** The families' feedback and acknowledgements of a classroom term, for the teacher. */
export const reportFeedbackListSchema = z.object({
  feedback: z.array(reportFeedbackItemSchema.extend({ studentId: z.string(), studentName: z.string() })),
  acknowledgements: z.array(
    z.object({ studentId: z.string(), studentName: z.string(), acknowledgedAt: timestampField }),
  ),
  unread: z.number().int(),
});
export type ReportFeedbackList = z.output<typeof reportFeedbackListSchema>;

export const reportFeedbackReadSchema = z.object({
  term: reportTermField,
  ids: z.array(z.string().min(1)).max(500).optional().describe('Every unread one of the term when absent'),
});

/** A result SMS: who gets it (students with a complete result) and what it says. */
export const resultSmsSendSchema = z.object({
  term: reportTermField,
  template: z
    .string()
    .max(2000)
    .describe(
      'Placeholders: {Name} {ID} {Institution} {Classroom} {Exam} {Marks} {Total} {Percent} {GPA} {Grade} {Position} {Result} {Report Link}',
    ),
  language: z.enum(RESULT_SMS_LANGUAGES).default('en').describe('How numbers are written'),
  studentIds: z.array(z.string().min(1)).max(REPORT_CARD_LIMITS.students).optional(),
});
export type ResultSmsSendInput = z.input<typeof resultSmsSendSchema>;
export type ResultSmsSend = z.output<typeof resultSmsSendSchema>;

/** The confirmation of a result SMS: how many families, what it costs, sample messages. */
export const resultSmsPreviewSchema = writtenSendPreviewSchema.extend({
  students: z.number().int().describe('Students who get a message (one each)'),
  parts: z.number().int().describe('SMS of the whole send: the debit'),
  noPhone: z.number().int().describe('Students with a result but no valid phone of theirs or a guardian'),
  incomplete: z.number().int().describe('Students left out: marks still missing'),
  sample: studentMessageSampleSchema.describe(
    'The first messages as they will go out (a stand-in link of the same length)',
  ),
});
export type ResultSmsPreview = z.output<typeof resultSmsPreviewSchema>;
