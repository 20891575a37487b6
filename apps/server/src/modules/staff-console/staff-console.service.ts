import {
  type AccountLabel,
  isValidBdPhone,
  type LabelList,
  normalizeBdPhone,
  type PlanId,
  type StaffAccountDetail,
  type StaffAccountRow,
  type SuspensionChange,
} from '@batchwise/domain';
import type { Db } from '../../db/database';
import type { Principal } from '../../lib/access';
import type { Clock } from '../../lib/clock';
import { failure, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { StampedCache } from '../../lib/stamped-cache';
import type { AccessPolicy } from '../access/access.policy';
import { activityView, logActivity } from '../activity/activity';
import type { AccountErrors } from '../error-reports/account-errors';
import type { EventBus } from '../events/event-bus';
import { AccountDetailRepository } from './account-detail.repository';
import { requirePlatformStaff } from './staff-console.policy';
import { StaffConsoleRepository } from './staff-console.repository';

type SearchRow = Awaited<ReturnType<StaffConsoleRepository['search']>>[number];

/**
 * The staff console: platform staff find an account by what a caller on the phone can tell them
 * (e-mail, phone, institution, id or referral code) or by label, read its plan, usage, people and
 * activity in one place, suspend or restore it and label it. Suspending and restoring are written
 * to the account's own log (its owner sees why); labels are the staff's notes and go to the
 * platform log only.
 */
export class StaffConsoleService {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      events: EventBus;
      access: AccessPolicy;
      accountErrors: Pick<AccountErrors, 'recent'>;
    },
  ) {
    this.blocking = new StampedCache(deps.db.stamps, ['account_suspensions', 'accounts']);
  }

  /** Why writes of a user on an account are refused (null: they are not), by account and user. */
  private readonly blocking: StampedCache<string | null>;

  private get repo() {
    return new StaffConsoleRepository(this.deps.db.kysely);
  }

  async search(principal: Principal, query: { q: string; labelId?: string }): Promise<StaffAccountRow[]> {
    requirePlatformStaff(principal);
    const q = query.q.trim();
    if (q.length < 2 && !query.labelId) throw failure(400, 'STAFF_SEARCH_SHORT');
    // A phone in any form people type it (01…, +880…, Bangla digits) is found by its normal form.
    const phone = /^[+\d\s\-()০-৯]+$/.test(q) ? normalizeBdPhone(q) : '';
    const rows = await this.repo.search({
      labelId: query.labelId,
      ...(q === '' ? {} : isValidBdPhone(phone) ? { phone } : { text: q }),
    });
    const labels = await this.labelsByAccount(rows.map((r) => r.id));
    return rows.map((row) => this.rowView(row, labels.get(row.id) ?? []));
  }

  async account(principal: Principal, accountId: string): Promise<StaffAccountDetail> {
    requirePlatformStaff(principal);
    const detail = new AccountDetailRepository(this.deps.db.kysely);
    const account = await detail.account(accountId);
    if (!account) throw notFound();
    const [usage, team, activity, errors, suspension, labels] = await Promise.all([
      detail.usage(accountId),
      detail.team(accountId),
      detail.activity(accountId),
      this.deps.accountErrors.recent(accountId),
      this.repo.suspension(accountId),
      this.labelsByAccount([accountId]),
    ]);
    const people = [
      { ...pick(account), role: 'owner' as const },
      ...team.admins.map((u) => ({ ...person(u), role: 'admin' as const })),
      ...team.teachers.map((u) => ({ ...person(u), role: 'teacher' as const })),
      ...team.assistants.map((u) => ({ ...person(u), role: 'assistant' as const })),
    ];
    const devices = await detail.devices(
      people.map((p) => p.userId),
      this.deps.clock.now(),
    );
    return {
      id: account.id,
      kind: account.kind,
      institution: account.institution,
      ownerId: account.owner_id,
      ownerName: account.owner_name,
      ownerEmail: account.owner_email,
      ownerPhone: account.owner_phone,
      referralCode: account.referral_code,
      planId: account.plan_id as PlanId,
      planEndsAt: account.plan_ends_at === null ? null : Number(account.plan_ends_at),
      planDiscountPercent: account.plan_discount_percent,
      suspended: suspension !== undefined,
      suspension: suspension
        ? {
            reason: suspension.reason,
            suspendedAt: Number(suspension.suspended_at),
            suspendedBy: suspension.by_name,
          }
        : null,
      labels: labels.get(accountId) ?? [],
      createdAt: Number(account.created_at),
      usage: { ...usage, smsBalance: account.sms_quota },
      team: people,
      devices: devices.map((d) => ({
        userName: d.name,
        userAgent: d.user_agent,
        lastSeenAt: Number(d.last_seen_at),
      })),
      activity: activity.map(activityView),
      errors,
    };
  }

  /**
   * Suspends an account (its people keep reading and exporting; writes are refused by
   * suspension-guard.ts) or restores it, with the reason in the account's own log.
   */
  async setSuspension(principal: Principal, accountId: string, change: SuspensionChange): Promise<void> {
    requirePlatformStaff(principal);
    const now = this.deps.clock.now();
    const reason = change.reason.trim();
    await this.deps.db.kysely.transaction().execute(async (trx) => {
      const repo = new StaffConsoleRepository(trx);
      if (!(await new AccountDetailRepository(trx).account(accountId))) throw notFound();
      if (change.suspended) {
        const done = await repo.suspend({
          account_id: accountId,
          reason,
          suspended_by: principal.user.id,
          suspended_at: now,
        });
        if (!done) throw failure(409, 'ACCOUNT_ALREADY_SUSPENDED');
      } else if (!(await repo.restore(accountId))) {
        throw failure(409, 'ACCOUNT_NOT_SUSPENDED');
      }
      await logActivity(
        trx,
        principal,
        {
          accountId,
          eventName: change.suspended ? 'Staff Suspend Account' : 'Staff Restore Account',
          message: { key: change.suspended ? 'accountSuspended' : 'accountRestored', params: { reason } },
          subjectType: 'account',
          subjectId: accountId,
        },
        now,
      );
    });
    // Open pages of the account's people show (or drop) the notice without a reload.
    await this.deps.events.publish({
      channel: `account:${accountId}`,
      type: 'account.suspension',
      stale: [{ resource: 'maintenance' }, { resource: 'session' }],
    });
  }

  /** The suspensions among the accounts the caller works in (the notice on every signed-in page). */
  async suspensionsFor(principal: Principal) {
    const scopes = await this.deps.access.scopes(principal);
    const rows = await this.repo.suspensionsOf(scopes.map((s) => s.accountId));
    return rows.map((r) => ({
      accountId: r.account_id,
      institution: r.institution,
      reason: r.reason,
      since: Number(r.suspended_at),
    }));
  }

  /**
   * Why a write by the caller on this account is refused, or undefined when it is not. Every write
   * asks: the answer is kept until a suspension or an account changes, as of the stamps the
   * caller's request began with.
   */
  async blockingReason(accountId: string | undefined, caller: Principal): Promise<string | undefined> {
    const userId = caller.user.id;
    const reason = await this.blocking.get(
      `${accountId ?? ''}:${userId}`,
      async () => (await this.repo.blockingSuspension(accountId, userId))?.reason ?? null,
      caller,
    );
    return reason ?? undefined;
  }

  // ── labels (`/account-labeler`) ──

  async labels(principal: Principal): Promise<LabelList> {
    requirePlatformStaff(principal);
    const rows = await this.repo.labels();
    return { labels: rows.map((r) => ({ id: r.id, name: r.name, accounts: Number(r.accounts) })) };
  }

  async createLabel(principal: Principal, name: string): Promise<AccountLabel> {
    requirePlatformStaff(principal);
    const now = this.deps.clock.now();
    const clean = name.trim().replace(/\s+/g, ' ');
    const id = newId(now);
    const made = await this.repo.createLabel({
      id,
      name: clean,
      name_key: clean.toLowerCase(),
      created_by: principal.user.id,
      created_at: now,
    });
    if (!made) throw failure(409, 'LABEL_EXISTS');
    return { id, name: clean };
  }

  async deleteLabel(principal: Principal, labelId: string): Promise<void> {
    requirePlatformStaff(principal);
    const deleted = await this.deps.db.kysely
      .transaction()
      .execute((trx) => new StaffConsoleRepository(trx).deleteLabel(labelId));
    if (!deleted) throw notFound();
  }

  async setLabel(principal: Principal, accountId: string, labelId: string, on: boolean): Promise<void> {
    requirePlatformStaff(principal);
    const now = this.deps.clock.now();
    await this.deps.db.kysely.transaction().execute(async (trx) => {
      const repo = new StaffConsoleRepository(trx);
      const [label, account] = await Promise.all([
        repo.label(labelId),
        new AccountDetailRepository(trx).account(accountId),
      ]);
      if (!label || !account) throw notFound();
      const changed = on ? await repo.attach(labelId, accountId, now) : await repo.detach(labelId, accountId);
      if (!changed) return;
      // Not the account's own log: its owner never sees the staff's labels ("at risk").
      await logActivity(
        trx,
        principal,
        {
          accountId: null,
          eventName: 'Staff Label',
          message: {
            key: on ? 'accountLabelled' : 'accountUnlabelled',
            params: { label: label.name, institution: account.institution },
          },
          subjectType: 'account',
          subjectId: accountId,
        },
        now,
      );
    });
  }

  private async labelsByAccount(accountIds: readonly string[]): Promise<Map<string, AccountLabel[]>> {
    const byAccount = new Map<string, AccountLabel[]>();
    for (const row of await this.repo.labelsOf(accountIds)) {
      const list = byAccount.get(row.account_id) ?? [];
      list.push({ id: row.id, name: row.name });
      byAccount.set(row.account_id, list);
    }
    return byAccount;
  }

  private rowView(row: SearchRow, labels: AccountLabel[]): StaffAccountRow {
    return {
      id: row.id,
      kind: row.kind,
      institution: row.institution,
      ownerName: row.owner_name,
      ownerEmail: row.owner_email,
      ownerPhone: row.owner_phone,
      referralCode: row.referral_code,
      planId: row.plan_id as PlanId,
      planEndsAt: row.plan_ends_at === null ? null : Number(row.plan_ends_at),
      suspended: row.suspended !== null,
      labels,
      createdAt: Number(row.created_at),
    };
  }
}

const person = (u: { id: string; name: string; email: string | null; phone: string | null }) => ({
  userId: u.id,
  name: u.name,
  email: u.email,
  phone: u.phone,
});

const pick = (a: {
  owner_id: string;
  owner_name: string;
  owner_email: string | null;
  owner_phone: string | null;
}) => person({ id: a.owner_id, name: a.owner_name, email: a.owner_email, phone: a.owner_phone });
