// Apart from the contracts, which build zod schemas: the public wizard reads these bounds too, and
// its first load must not carry zod (bench: admission_wizard_first_load_js_gzip).

/**
 * Bounds of the public form. The spec sets none; these keep a stranger's post small (a real
 * application is well under 4 kB) while leaving room for Bangla names and addresses.
 */
export const ADMISSION_LIMITS = {
  /** Name, phone and other one-line answers, in characters. */
  line: 200,
  /** Classroom or course details and each custom-field answer, in characters. */
  text: 2000,
  /** Custom-field answers in one application. */
  customFields: 40,
  /** The whole JSON body of a submission, in bytes. */
  bodyBytes: 32 * 1024,
  /** Classrooms one acceptance may enrol the student in. */
  classrooms: 50,
} as const;
