// The SMS writer's rules (spec part 1 §1 "AI add-ons", the SMS capability's part counting): a
// draft the model proposes is offered only when it fits the parts asked for, counted as the
// compose box or the template editor counts it, and keeps the template's placeholders exactly.

import { type SmsCountKind, smsCount } from '../sms/sms';
import { parseTemplate } from '../sms/template/parse';

/** At most this many drafts are shown; the model is asked for three. */
export const SMS_DRAFTS_MAX = 3;
/** A request may ask for drafts of one or two SMS parts. */
export const SMS_DRAFT_PARTS = [1, 2] as const;
export const SMS_DRAFT_DESCRIPTION_MAX = 300;

/** The placeholders (`{Name}`, `{if Due > 0}`) of a template, as written, each once. */
export function templatePlaceholders(text: string): string[] {
  const raws = parseTemplate(text).flatMap((token) => (token.type === 'text' ? [] : [token.raw]));
  return [...new Set(raws)];
}

export type SmsDraftProblem = 'EMPTY' | 'TOO_LONG' | 'PLACEHOLDER_MISSING' | 'PLACEHOLDER_ADDED';

/**
 * Why a draft cannot be offered, or null: it must be non-empty, fit `maxParts` SMS of its kind,
 * and use exactly the placeholders given (none dropped, none made up).
 */
export function smsDraftProblem(
  text: string,
  rules: {
    kind: Extract<SmsCountKind, 'typed' | 'template'>;
    maxParts: number;
    placeholders: readonly string[];
  },
): SmsDraftProblem | null {
  if (text.trim() === '') return 'EMPTY';
  if (smsCount(text, rules.kind).sms > rules.maxParts) return 'TOO_LONG';
  const used = templatePlaceholders(text);
  if (rules.placeholders.some((p) => !used.includes(p))) return 'PLACEHOLDER_MISSING';
  if (used.some((p) => !rules.placeholders.includes(p))) return 'PLACEHOLDER_ADDED';
  return null;
}
