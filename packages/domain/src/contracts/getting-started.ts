import { z } from 'zod';

// First-run guidance: the checklist a new teacher's dashboard shows until every step is done or
// it is dismissed. Each step ticks itself from the account's real data, worked out on the server.

/** The steps, in the order the dashboard lists them. */
export const GETTING_STARTED_STEPS = ['classroom', 'students', 'fee', 'sms', 'admission', 'kiosk'] as const;
export type GettingStartedStep = (typeof GETTING_STARTED_STEPS)[number];

export const gettingStartedSchema = z.object({
  steps: z
    .array(
      z.object({
        key: z.enum(GETTING_STARTED_STEPS),
        done: z.boolean().describe('Ticked from real data: a classroom, a student, a fee, an SMS, …'),
      }),
    )
    .describe('Every step, in the order shown'),
  dismissed: z.boolean().describe('Hidden for this account by its teacher or admin'),
});
export type GettingStarted = z.output<typeof gettingStartedSchema>;

/** What a teacher may tell the checklist: hide it, or that they opened their admission link. */
export const gettingStartedUpdateSchema = z
  .object({
    dismissed: z.literal(true).optional(),
    admissionLinkOpened: z.literal(true).optional(),
  })
  .refine((body) => body.dismissed || body.admissionLinkOpened, { message: 'Nothing to change' });
export type GettingStartedUpdate = z.input<typeof gettingStartedUpdateSchema>;
