import { z } from 'zod';
import { INTERFACE_LANGUAGES } from '../text/languages';

// Bulk onboarding (spec part 1 §5 "Bulk onboarding file", part 2 §9 spreadsheet
// conventions). The teacher downloads a template, fills it and uploads it twice: once to check
// (nothing is written) and once to import, all or nothing. The server reads the file both times,
// so the import never trusts a preview the browser could have changed.

export const ONBOARDING_LIMITS = {
  /** Student rows a file may hold (the template's filler rows do not count). */
  rows: 10_000,
  /** The uploaded .xlsx or .csv. */
  fileBytes: 5 * 1024 * 1024,
} as const;

export const onboardingTemplateQuerySchema = z.object({
  lang: z.enum(INTERFACE_LANGUAGES).default('en').describe('Language of the instructions sheet'),
});

export const onboardingImportQuerySchema = z.object({
  welcomeSms: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true')
    .describe('Queue the welcome SMS for the new students (the account’s welcome settings)'),
});

export const onboardingErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  rows: z.array(z.number().int()).describe('Spreadsheet rows involved (row 1 holds the headers)'),
});

export const onboardingClassroomCountSchema = z.object({
  id: z.string(),
  name: z.string(),
  students: z.number().int(),
});

/** What a checked file would create, with every problem found; nothing is written. */
export const onboardingCheckSchema = z.object({
  fileName: z.string(),
  entityLabel: z.enum(['Student', 'Client']),
  ok: z.boolean(),
  errors: z.array(onboardingErrorSchema),
  students: z.array(
    z.object({
      row: z.number().int(),
      customId: z.string(),
      name: z.string(),
      phone: z.string(),
      email: z.string(),
      rfid: z.string(),
      parent1Phone: z.string(),
      parent2Phone: z.string(),
      classroomIds: z.array(z.string()),
    }),
  ),
  classrooms: z.array(onboardingClassroomCountSchema).describe('Students each classroom would get'),
});
export type OnboardingCheck = z.output<typeof onboardingCheckSchema>;

/** An import done: every student, parent link and enrolment written in one transaction. */
export const onboardingImportedSchema = z.object({
  created: z.number().int(),
  enrolments: z.number().int(),
  classrooms: z.array(onboardingClassroomCountSchema),
  welcomeSms: z.number().int().describe('Welcome messages queued (0 when not asked for or not set up)'),
});
export type OnboardingImported = z.output<typeof onboardingImportedSchema>;
