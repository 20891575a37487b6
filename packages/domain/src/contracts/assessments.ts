import { z } from 'zod';
import { GRADE_SCALE_LIMITS, GRADE_SCALE_MODES, gradeScaleProblem } from '../assessments/grade-scale';
import { hasTwoDecimalsAtMost, MAX_FULL_MARKS, PART_KEY_PATTERN, SUBJECT_KINDS } from '../assessments/marks';
import { domainError } from '../messages';
import { INTERFACE_LANGUAGES } from '../text/languages';
import { addDomainIssue, requiredText, timestampField } from './fields';

// Assessments, marks and grading. Endpoints (endpoints/assessments.ts; all
// under /api/accounts/:accountId, open to the account's owner, admins and assistants who see the
// classroom, never to students or parents — modules/assessments/assessments.policy.ts):
//
//   GET    /classrooms/:classroomId/assessments?term=     → assessmentListSchema (newest held first)
//   POST   /classrooms/:classroomId/assessments           assessmentInputSchema → assessmentSchema (201)
//   GET    /classrooms/:classroomId/assessment-terms      → assessmentTermsSchema
//   GET    /classrooms/:classroomId/term-results?term=    → termResultsSchema (domain classResults)
//   GET    /assessments/:assessmentId                     → assessmentSchema
//   PUT    /assessments/:assessmentId                     assessmentInputSchema → assessmentSchema
//          (subjects with an `id` keep their marks; parts by `key`; subjects left out lose theirs)
//   DELETE /assessments/:assessmentId                     → { ok: true } (owners and admins only)
//   POST   /assessments/:assessmentId/publish | /unpublish → assessmentSchema
//   GET    /assessments/:assessmentId/marks               → marksGridSchema (students × parts,
//          cells with versions, results with totals, grades, GPA, positions)
//   PATCH  /assessments/:assessmentId/marks               marksSaveSchema → marksSaveResultSchema
//          (each cell carries the version it was read at, 0 for an empty cell; a cell someone else
//          changed since comes back in `conflicts` with its current value and who changed it; the
//          rest are saved in one transaction; a bad value refuses the whole save with its code)
//   GET    /assessments/:assessmentId/marks/template?lang= → .xlsx (the grid to fill in)
//   POST   /assessments/:assessmentId/marks/check          multipart "file" → marksImportSchema (nothing written)
//   POST   /assessments/:assessmentId/marks/import         multipart "file" → marksImportSchema (all or nothing)
//   GET    /grade-scale                                    → gradeScaleSchema (the Bangladesh scale when unset)
//   PUT    /grade-scale                                    gradeScaleInputSchema → gradeScaleSchema (owners and admins)
//
// Marks are numbers with at most two decimals (stored as integer hundredths). A grid save
// publishes live event `assessments.marks` on `account:{accountId}` with stale resource
// `assessments` ({ accountId }), so every open grid of the account refetches.

export const ASSESSMENT_LIMITS = {
  name: 120,
  term: 80,
  subjects: 20,
  parts: 6,
  /** Cells in one grid save: 300 students × 20 subjects' parts is far below it. */
  cells: 10_000,
  /** The uploaded marks sheet. */
  fileBytes: 5 * 1024 * 1024,
  /** Student rows a marks sheet may hold. */
  rows: 2_000,
} as const;

export const dayField = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/)
  .describe('YYYY-MM-DD (Bangladesh)');

/** Marks: at least 0, at most two decimals (the full marks are checked by the service). */
export const marksField = z
  .number()
  .superRefine((value, ctx) => {
    if (!(value >= 0) || !hasTwoDecimalsAtMost(value))
      addDomainIssue(ctx, domainError('ASSESSMENT_MARKS_INVALID', { subject: '-', full: '-' }));
  })
  .describe('Marks, at most two decimals');

const fullMarksField = z.number().superRefine((value, ctx) => {
  if (!(value > 0) || value > MAX_FULL_MARKS || !hasTwoDecimalsAtMost(value))
    addDomainIssue(ctx, domainError('ASSESSMENT_FULL_MARKS_INVALID', { max: MAX_FULL_MARKS }));
});

export const subjectPartSchema = z
  .object({
    key: z
      .string()
      .regex(PART_KEY_PATTERN)
      .describe('Stable key of the part: "cq", "mcq", "practical", "total"'),
    name: z
      .string()
      .trim()
      .max(40)
      .default('')
      .describe('Shown name of the part; empty for a single-part subject'),
    fullMarks: fullMarksField,
    passMarks: marksField,
  })
  .superRefine((part, ctx) => {
    if (part.passMarks > part.fullMarks) addDomainIssue(ctx, domainError('ASSESSMENT_PASS_ABOVE_FULL'));
  });
export type SubjectPartInput = z.input<typeof subjectPartSchema>;

export const assessmentSubjectInputSchema = z
  .object({
    id: z.string().min(1).optional().describe('An existing subject (editing): it keeps its marks'),
    name: requiredText('ASSESSMENT_SUBJECT_NAME_REQUIRED').pipe(z.string().max(ASSESSMENT_LIMITS.name)),
    kind: z.enum(SUBJECT_KINDS).default('compulsory'),
    parts: z.array(subjectPartSchema).min(1).max(ASSESSMENT_LIMITS.parts),
  })
  .superRefine((subject, ctx) => {
    const keys = subject.parts.map((p) => p.key);
    if (new Set(keys).size !== keys.length)
      addDomainIssue(ctx, domainError('ASSESSMENT_PART_KEY_DUPLICATE', { subject: subject.name }));
  });

/** Create or edit an assessment of a classroom. */
export const assessmentInputSchema = z
  .object({
    name: requiredText('ASSESSMENT_NAME_REQUIRED')
      .pipe(z.string().max(ASSESSMENT_LIMITS.name))
      .describe('e.g. "Class test 1", "Half-yearly"'),
    term: requiredText('ASSESSMENT_TERM_REQUIRED')
      .pipe(z.string().max(ASSESSMENT_LIMITS.term))
      .describe('The report-card term it counts for, e.g. "Half-yearly 2026"'),
    heldOn: dayField,
    weight: z
      .number()
      .int()
      .min(1)
      .max(100)
      .default(100)
      .describe("Share in the term's result, integer percent"),
    subjects: z.array(assessmentSubjectInputSchema).min(1).max(ASSESSMENT_LIMITS.subjects),
  })
  .superRefine((input, ctx) => {
    const names = input.subjects.map((s) => s.name.trim().toLocaleLowerCase());
    const twice = names.find((name, i) => names.indexOf(name) !== i);
    if (twice !== undefined)
      addDomainIssue(
        ctx,
        domainError('ASSESSMENT_SUBJECT_DUPLICATE', { subject: input.subjects[names.indexOf(twice)]!.name }),
      );
  });
export type AssessmentInput = z.input<typeof assessmentInputSchema>;
export type AssessmentPayload = z.output<typeof assessmentInputSchema>;

export const assessmentSubjectSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(SUBJECT_KINDS),
  position: z.number().int(),
  parts: z.array(
    z.object({ key: z.string(), name: z.string(), fullMarks: z.number(), passMarks: z.number() }),
  ),
});
export type AssessmentSubjectView = z.output<typeof assessmentSubjectSchema>;

export const assessmentSchema = z.object({
  id: z.string(),
  accountId: z.string(),
  classroomId: z.string(),
  name: z.string(),
  term: z.string(),
  heldOn: z.string(),
  weight: z.number().int(),
  publishedAt: timestampField.nullable().describe('Set while published: report cards show it'),
  subjects: z.array(assessmentSubjectSchema),
  fullMarks: z.number().describe('Sum of every part'),
  createdAt: timestampField,
  updatedAt: timestampField,
});
export type AssessmentView = z.output<typeof assessmentSchema>;

export const assessmentListQuerySchema = z.object({
  term: z.string().trim().max(ASSESSMENT_LIMITS.term).optional().describe('Only this term'),
});
export const assessmentListSchema = z.object({ assessments: z.array(assessmentSchema) });

export const assessmentTermsSchema = z.object({
  terms: z.array(
    z.object({
      term: z.string(),
      assessments: z.number().int(),
      published: z.number().int().describe('Of them published'),
      firstHeldOn: z.string(),
      lastHeldOn: z.string(),
    }),
  ),
});
export type AssessmentTerms = z.output<typeof assessmentTermsSchema>;

// --- Results (domain assessments/results.ts and term.ts compute them) ---

export const subjectResultSchema = z.object({
  subjectId: z.string(),
  name: z.string(),
  kind: z.enum(SUBJECT_KINDS),
  obtained: z.number(),
  fullMarks: z.number(),
  complete: z.boolean(),
  absent: z.boolean(),
  percent: z.number().nullable(),
  letter: z.string().nullable(),
  point: z.number().nullable(),
  passed: z.boolean().nullable(),
});

export const studentResultSchema = z.object({
  studentId: z.string(),
  subjects: z.array(subjectResultSchema),
  obtained: z.number(),
  fullMarks: z.number(),
  complete: z.boolean().describe('Every cell filled or absent; until then no grade, GPA or position'),
  percent: z.number().nullable(),
  gpa: z.number().nullable().describe("Null in 'percent' mode; 0 when a compulsory subject failed"),
  letter: z.string().nullable(),
  passed: z.boolean().nullable(),
  position: z.number().int().nullable().describe('Merit position in the class: 1, 2, 2, 4'),
});
export type StudentResultView = z.output<typeof studentResultSchema>;

// --- Grade scale ---

export const gradeBandSchema = z.object({
  min: z.number().int().min(0).max(100).describe('Lowest whole percent of the band'),
  letter: z.string().trim().min(1).max(GRADE_SCALE_LIMITS.letter),
  point: z.number().min(0).max(GRADE_SCALE_LIMITS.maxPoint).refine(hasTwoDecimalsAtMost),
});

export const gradeScaleInputSchema = z.object({
  mode: z.enum(GRADE_SCALE_MODES).describe("'gpa': letters and GPA; 'percent': percentages only"),
  bands: z
    .array(gradeBandSchema)
    .min(1)
    .max(GRADE_SCALE_LIMITS.bands)
    .superRefine((bands, ctx) => {
      const problem = gradeScaleProblem(bands);
      if (problem) addDomainIssue(ctx, problem);
    })
    .transform((bands) => [...bands].sort((a, b) => b.min - a.min)),
});
export type GradeScaleInput = z.input<typeof gradeScaleInputSchema>;

export const gradeScaleSchema = z.object({
  mode: z.enum(GRADE_SCALE_MODES),
  bands: z.array(gradeBandSchema).describe('Highest min first'),
  isDefault: z.boolean().describe('The account has not set its own: the Bangladesh scale'),
  updatedAt: timestampField.nullable(),
});
export type GradeScaleView = z.output<typeof gradeScaleSchema>;

// --- The marks grid ---

export const marksGridStudentSchema = z.object({
  id: z.string(),
  name: z.string(),
  customId: z.string().nullable(),
});

export const markCellSchema = z.object({
  studentId: z.string(),
  subjectId: z.string(),
  partKey: z.string(),
  marks: z.number().nullable(),
  absent: z.boolean(),
  version: z.number().int().describe('Bumped by every change; a cell never saved is version 0'),
  updatedBy: z.string().nullable().describe('Name of who changed it last'),
  updatedAt: timestampField.nullable(),
});
export type MarkCellView = z.output<typeof markCellSchema>;

export const marksGridSchema = z.object({
  assessment: assessmentSchema,
  scale: gradeScaleSchema,
  students: z.array(marksGridStudentSchema).describe('Enrolled in the classroom, by name'),
  cells: z.array(markCellSchema).describe('Saved cells only: a missing cell is empty, version 0'),
  results: z.array(studentResultSchema).describe('One per student, in the order of students'),
});
export type MarksGrid = z.output<typeof marksGridSchema>;

export const markCellInputSchema = z.object({
  studentId: z.string().min(1),
  subjectId: z.string().min(1),
  partKey: z.string().min(1),
  marks: marksField.nullable().describe('Null clears the cell (unless absent)'),
  absent: z.boolean().default(false).describe('Absent counts 0 and fails the part'),
  version: z.number().int().min(0).describe('The version the cell was read at (0: was empty)'),
});
export type MarkCellInput = z.input<typeof markCellInputSchema>;

export const marksSaveSchema = z.object({
  cells: z.array(markCellInputSchema).min(1).max(ASSESSMENT_LIMITS.cells),
});
export type MarksSaveInput = z.input<typeof marksSaveSchema>;

export const marksSaveResultSchema = z.object({
  saved: z.array(markCellSchema).describe('The cells as saved, with their new versions'),
  conflicts: z
    .array(markCellSchema)
    .describe('Cells someone else changed since they were read: the current value, who and when; not saved'),
  results: z.array(studentResultSchema).describe("The whole class's results after the save"),
});
export type MarksSaveResult = z.output<typeof marksSaveResultSchema>;

// --- Import from .xlsx ---

export const marksTemplateQuerySchema = z.object({
  lang: z.enum(INTERFACE_LANGUAGES).default('en').describe('Language of the instructions sheet'),
});

export const marksImportProblemSchema = z.object({
  row: z.number().int().describe('Spreadsheet row (row 1 holds the headers)'),
  column: z.string().nullable().describe('The column header, when the problem is one cell'),
  code: z.string(),
  message: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});

export const marksImportSchema = z.object({
  fileName: z.string(),
  ok: z.boolean().describe('No problems: the import writes (or wrote) every cell'),
  problems: z.array(marksImportProblemSchema),
  students: z.number().int().describe('Student rows read'),
  cells: z.number().int().describe('Cells the file sets (marks or absent); empty cells change nothing'),
  imported: z.boolean().describe('True once written (import only)'),
});
export type MarksImport = z.output<typeof marksImportSchema>;

// --- Term results (report cards, table views) ---

export const termResultsQuerySchema = z.object({
  term: z.string().trim().min(1).max(ASSESSMENT_LIMITS.term),
  published: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true')
    .describe('Only published assessments (what parents see)'),
});

export const termSubjectResultSchema = z.object({
  name: z.string(),
  kind: z.enum(SUBJECT_KINDS),
  complete: z.boolean(),
  percent: z.number().nullable(),
  letter: z.string().nullable(),
  point: z.number().nullable(),
  passed: z.boolean().nullable(),
});

export const termResultSchema = z.object({
  studentId: z.string(),
  assessments: z.array(z.object({ assessmentId: z.string(), result: studentResultSchema })),
  subjects: z.array(termSubjectResultSchema),
  obtained: z.number(),
  fullMarks: z.number(),
  complete: z.boolean(),
  percent: z.number().nullable().describe('Weighted average of the assessments’ percentages'),
  gpa: z.number().nullable(),
  letter: z.string().nullable(),
  passed: z.boolean().nullable(),
  position: z.number().int().nullable(),
});
export type TermResultView = z.output<typeof termResultSchema>;

export const termResultsSchema = z.object({
  term: z.string(),
  scale: gradeScaleSchema,
  assessments: z.array(assessmentSchema).describe('Oldest held first'),
  students: z.array(marksGridStudentSchema),
  results: z.array(termResultSchema).describe('One per student, in the order of students'),
});
export type TermResults = z.output<typeof termResultsSchema>;
