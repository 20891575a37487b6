import { z } from 'zod';
import { int } from './env-values';

// Running the platform: where error reports go, who may read /metrics, how often the status
// page's snapshot is written. Apart from config.ts so that file stays short; config.ts spreads
// these settings into its environment schema.

export const OPERATIONS_ENV = {
  ERROR_WEBHOOK_URL: z
    .string()
    .refine((v) => /^https?:$/.test(URL.canParse(v) ? new URL(v).protocol : ''), {
      error: 'must be a URL like https://hooks.slack.com/services/…',
    })
    .optional(),
  ERROR_WEBHOOK_FORMAT: z.enum(['json', 'slack', 'discord']).default('json'),
  ERROR_REPORT_WINDOW_MS: int(1000, 86_400_000).default(600_000),
  ERROR_REPORTS_PER_HOUR: int(1, 10_000).default(30),
  METRICS_TOKEN: z.string().min(24, { error: 'must be at least 24 characters' }).max(200).optional(),
  STATUS_SNAPSHOT_MS: int(1000, 3_600_000).default(30_000),
};

type OperationsEnv = z.output<z.ZodObject<typeof OPERATIONS_ENV>>;

export interface OperationsConfig {
  /**
   * Error reports (every 5xx and failed job, grouped by fingerprint): the chat webhook and its
   * payload format, the grouping window and how many reports an hour may go out at most.
   */
  errorReports: {
    webhookUrl: string | undefined;
    format: 'json' | 'slack' | 'discord';
    windowMs: number;
    perHour: number;
  };
  /** The bearer token /metrics asks for; without one /metrics refuses everyone. */
  metricsToken: string | undefined;
  /** How often the status page's figures are taken and written to disk (read when the database is down). */
  statusSnapshotMs: number;
}

export function operationsConfig(e: OperationsEnv): OperationsConfig {
  return {
    errorReports: {
      webhookUrl: e.ERROR_WEBHOOK_URL,
      format: e.ERROR_WEBHOOK_FORMAT,
      windowMs: e.ERROR_REPORT_WINDOW_MS,
      perHour: e.ERROR_REPORTS_PER_HOUR,
    },
    metricsToken: e.METRICS_TOKEN,
    statusSnapshotMs: e.STATUS_SNAPSHOT_MS,
  };
}
