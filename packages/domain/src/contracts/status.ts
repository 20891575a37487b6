import { z } from 'zod';

// The public status page (issue "running the platform", item 2): the state of each part of the
// service from recent real outcomes, incidents the staff post, and 90 days of daily history.

/** How one part is doing: `unknown` when nothing recent tells (no traffic through a gateway). */
export const STATUS_STATES = ['operational', 'degraded', 'down', 'unknown'] as const;
export const statusStateSchema = z.enum(STATUS_STATES);
export type StatusState = z.infer<typeof statusStateSchema>;

/** The parts the page shows; gateways are named by their driver (sms:sslwireless, payment:bkash). */
export const statusComponentSchema = z.object({
  key: z.string(),
  kind: z.enum(['api', 'database', 'jobs', 'sms', 'payment']),
  state: statusStateSchema,
  /** Gateways: outcomes in the recent window; the job queue: failures in the last hour. */
  ok: z.number().int().nonnegative().optional(),
  failed: z.number().int().nonnegative().optional(),
  /** The job queue: how long the oldest due job has waited, in milliseconds. */
  oldestWaitingMs: z.number().int().nonnegative().nullable().optional(),
  waiting: z.number().int().nonnegative().optional(),
});
export type StatusComponent = z.infer<typeof statusComponentSchema>;

export const INCIDENT_STATES = ['investigating', 'identified', 'monitoring', 'resolved'] as const;
export const incidentStateSchema = z.enum(INCIDENT_STATES);
export type IncidentState = z.infer<typeof incidentStateSchema>;

export const incidentUpdateSchema = z.object({
  id: z.string(),
  state: incidentStateSchema,
  message: z.string(),
  at: z.number().int(),
});

export const incidentSchema = z.object({
  id: z.string(),
  title: z.string(),
  state: incidentStateSchema,
  createdAt: z.number().int(),
  resolvedAt: z.number().int().nullable(),
  /** Newest first. */
  updates: z.array(incidentUpdateSchema),
});
export type Incident = z.infer<typeof incidentSchema>;

/** One day of one part's history: the worst state seen that day. */
export const statusDaySchema = z.object({ day: z.string(), state: statusStateSchema });

export const statusSnapshotSchema = z.object({
  /** When the figures were taken (ms since the epoch). */
  takenAt: z.number().int(),
  /** True when the database could not be read and this is the last snapshot written to disk. */
  stale: z.boolean(),
  overall: statusStateSchema,
  components: z.array(statusComponentSchema),
  incidents: z.array(incidentSchema),
  /** Per component key, the last 90 days, oldest first (days without a record are absent). */
  history: z.record(z.string(), z.array(statusDaySchema)),
});
export type StatusSnapshot = z.infer<typeof statusSnapshotSchema>;

const incidentText = (max: number) => z.string().trim().min(1).max(max);

export const incidentInputSchema = z.object({
  title: incidentText(160),
  state: incidentStateSchema,
  message: incidentText(2000),
});
export type IncidentInput = z.infer<typeof incidentInputSchema>;

export const incidentUpdateInputSchema = z.object({
  state: incidentStateSchema,
  message: incidentText(2000),
});
export type IncidentUpdateInput = z.infer<typeof incidentUpdateInputSchema>;

export const incidentListSchema = z.object({ items: z.array(incidentSchema) });
