import {
  type AccountTools,
  type InstalledTool,
  isToolAvailable,
  mergeInstalledTools,
  TOOL_CATALOGUE,
  type ToolKey,
} from '@batchwise/domain';
import type { Db } from '../../db/database';
import type { Principal } from '../../lib/access';
import type { Clock } from '../../lib/clock';
import { failure, notFound } from '../../lib/errors';
import type { AccessPolicy, AccountScope } from '../access/access.policy';
import type { EventBus } from '../events/event-bus';
import type { PlansService } from '../plans/plans.service';
import { installSources, requireToolManager } from './tools.policy';
import { ToolsRepository } from './tools.repository';

export interface ToolsDeps {
  db: Db;
  clock: Clock;
  access: AccessPolicy;
  events: EventBus;
  plans: PlansService;
  /** Tools this installation does not offer (the AI tools without a model): not listed, not installable. */
  hidden?: readonly ToolKey[];
}

const DAY_MS = 86_400_000;
type Applied = InstalledTool & { source: 'own' | 'admin' };

/**
 * The tools catalogue (spec part 2 §3 `InstalledTools`, `pinnedTools`; §4 "Tool availability"):
 * installs with the plan or as a one-time trial, expiry, pins, and the check the routes of each
 * add-on pass through (tools.gate.ts).
 */
export class ToolsService {
  private readonly repo: ToolsRepository;

  constructor(private readonly deps: ToolsDeps) {
    this.repo = new ToolsRepository(deps.db.kysely);
  }

  /** The installs that count for the caller in the account, merged by the later expiry. */
  private async applied(principal: Principal, scope: AccountScope): Promise<Map<string, Applied>> {
    const scopes = await this.deps.access.scopes(principal);
    const own = scopes.find((s) => s.relation === 'owner')?.accountId;
    const admin =
      scope.relation === 'owner' && !scope.adminTeam
        ? await this.repo.adminAccountOf(scope.accountId)
        : undefined;
    const sources = installSources(scope, own, admin);
    const rows = await this.repo.installs(sources.map((s) => s.accountId));
    const lists = sources.map(({ accountId, source }) =>
      rows
        .filter((r) => r.account_id === accountId)
        .map(
          (r): Applied => ({
            key: r.tool_key,
            Expires: r.expires_at === null ? null : Number(r.expires_at),
            source,
          }),
        ),
    );
    return new Map((mergeInstalledTools(...lists) as Applied[]).map((t) => [t.key, t]));
  }

  private offered() {
    return TOOL_CATALOGUE.filter((tool) => !this.deps.hidden?.includes(tool.key));
  }

  /** Refuses a caller for whom the tool is not installed, or has expired, in this account. */
  async require(principal: Principal, accountId: string, tool: ToolKey): Promise<void> {
    const scope = await this.deps.access.requireAccount(principal, accountId);
    const applied = await this.applied(principal, scope);
    if (!isToolAvailable(applied.get(tool), this.deps.clock.now())) throw failure(403, 'TOOL_NOT_AVAILABLE');
  }

  async list(principal: Principal, accountId: string): Promise<AccountTools> {
    const scope = await this.deps.access.requireAccount(principal, accountId);
    const now = this.deps.clock.now();
    const [applied, ownRows, trials, plan] = await Promise.all([
      this.applied(principal, scope),
      this.repo.installs([accountId]),
      this.repo.trials(accountId),
      this.deps.plans.planOf(accountId),
    ]);
    return {
      plan: { id: plan.id, limits: plan.limits },
      canManage: scope.relation !== 'assistant',
      tools: this.offered().map((tool) => {
        const own = ownRows.find((r) => r.tool_key === tool.key);
        const pick = applied.get(tool.key);
        return {
          key: tool.key,
          page: tool.page,
          trialDays: tool.trialDays,
          includedInPlan: plan.tools.includes(tool.key),
          trialUsed: trials.includes(tool.key),
          installed: own
            ? {
                expiresAt: own.expires_at === null ? null : Number(own.expires_at),
                pinned: own.pinned === 1,
                installedAt: Number(own.installed_at),
              }
            : null,
          source: pick?.source ?? null,
          expiresAt: pick?.Expires ?? null,
          usable: isToolAvailable(pick, now),
        };
      }),
    };
  }

  /** With the plan when it includes the tool (no expiry); otherwise the account's one trial. */
  async install(principal: Principal, accountId: string, key: ToolKey): Promise<void> {
    const scope = await this.deps.access.requireAccount(principal, accountId);
    requireToolManager(principal, scope);
    const tool = this.offered().find((t) => t.key === key);
    if (!tool) throw notFound();
    const now = this.deps.clock.now();
    const included = await this.deps.plans.includesTool(accountId, key);
    await this.deps.db.kysely.transaction().execute(async (trx) => {
      const repo = new ToolsRepository(trx);
      if (!included && !(await repo.startTrial(accountId, key, now))) throw failure(409, 'TOOL_TRIAL_USED');
      await repo.install({
        account_id: accountId,
        tool_key: key,
        route: tool.page,
        expires_at: included ? null : now + tool.trialDays * DAY_MS,
        installed_at: now,
      });
    });
    await this.changed(accountId);
  }

  async uninstall(principal: Principal, accountId: string, key: ToolKey): Promise<void> {
    const scope = await this.deps.access.requireAccount(principal, accountId);
    requireToolManager(principal, scope);
    if (!(await this.repo.remove(accountId, key))) throw notFound();
    await this.changed(accountId);
  }

  async pin(principal: Principal, accountId: string, key: ToolKey, pinned: boolean): Promise<void> {
    const scope = await this.deps.access.requireAccount(principal, accountId);
    requireToolManager(principal, scope);
    if (!(await this.repo.pin(accountId, key, pinned))) throw notFound();
    await this.changed(accountId);
  }

  private async changed(accountId: string): Promise<void> {
    await this.deps.events.publish({
      channel: `account:${accountId}`,
      type: 'tools.changed',
      stale: [{ resource: 'tools', params: { accountId } }, { resource: 'session' }],
    });
  }
}
