import {
  type AccountSender,
  type SenderName,
  type SmsSharing,
  type StaffSenderNames,
  senderNameProblem,
} from '@batchwise/domain';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { SmsSenderNamesTable } from '../../db/schema-referrals';
import type { Principal } from '../../lib/access';
import type { Clock } from '../../lib/clock';
import { failure, notFound } from '../../lib/errors';
import type { AccessPolicy } from '../access/access.policy';
import { logActivity } from '../activity/activity';
import type { EventBus } from '../events/event-bus';
import { requirePlatformStaff, requireSmsOwner } from './sms-sender.policy';
import { SmsSenderRepository } from './sms-sender.repository';

export interface SmsSenderDeps {
  db: Db;
  clock: Clock;
  access: AccessPolicy;
  events: EventBus;
  /** The configured SMS gateway sends under an institution's own name (drivers/sms/gateway.ts). */
  gatewayMasking: boolean;
}

const STAFF_LIST_ROWS = 200;

function view(row: Selectable<SmsSenderNamesTable>): SenderName {
  return {
    name: row.name,
    status: row.status,
    reason: row.reason,
    requestedAt: Number(row.requested_at),
    decidedAt: row.decided_at === null ? null : Number(row.decided_at),
  };
}

/**
 * An institution's SMS sender (research/integrations.md §3.6): its owners ask for a masking name,
 * platform staff approve it (or reject it with a reason), and from then on its sends go out under
 * it where the gateway takes masks (`senderOf`); everything else goes under the platform's
 * sender. Also the owners' SMS quota sharing with their teachers and assistants (part 1 §3
 * `SMS-Shared-From`), which the quota rule in modules/sms/sms-quota.ts then spends from.
 */
export class SmsSenderService {
  private readonly repo: SmsSenderRepository;

  constructor(private readonly deps: SmsSenderDeps) {
    this.repo = new SmsSenderRepository(deps.db.kysely);
  }

  async get(principal: Principal, accountId: string): Promise<AccountSender> {
    requireSmsOwner(await this.deps.access.requireAccount(principal, accountId));
    const row = await this.repo.find(accountId);
    return { request: row ? view(row) : null, gatewaySupportsMasking: this.deps.gatewayMasking };
  }

  async request(principal: Principal, accountId: string, name: string): Promise<SenderName> {
    requireSmsOwner(await this.deps.access.requireAccount(principal, accountId));
    const problem = senderNameProblem(name);
    if (problem) throw failure(400, problem);
    await this.repo.request({
      account_id: accountId,
      name,
      requested_by: principal.user.id,
      requested_at: this.deps.clock.now(),
    });
    await this.changed(accountId);
    return view((await this.repo.find(accountId))!);
  }

  async staffList(principal: Principal): Promise<StaffSenderNames> {
    requirePlatformStaff(principal);
    const rows = await this.repo.listForStaff(STAFF_LIST_ROWS);
    return {
      requests: rows.map((row) => ({
        ...view(row),
        accountId: row.account_id,
        institution: row.institution,
        ownerName: row.owner_name,
      })),
    };
  }

  async decide(
    principal: Principal,
    accountId: string,
    decision: { approve: boolean; reason?: string },
  ): Promise<void> {
    requirePlatformStaff(principal);
    const request = await this.repo.find(accountId);
    if (!request) throw notFound();
    const now = this.deps.clock.now();
    const decided = await this.repo.decide(accountId, {
      status: decision.approve ? 'approved' : 'rejected',
      reason: decision.approve ? null : (decision.reason ?? null),
      decided_by: principal.user.id,
      decided_at: now,
    });
    if (!decided) throw failure(409, 'SENDER_NAME_NOT_PENDING');
    // The account's own log too, where its owner sees the decision.
    await logActivity(
      this.deps.db.kysely,
      principal,
      {
        accountId,
        eventName: 'Staff Sender Name',
        message: decision.approve
          ? { key: 'senderNameApproved', params: { name: request.name } }
          : { key: 'senderNameRejected', params: { name: request.name, reason: decision.reason ?? '' } },
      },
      now,
    );
    await this.changed(accountId);
  }

  /** The name an account's sends go out under, when the gateway takes masks; else null. */
  async senderOf(accountId: string): Promise<string | null> {
    return this.deps.gatewayMasking ? this.repo.approvedName(accountId) : null;
  }

  async sharing(principal: Principal, accountId: string): Promise<SmsSharing> {
    requireSmsOwner(await this.deps.access.requireAccount(principal, accountId));
    return { members: await this.members(accountId) };
  }

  async share(
    principal: Principal,
    accountId: string,
    memberAccountId: string,
    shared: boolean,
  ): Promise<void> {
    requireSmsOwner(await this.deps.access.requireAccount(principal, accountId));
    const member = (await this.members(accountId)).find((m) => m.accountId === memberAccountId);
    // Sharing is switched on for members only; switched off for anyone still drawing on it.
    if (!member || (shared && member.relation === 'former')) throw failure(403, 'SMS_SHARE_NOT_MEMBER');
    await this.repo.setSharedFrom(memberAccountId, accountId, shared);
    await this.deps.events.publish({
      channel: `account:${accountId}`,
      type: 'sms.sharing',
      stale: [{ resource: 'sms-sharing', params: { accountId } }],
    });
    // The member's screens show whose quota they spend.
    await this.deps.events.publish({
      channel: `account:${memberAccountId}`,
      type: 'sms.quota',
      stale: [{ resource: 'session' }, { resource: 'sms-quota', params: { accountId: memberAccountId } }],
    });
  }

  /**
   * An admin shares with their teachers; a teacher with their assistants who have accounts. One
   * who left the team but still shares is listed too, so the owner can switch it off.
   */
  private async members(accountId: string): Promise<SmsSharing['members']> {
    const [teachers, assistants, sharing] = await Promise.all([
      this.repo.adminTeachers(accountId),
      this.repo.assistantAccounts(accountId),
      this.repo.sharingFrom(accountId),
    ]);
    const entry =
      (relation: SmsSharing['members'][number]['relation']) => (row: (typeof teachers)[number]) => ({
        accountId: row.id,
        name: row.name,
        institution: row.institution,
        relation,
        shared: row.sms_shared_from === accountId,
      });
    const current = [
      ...teachers.map(entry('teacher')),
      ...assistants.filter((a) => !teachers.some((t) => t.id === a.id)).map(entry('assistant')),
    ];
    const former = sharing.filter((s) => !current.some((m) => m.accountId === s.id)).map(entry('former'));
    return [...current, ...former];
  }

  private async changed(accountId: string): Promise<void> {
    await this.deps.events.publish({
      channel: `account:${accountId}`,
      type: 'sms.sender',
      stale: [{ resource: 'sms-sender', params: { accountId } }],
    });
  }
}

/**
 * Whether an account's sends go out under a brand name: the platform's own sender ID when it is
 * one, or the account's approved masking name where the gateway takes masks. Previews warn then
 * that the text needs Bangla (integrations.md §3.6).
 */
export function maskedSenderOf(platformMasked: boolean, senders: Pick<SmsSenderService, 'senderOf'>) {
  return async (accountId: string): Promise<boolean> =>
    platformMasked || (await senders.senderOf(accountId)) !== null;
}
