import type { Clock } from '../../lib/clock';
import { type ErrorContext, fingerprintOf } from './error-report';

export type WebhookFormat = 'json' | 'slack' | 'discord';

export interface ErrorReporterOptions {
  /** The chat webhook; none: reports go to the log only. */
  webhookUrl: string | undefined;
  format: WebhookFormat;
  /** Occurrences of one fingerprint within this window after its report are counted, not sent. */
  windowMs: number;
  /** At most this many webhook posts an hour; the log still gets every report. */
  perHour: number;
  environment: string;
  version: string;
}

interface Group {
  context: ErrorContext;
  firstAt: number;
  lastAt: number;
  /** Occurrences since the last report. */
  pending: number;
  timer: NodeJS.Timeout;
}

const POST_TIMEOUT_MS = 5000;

/**
 * Reports every 5xx and failed job once (running the platform, item 5): the first occurrence of a
 * fingerprint goes out at once; the same error again within the window is counted, and one report
 * with the count follows when the window closes. Posts to the chat webhook are capped per hour,
 * so an outage cannot flood the team's chat; every report is also logged.
 */
export class ErrorReporter {
  private readonly groups = new Map<string, Group>();
  private readonly posted: number[] = [];
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly options: ErrorReporterOptions,
    private readonly clock: Clock,
    private readonly log: { error(o: object, m: string): void; warn(o: object, m: string): void },
  ) {}

  report(context: ErrorContext): void {
    const fingerprint = fingerprintOf(context);
    const now = this.clock.now();
    const group = this.groups.get(fingerprint);
    if (group) {
      group.pending += 1;
      group.lastAt = now;
      return;
    }
    const timer = setTimeout(() => this.closeWindow(fingerprint), this.options.windowMs);
    timer.unref();
    this.groups.set(fingerprint, { context, firstAt: now, lastAt: now, pending: 0, timer });
    this.send(fingerprint, context, 1, now, now);
  }

  /** Resolves when every webhook post started so far has finished (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight]);
  }

  /** Sends what the open windows counted, then stops. */
  async close(): Promise<void> {
    for (const fingerprint of [...this.groups.keys()]) this.closeWindow(fingerprint);
    await this.idle();
  }

  private closeWindow(fingerprint: string): void {
    const group = this.groups.get(fingerprint);
    if (!group) return;
    clearTimeout(group.timer);
    this.groups.delete(fingerprint);
    if (group.pending > 0) this.send(fingerprint, group.context, group.pending, group.firstAt, group.lastAt);
  }

  private send(
    fingerprint: string,
    context: ErrorContext,
    count: number,
    firstAt: number,
    lastAt: number,
  ): void {
    const report = {
      type: 'batchwise.error' as const,
      environment: this.options.environment,
      version: this.options.version,
      fingerprint,
      count,
      firstAt: new Date(firstAt).toISOString(),
      lastAt: new Date(lastAt).toISOString(),
      ...context,
    };
    this.log.error({ errorReport: report }, `error report: ${summaryOf(report)}`);
    const url = this.options.webhookUrl;
    if (!url) return;
    const now = this.clock.now();
    while (this.posted.length && this.posted[0]! <= now - 3_600_000) this.posted.shift();
    if (this.posted.length >= this.options.perHour) {
      this.log.warn({ fingerprint }, 'error report not posted: the hourly limit of chat posts is reached');
      return;
    }
    this.posted.push(now);
    const post = fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(formatPayload(this.options.format, report)),
      signal: AbortSignal.timeout(POST_TIMEOUT_MS),
    })
      .then((res) => {
        if (!res.ok)
          this.log.warn({ status: res.status, fingerprint }, 'error report webhook refused the report');
      })
      .catch((err: unknown) => this.log.warn({ err, fingerprint }, 'error report webhook unreachable'))
      .finally(() => this.inFlight.delete(post));
    this.inFlight.add(post);
  }
}

type Report = ErrorContext & { environment: string; fingerprint: string; count: number };

function summaryOf(report: Report): string {
  const where =
    report.source === 'request'
      ? `${report.status ?? 500} ${report.method} ${report.route}`
      : `job ${report.jobType} (attempt ${report.attempt})`;
  const times = report.count > 1 ? ` ×${report.count}` : '';
  return `[${report.environment}] ${where}: ${report.errorName}: ${report.message}${times}`;
}

/** The webhook body: our JSON as it is, or a chat message for Slack's or Discord's incoming webhooks. */
export function formatPayload(format: WebhookFormat, report: Report): unknown {
  if (format === 'json') return report;
  const stack = report.stack.length ? `\n\`\`\`\n${report.stack.join('\n')}\n\`\`\`` : '';
  const text = `${summaryOf(report)}\nfingerprint ${report.fingerprint}${report.code ? ` · code ${report.code}` : ''}${stack}`;
  // Discord refuses content over 2000 characters.
  return format === 'slack' ? { text } : { content: text.slice(0, 1990) };
}
