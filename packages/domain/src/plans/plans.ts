// Plans (spec part 1 §6, §9) and the tools catalogue (part 2 §3 `InstalledTools`, `pinnedTools`;
// §4 "Tool availability"). The plan rows themselves live in the database, where platform staff
// edit them; DEFAULT_PLANS is what a new installation starts with and what a page shows while
// the live rows load.

/** Plans in the order the pricing page lists them. */
export const PLAN_IDS = ['lite', 'pro', 'elite'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

/** The plan every account starts on, and falls back to when a paid plan ends. */
export const STARTING_PLAN: PlanId = 'lite';

/**
 * The add-ons that exist (spec part 2 §3 StaticData/ReactAppTools: key and position). Each gates
 * server routes of its own (the endpoint contracts name their tool). `page` is the menu page a
 * pinned tool opens; `trialDays` how long a trial install lasts when the plan does not include it.
 */
export const TOOL_CATALOGUE = [
  { key: 'online-pay', page: 'fees', trialDays: 30 },
  { key: 'sentinel-attendance', page: 'attendance', trialDays: 14 },
  { key: 'report-cards', page: 'reports', trialDays: 30 },
  // The AI tools (ai/credits.ts): usable only where the platform configured a model.
  { key: 'ai', page: 'question-papers', trialDays: 30 },
] as const;
export type ToolKey = (typeof TOOL_CATALOGUE)[number]['key'];
export const TOOL_KEYS = TOOL_CATALOGUE.map((tool) => tool.key) as [ToolKey, ...ToolKey[]];

/**
 * What plans may offer, and whether it ships today. The public pages may claim a feature only by
 * its key here (or a tool's key); one that does not ship yet is shown labelled as planned.
 */
export const PLAN_FEATURES = {
  students: { ships: true },
  classrooms: { ships: true },
  fees: { ships: true },
  sms: { ships: true },
  'sms-templates': { ships: true },
  'sms-schedule': { ships: true },
  'sms-reports': { ships: true },
  attendance: { ships: true },
  admission: { ships: true },
  assessments: { ships: true },
  'money-manager': { ships: true },
  'family-portal': { ships: true },
  assistants: { ships: true },
  'assistant-permissions': { ships: true },
  'bangla-english': { ships: true },
  'business-wording': { ships: true },
  'full-privilege-control': { ships: false },
  'data-recovery': { ships: true },
  'video-courses': { ships: true },
  files: { ships: true },
  'ai-tools': { ships: true },
  'sms-online-purchase': { ships: true },
  'sms-own-sender': { ships: true },
  'plan-billing': { ships: true },
} as const satisfies Record<string, { ships: boolean }>;
export type PlanFeature = keyof typeof PLAN_FEATURES;
export const PLAN_FEATURE_KEYS = Object.keys(PLAN_FEATURES) as [PlanFeature, ...PlanFeature[]];

/** Numeric limits of a plan; null means unlimited. */
export interface PlanLimits {
  /** Assistants (moderators) an account may have, counting pending invitations. */
  moderators: number | null;
  /** Days a deleted record can be restored (0: no recovery). */
  recoveryDays: number;
  videoStorageGb: number | null;
  fileStorageGb: number | null;
}
export type PlanLimitKey = keyof PlanLimits;
export const PLAN_LIMIT_KEYS = ['moderators', 'recoveryDays', 'videoStorageGb', 'fileStorageGb'] as const;

export interface PlanRow {
  id: PlanId;
  /** Taka paisa per student per month; null when not published (a setting staff fill in). */
  pricePerStudentPaisa: number | null;
  /** Elite: priced per institution on request. */
  quotedOnRequest: boolean;
  limits: PlanLimits;
  features: PlanFeature[];
  /** Tools installed with the plan (no expiry); others install as a trial. */
  tools: ToolKey[];
  /**
   * SMS credited to an account on this plan, once, when an account that signed up with its
   * referral code makes its first platform payment (spec part 2 §3 `ReferredBy`, `Referrals`).
   */
  referralRewardSms: number;
}

const CORE: PlanFeature[] = [
  'students',
  'classrooms',
  'fees',
  'sms',
  'sms-templates',
  'sms-schedule',
  'sms-reports',
  'attendance',
  'admission',
  'assessments',
  'money-manager',
  'family-portal',
  'assistants',
  'assistant-permissions',
  'bangla-english',
  'business-wording',
];
const STORAGE = { videoStorageGb: 1024, fileStorageGb: 10 * 1024 };
/** What a new installation rewards a referral with (staff change it per plan). */
export const REFERRAL_REWARD_SMS = 100;

/** Part 1 §9: Lite ৳0 with SMS extra; Pro's price a setting; Elite on request; storage 1 TB / 10 TB. */
export const DEFAULT_PLANS: readonly PlanRow[] = [
  {
    id: 'lite',
    pricePerStudentPaisa: 0,
    quotedOnRequest: false,
    limits: { moderators: 2, recoveryDays: 0, ...STORAGE },
    features: [...CORE, 'video-courses', 'files'],
    tools: ['online-pay', 'report-cards'],
    referralRewardSms: REFERRAL_REWARD_SMS,
  },
  {
    id: 'pro',
    pricePerStudentPaisa: null,
    quotedOnRequest: false,
    limits: { moderators: null, recoveryDays: 30, ...STORAGE },
    features: [...CORE, 'full-privilege-control', 'data-recovery', 'video-courses', 'files'],
    tools: ['online-pay', 'report-cards', 'sentinel-attendance'],
    referralRewardSms: REFERRAL_REWARD_SMS,
  },
  {
    id: 'elite',
    pricePerStudentPaisa: null,
    quotedOnRequest: true,
    limits: { moderators: null, recoveryDays: 30, videoStorageGb: null, fileStorageGb: null },
    features: [...CORE, 'full-privilege-control', 'data-recovery', 'video-courses', 'files'],
    tools: ['online-pay', 'report-cards', 'sentinel-attendance'],
    referralRewardSms: REFERRAL_REWARD_SMS,
  },
];

/** Whether `used` more would stay within a limit (null: unlimited). */
export function withinLimit(limit: number | null, used: number, adding = 1): boolean {
  return limit === null || used + adding <= limit;
}
