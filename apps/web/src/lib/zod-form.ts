import { MESSAGES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@batchwise/domain';
import type { TFunction } from 'i18next';

/**
 * Forms validate with the server's own zod contracts (DESIGN §3.2). These helpers only need a
 * schema's `safeParse`, so the web app does not depend on zod directly.
 */

interface ParseIssue {
  readonly code?: string;
  readonly path: readonly PropertyKey[];
  readonly message: string;
  readonly params?: unknown;
  readonly minimum?: unknown;
}

export type SafeParseSchema<Out> = {
  safeParse(
    value: unknown,
  ): { success: true; data: Out } | { success: false; error: { issues: ParseIssue[] } };
};

/** One field's problem: a catalogue code (when the rule has one) and the English text. */
export interface FormIssue {
  readonly code: string | null;
  readonly message: string;
  /** A plain `min(1)` on a field without a catalogue message: the field was left empty. */
  readonly empty?: boolean;
}

const CODE_BY_MESSAGE = new Map<string, string>(
  Object.entries(MESSAGES).map(([code, message]) => [message as string, code]),
);

function issueCode(issue: ParseIssue): string | null {
  const params = issue.params as { code?: unknown } | undefined;
  if (typeof params?.code === 'string') return params.code;
  // Refinements written with a plain catalogue message still deserve a translation.
  return CODE_BY_MESSAGE.get(issue.message) ?? null;
}

/** The first issue of each top-level field, as the server would report it. */
export function firstIssues(schema: SafeParseSchema<unknown>, values: unknown): Record<string, FormIssue> {
  const result = schema.safeParse(values);
  const issues: Record<string, FormIssue> = {};
  if (result.success) return issues;
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (field in issues) continue;
    const code = issueCode(issue);
    const empty = code === null && issue.code === 'too_small' && Number(issue.minimum) === 1;
    issues[field] = empty ? { code, message: issue.message, empty } : { code, message: issue.message };
  }
  return issues;
}

/** Placeholders used by the catalogue's form messages (`{min}`, `{max}`). */
const FORM_PARAMS = { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH };

/**
 * A form issue in the reader's language: by code from `domain`, else "required" or the generic
 * invalid text from `errors` (both namespaces must be loaded).
 */
export function issueText(t: TFunction, issue: FormIssue): string {
  if (issue.code) return t(`domain:${issue.code}`, { ...FORM_PARAMS, defaultValue: issue.message });
  return issue.empty ? t('errors:form.required') : t('errors:form.invalid');
}

/**
 * An Ant Design rule for one field of a form validated by a whole-object schema: the form's
 * current values are parsed and the field's first issue, if any, becomes the rule's error.
 */
export function zodRule(schema: SafeParseSchema<unknown>, field: string, t: TFunction) {
  return (form: { getFieldsValue: (all: true) => unknown }) => ({
    validator: async () => {
      const issue = firstIssues(schema, form.getFieldsValue(true))[field];
      if (issue) throw new Error(issueText(t, issue));
    },
  });
}
