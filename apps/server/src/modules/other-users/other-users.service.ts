import crypto from 'node:crypto';
import {
  addDays,
  dayOf,
  dayStartMs,
  OTHER_USER_CODE_MAX,
  OTHER_USER_CODE_MIN,
  OTHER_USERS_MAX,
  type OtherUser,
  type OtherUserList,
  type OtherUserLog,
  type OtherUserRole,
} from '@batchwise/domain';
import type { Db } from '../../db/database';
import type { Principal } from '../../lib/access';
import type { Clock } from '../../lib/clock';
import { failure, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { AccessPolicy } from '../access/access.policy';
import { logActivity } from '../activity/activity';
import type { EventBus } from '../events/event-bus';
import { otherUserQrPayload } from './other-user-gate';
import { requireGateManager } from './other-users.policy';
import { type OtherUserRow, OtherUsersRepository } from './other-users.repository';

export interface OtherUsersDeps {
  db: Db;
  clock: Clock;
  access: AccessPolicy;
  events: EventBus;
}

/** A person as the forms send them (contracts/other-users.ts otherUserInputSchema, parsed). */
export interface OtherUserFields {
  name: string;
  phone: string;
  role: OtherUserRole;
  validFrom: string | null;
  validTo: string | null;
}

/** Tries at a free random code before giving up (a full account has 500 of 90 million). */
const CODE_ATTEMPTS = 20;

/**
 * The account's other users as owners and admins keep them (/…/attendance/other-users): each gets
 * a random eight-digit access code that stays theirs; removing someone removes their log and
 * their code stops working at once. The log is read by Bangladesh day.
 */
export class OtherUsersService {
  private readonly repo: OtherUsersRepository;

  constructor(private readonly deps: OtherUsersDeps) {
    this.repo = new OtherUsersRepository(deps.db.kysely);
  }

  async list(principal: Principal, accountId: string): Promise<OtherUserList> {
    await this.requireManager(principal, accountId);
    const rows = await this.repo.list(accountId);
    return { items: rows.map(view), institution: await this.repo.institution(accountId) };
  }

  async create(principal: Principal, accountId: string, input: OtherUserFields): Promise<OtherUser> {
    await this.requireManager(principal, accountId);
    if ((await this.repo.count(accountId)) >= OTHER_USERS_MAX) {
      throw failure(409, 'OTHER_USERS_TOO_MANY', { limit: OTHER_USERS_MAX });
    }
    const now = this.deps.clock.now();
    const row: OtherUserRow = {
      id: newId(now),
      account_id: accountId,
      name: input.name,
      phone: input.phone,
      role: input.role,
      valid_from: input.validFrom,
      valid_to: input.validTo,
      code: await this.freeCode(accountId),
      created_at: now,
      updated_at: now,
    };
    await this.repo.insert(row);
    await this.changed(principal, accountId, row, 'Add Other User', 'otherUserAdded', now);
    return view(row);
  }

  async update(
    principal: Principal,
    accountId: string,
    id: string,
    input: OtherUserFields,
  ): Promise<OtherUser> {
    await this.requireManager(principal, accountId);
    const now = this.deps.clock.now();
    const found = await this.repo.update(accountId, id, {
      name: input.name,
      phone: input.phone,
      role: input.role,
      valid_from: input.validFrom,
      valid_to: input.validTo,
      updated_at: now,
    });
    if (!found) throw notFound();
    const row = (await this.repo.byId(accountId, id))!;
    await this.changed(principal, accountId, row, 'Edit Other User', 'otherUserEdited', now);
    return view(row);
  }

  async remove(principal: Principal, accountId: string, id: string): Promise<{ ok: true }> {
    await this.requireManager(principal, accountId);
    const row = await this.repo.byId(accountId, id);
    if (!row || !(await this.repo.remove(accountId, id))) throw notFound();
    await this.changed(
      principal,
      accountId,
      row,
      'Remove Other User',
      'otherUserRemoved',
      this.deps.clock.now(),
    );
    return { ok: true };
  }

  async log(principal: Principal, accountId: string, day: string | undefined): Promise<OtherUserLog> {
    await this.requireManager(principal, accountId);
    const shown = day ?? dayOf(this.deps.clock.now());
    const rows = await this.repo.log(accountId, dayStartMs(shown), dayStartMs(addDays(shown, 1)));
    return {
      day: shown,
      items: rows.map((r) => ({
        id: r.id,
        otherUserId: r.other_user_id,
        name: r.name,
        role: r.role,
        direction: r.direction,
        at: Number(r.at),
        via: r.via,
        deviceName: r.device_name,
      })),
    };
  }

  private async freeCode(accountId: string): Promise<number> {
    for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
      const code = crypto.randomInt(OTHER_USER_CODE_MIN, OTHER_USER_CODE_MAX + 1);
      if (!(await this.repo.codeTaken(accountId, code))) return code;
    }
    throw failure(409, 'OTHER_USERS_TOO_MANY', { limit: OTHER_USERS_MAX });
  }

  /** ZKTeco devices learn the change; the activity log keeps who made it; the list refreshes. */
  private async changed(
    principal: Principal,
    accountId: string,
    row: OtherUserRow,
    eventName: string,
    key: 'otherUserAdded' | 'otherUserEdited' | 'otherUserRemoved',
    now: number,
  ): Promise<void> {
    await this.repo.bumpListVersion(accountId);
    await logActivity(
      this.deps.db.kysely,
      principal,
      {
        accountId,
        eventName,
        message: { key, params: { name: row.name } },
        subjectType: 'other-user',
        subjectId: row.id,
        data: { role: row.role },
      },
      now,
    );
    await this.deps.events.publish({
      channel: `account:${accountId}`,
      type: 'other-users.changed',
      stale: [{ resource: 'attendance', params: { accountId } }],
    });
  }

  private async requireManager(principal: Principal, accountId: string): Promise<void> {
    requireGateManager(await this.deps.access.requireAccount(principal, accountId));
  }
}

function view(row: OtherUserRow): OtherUser {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    role: row.role,
    validFrom: row.valid_from,
    validTo: row.valid_to,
    code: String(row.code),
    qrPayload: otherUserQrPayload(row.id),
    createdAt: Number(row.created_at),
  };
}
