import crypto from 'node:crypto';

/**
 * What one error report says: where it happened and what was thrown, never what anyone sent or
 * who they are (no bodies, query strings, phones, e-mails or names).
 */
export interface ErrorContext {
  source: 'request' | 'job';
  /** Requests: the route pattern (`/api/accounts/:accountId/students`), never the raw URL. */
  route?: string;
  method?: string;
  status?: number;
  /** Jobs: the job type and attempt. */
  jobType?: string;
  attempt?: number;
  /** Our error code, where the error has one. */
  code?: string;
  errorName: string;
  message: string;
  /** The first frames of the stack, with personal data scrubbed. */
  stack: string[];
}

const STACK_FRAMES = 8;
const MESSAGE_CHARS = 300;

/**
 * Scrubs what could name a person from an error's text: e-mail addresses, phone-like and other
 * long digit runs (phones, ids, amounts) and quoted values (SQL errors quote the value refused).
 */
export function scrub(text: string): string {
  return text
    .replace(/[^\s@"'<>]+@[^\s@"'<>]+\.[^\s@"'<>]+/g, '[email]')
    .replace(/\+?\d[\d\s-]{5,}\d/g, '[number]')
    .replace(/"[^"\n]*"|'[^'\n]*'/g, '[value]');
}

/** The error's context for a report: its name, code, scrubbed message and trimmed stack. */
export function describeError(
  error: unknown,
  where: Omit<ErrorContext, 'errorName' | 'message' | 'stack' | 'code'>,
): ErrorContext {
  const err = error instanceof Error ? error : new Error(String(error));
  const code = (err as { code?: unknown }).code;
  const frames = (err.stack ?? '')
    .split('\n')
    .slice(1)
    .map((line) => line.trim())
    .filter((line) => line.startsWith('at '))
    .slice(0, STACK_FRAMES)
    // Paths from the repository root on: the machine's directories say nothing useful.
    .map((line) =>
      scrub(line.replace(/\(?(?:file:\/\/)?\/[^()\s]*?\/(apps|packages|node_modules)\//g, '($1/')),
    );
  return {
    ...where,
    ...(typeof code === 'string' && { code }),
    errorName: err.name || 'Error',
    message: scrub(err.message.split('\n')[0] ?? '').slice(0, MESSAGE_CHARS),
    stack: frames,
  };
}

/** Errors of the same kind at the same place: the same fingerprint, one report with a count. */
export function fingerprintOf(context: ErrorContext): string {
  const where = context.source === 'request' ? `${context.method} ${context.route}` : context.jobType;
  const key = [context.source, where, context.errorName, context.code ?? '', context.stack[0] ?? ''].join(
    '|',
  );
  return crypto.createHash('sha256').update(key).digest('hex').slice(0, 16);
}
