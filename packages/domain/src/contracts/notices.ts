import { z } from 'zod';

// Platform notices: maintenance mode and account suspensions, read with the session by every
// signed-in page (spec part 1 §2.3: the shell's first load makes no request of its own for them).

/** The maintenance switch as everyone may read it (the `/under-maintenance` page, banners). */
export const maintenanceSchema = z.object({
  on: z.boolean(),
  message: z.string().nullable(),
  since: z.number().nullable(),
});
export type Maintenance = z.output<typeof maintenanceSchema>;

/** What every signed-in page shows above its content: maintenance, and suspensions of the user's accounts. */
export const noticesSchema = z.object({
  maintenance: maintenanceSchema,
  suspensions: z.array(
    z.object({ accountId: z.string(), institution: z.string(), reason: z.string(), since: z.number() }),
  ),
});
export type Notices = z.output<typeof noticesSchema>;
