// AI credits: what each AI task costs and what each plan grants a month (spec part 1 §1 "AI
// add-ons"; plans/plans.ts). One request costs its task's credits, debited once when the model's
// answer was usable; a failed request costs nothing.

import type { PlanId } from '../plans/plans';

/** The AI tasks the platform runs; each has a prompt file of its own on the server. */
export const AI_TASKS = ['sms-drafts', 'report-comment', 'question-paper'] as const;
export type AiTask = (typeof AI_TASKS)[number];

/** Credits one request of each task costs. */
export const AI_TASK_CREDITS: Readonly<Record<AiTask, number>> = {
  'sms-drafts': 1,
  'report-comment': 1,
  'question-paper': 1,
};

/**
 * Credits an account receives at the start of each month it uses AI tools (Dhaka month), by plan.
 * Unused credits carry over.
 */
export const AI_MONTHLY_CREDITS: Readonly<Record<PlanId, number>> = { lite: 30, pro: 300, elite: 1000 };

/** The month an allowance belongs to, as `YYYY-MM` in Bangladesh time. */
export function aiCreditMonth(ms: number): string {
  return new Date(ms + 6 * 3_600_000).toISOString().slice(0, 7);
}
