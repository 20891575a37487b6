import {
  DEFAULT_PLANS,
  type PlanFeature,
  type PlanId,
  type PlanLimitKey,
  type PlanLimits,
  type PlanView,
  type planInputSchema,
  STARTING_PLAN,
  type ToolKey,
} from '@batchwise/domain';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import type { Principal } from '../../lib/access';
import type { Clock } from '../../lib/clock';
import { failure, notFound } from '../../lib/errors';
import type { EventBus } from '../events/event-bus';
import { type PlanRowDb, PlansRepository } from './plans.repository';

export interface PlansDeps {
  db: Db;
  clock: Clock;
  events: EventBus;
  /** Days a paid plan keeps its limits after its end date (a billing setting); none: 0. */
  graceDays?: () => Promise<number>;
}

const DAY_MS = 86_400_000;

function view(row: PlanRowDb): PlanView {
  return {
    id: row.id as PlanId,
    pricePerStudentPaisa: row.price_per_student_paisa === null ? null : Number(row.price_per_student_paisa),
    quotedOnRequest: row.quoted_on_request === 1,
    limits: JSON.parse(row.limits) as PlanLimits,
    features: JSON.parse(row.features) as PlanFeature[],
    tools: JSON.parse(row.tools) as ToolKey[],
    referralRewardSms: Number(row.referral_reward_sms),
    updatedAt: row.updated_at === null ? null : Number(row.updated_at),
  };
}

/**
 * The plan table (spec part 1 §6, §9) and the one question other modules ask of it: what an
 * account's plan allows (`allows`, `limit`, `includesTool`). No other module reads plan rows.
 */
export class PlansService {
  private readonly repo: PlansRepository;

  constructor(private readonly deps: PlansDeps) {
    this.repo = new PlansRepository(deps.db.kysely);
  }

  async list(): Promise<PlanView[]> {
    return (await this.repo.list()).map(view);
  }

  /** Platform staff edit a plan (the route admits staff only; checked again here). */
  async update(
    principal: Principal,
    planId: PlanId,
    input: z.output<typeof planInputSchema>,
  ): Promise<PlanView> {
    if (principal.user.is_staff !== 1) throw failure(403, 'FORBIDDEN');
    if (!(await this.repo.find(planId))) throw notFound();
    await this.repo.update(planId, {
      price_per_student_paisa: input.pricePerStudentPaisa,
      quoted_on_request: input.quotedOnRequest ? 1 : 0,
      limits: JSON.stringify(input.limits),
      features: JSON.stringify([...new Set(input.features)]),
      tools: JSON.stringify([...new Set(input.tools)]),
      referral_reward_sms: input.referralRewardSms,
      updated_at: this.deps.clock.now(),
      updated_by: principal.user.id,
    });
    await this.deps.events.publish({
      channel: 'public',
      type: 'plans.changed',
      stale: [{ resource: 'plans' }],
    });
    return view((await this.repo.find(planId))!);
  }

  /**
   * The plan in force for an account: its own, or the starting plan once a paid plan has ended
   * and its grace period passed (nothing is deleted; only the limits change).
   */
  async planOf(accountId: string): Promise<PlanView> {
    const account = await this.repo.accountPlan(accountId);
    const graceMs = account?.plan_ends_at != null ? ((await this.deps.graceDays?.()) ?? 0) * DAY_MS : 0;
    const ended =
      account?.plan_ends_at != null && Number(account.plan_ends_at) + graceMs < this.deps.clock.now();
    const id = !account || ended ? STARTING_PLAN : account.plan_id;
    const row = (await this.repo.find(id)) ?? (await this.repo.find(STARTING_PLAN));
    return row ? view(row) : { ...DEFAULT_PLANS[0]!, updatedAt: null };
  }

  async allows(accountId: string, feature: PlanFeature): Promise<boolean> {
    return (await this.planOf(accountId)).features.includes(feature);
  }

  /** A numeric limit of the account's plan; null means unlimited. */
  async limit(accountId: string, key: PlanLimitKey): Promise<number | null> {
    return (await this.planOf(accountId)).limits[key];
  }

  /** Whether the account's plan installs this tool without expiry. */
  async includesTool(accountId: string, tool: ToolKey): Promise<boolean> {
    return (await this.planOf(accountId)).tools.includes(tool);
  }

  /** The tools a new account gets installed: those of the starting plan. */
  async startingTools(): Promise<ToolKey[]> {
    const row = await this.repo.find(STARTING_PLAN);
    return row ? view(row).tools : [...DEFAULT_PLANS[0]!.tools];
  }
}
