// Plans and tool trials (migration 0035), apart from schema.ts so it stays short. Installed tools
// themselves are `account_tools` (schema.ts); plan prices are paisa, limits and lists JSON text.

/** One plan: Lite, Pro or Elite, edited by platform staff. */
export interface PlansTable {
  id: string;
  position: number;
  /** Paisa per student per month; null while not published. */
  price_per_student_paisa: number | null;
  quoted_on_request: number;
  /** JSON: PlanLimits (packages/domain plans/plans.ts). */
  limits: string;
  /** JSON: PlanFeature[] */
  features: string;
  /** JSON: ToolKey[] installed with the plan. */
  tools: string;
  /** SMS a referrer on this plan gets once per referred account's first payment (0038). */
  referral_reward_sms: number;
  updated_at: number | null;
  updated_by: string | null;
}

/** A tool's one trial per account, kept when the tool is removed. */
export interface ToolTrialsTable {
  account_id: string;
  tool_key: string;
  started_at: number;
}

/** The tables of this file, as db/schema.ts `Database` takes them in. */
export interface PlanTables {
  plans: PlansTable;
  tool_trials: ToolTrialsTable;
}
