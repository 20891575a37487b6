import { z } from 'zod';
import { PLAN_FEATURE_KEYS, PLAN_IDS, TOOL_KEYS } from '../plans/plans';

// Plans and the tools catalogue (spec part 1 §6, §9; part 2 §3–§4), shared by the staff editor,
// the pricing page and the Tools page.

export const planIdSchema = z.enum(PLAN_IDS);
export const toolKeySchema = z.enum(TOOL_KEYS);
const limit = z.number().int().min(0).max(10_000_000).nullable().describe('null: unlimited');

export const planLimitsSchema = z.object({
  moderators: limit.describe('assistants (moderators), pending invitations included; null: unlimited'),
  recoveryDays: z.number().int().min(0).max(365).describe('days a deleted record can be restored'),
  videoStorageGb: limit,
  fileStorageGb: limit,
});

/** What staff may change in a plan row. */
export const planInputSchema = z.object({
  pricePerStudentPaisa: z
    .number()
    .int()
    .min(0)
    .max(100_000_000)
    .nullable()
    .describe('taka paisa per student per month; null: not published'),
  quotedOnRequest: z.boolean(),
  limits: planLimitsSchema,
  features: z.array(z.enum(PLAN_FEATURE_KEYS)).max(PLAN_FEATURE_KEYS.length),
  tools: z.array(toolKeySchema).max(TOOL_KEYS.length).describe('tools installed with the plan, no expiry'),
  referralRewardSms: z
    .number()
    .int()
    .min(0)
    .max(1_000_000)
    .describe("SMS credited once to a referrer on this plan after the referred account's first payment"),
});

export type PlanInput = z.output<typeof planInputSchema>;

export const planSchema = planInputSchema.extend({
  id: planIdSchema,
  updatedAt: z.number().nullable(),
});
export type PlanView = z.output<typeof planSchema>;
export const planListSchema = z.object({ plans: z.array(planSchema) });

/** One catalogue entry as an account sees it on the Tools page. */
export const accountToolSchema = z.object({
  key: toolKeySchema,
  page: z.string(),
  trialDays: z.number().int(),
  /** The account's plan installs it without expiry; otherwise installing starts a trial. */
  includedInPlan: z.boolean(),
  /** A trial was already used on this account (one per tool). */
  trialUsed: z.boolean(),
  /** This account's own install, if any. */
  installed: z
    .object({ expiresAt: z.number().nullable(), pinned: z.boolean(), installedAt: z.number() })
    .nullable(),
  /** The install the rules of part 2 §4 pick for the caller (own, or the admin's account). */
  source: z.enum(['own', 'admin']).nullable(),
  /** Expiry of the install that applies; null: never expires (or not installed). */
  expiresAt: z.number().nullable(),
  /** Usable by the caller right now. */
  usable: z.boolean(),
});
export type AccountTool = z.output<typeof accountToolSchema>;

export const accountToolsSchema = z.object({
  plan: z.object({
    id: planIdSchema,
    limits: planLimitsSchema,
  }),
  tools: z.array(accountToolSchema),
  /** The caller may install, remove and pin (the account's teacher or admin). */
  canManage: z.boolean(),
});
export type AccountTools = z.output<typeof accountToolsSchema>;

export const toolPinSchema = z.object({ pinned: z.boolean() });
