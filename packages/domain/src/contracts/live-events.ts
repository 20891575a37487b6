import { z } from 'zod';
import { RESOURCES } from './resources';

export const staleResourceSchema = z.object({
  resource: z.enum(RESOURCES),
  /** Only queries with these params went stale; none: every query of the resource. */
  params: z.record(z.string(), z.string()).optional(),
});
export type StaleResource = z.infer<typeof staleResourceSchema>;

/** One server-sent live update, as the browser receives it (`data:` of an SSE message). */
export const liveEventSchema = z.object({
  type: z.string().min(1),
  stale: z.array(staleResourceSchema).optional(),
  data: z.unknown().optional(),
});
export type LiveEventMessage = z.infer<typeof liveEventSchema>;
