// Pricing constants of the public pricing page (part 1 §6, §9). Amounts are whole taka.

export const PLAN_IDS = ['lite', 'pro', 'elite'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export interface Plan {
  id: PlanId;
  /** Taka per student per month; null when not published (Pro: placeholder, Elite: on request). */
  pricePerStudentTaka: number | null;
  /** SMS is billed separately from the plan price. */
  smsExtra: boolean;
  /** Null means unlimited. */
  moderators: number | null;
  privilegeControl: 'basic' | 'full' | 'custom';
  videoStorageTb: number;
  fileStorageTb: number;
  /** Days of recovery after accidental deletion; 0 when not included. */
  dataLossProtectionDays: number;
  quotedOnRequest: boolean;
}

export const PLANS: readonly Plan[] = [
  {
    id: 'lite',
    pricePerStudentTaka: 0,
    smsExtra: true,
    moderators: 2,
    privilegeControl: 'basic',
    videoStorageTb: 1,
    fileStorageTb: 10,
    dataLossProtectionDays: 0,
    quotedOnRequest: false,
  },
  {
    id: 'pro',
    pricePerStudentTaka: null,
    smsExtra: true,
    moderators: null,
    privilegeControl: 'full',
    videoStorageTb: 1,
    fileStorageTb: 10,
    dataLossProtectionDays: 30,
    quotedOnRequest: false,
  },
  {
    id: 'elite',
    pricePerStudentTaka: null,
    smsExtra: true,
    moderators: null,
    privilegeControl: 'custom',
    videoStorageTb: 1,
    fileStorageTb: 10,
    dataLossProtectionDays: 30,
    quotedOnRequest: true,
  },
];

/** "20+ add-ons" on the pricing page. */
export const ADD_ON_COUNT = 20;
