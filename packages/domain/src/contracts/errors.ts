import { z } from 'zod';

/** The body of every error response: a stable code and the English message (the web translates by code). */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string().describe('Stable UPPER_SNAKE code from the message catalogue'),
    message: z.string().describe('The exact English message, used when no translation exists'),
    params: z
      .record(z.string(), z.union([z.string(), z.number()]))
      .optional()
      .describe('Values for the message placeholders'),
  }),
});
export type ApiError = z.output<typeof apiErrorSchema>;
