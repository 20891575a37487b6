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
import type { Kysely } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
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
    await this.write(async (repo, trx) => {
      await repo.insert(row);
      await recordChange(repo, trx, principal, row, 'Add Other User', 'otherUserAdded', now);
    });
    await this.changed(accountId);
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
    const row = await this.write(async (repo, trx) => {
      const found = await repo.update(accountId, id, {
        name: input.name,
        phone: input.phone,
        role: input.role,
        valid_from: input.validFrom,
        valid_to: input.validTo,
        updated_at: now,
      });
      if (!found) throw notFound();
      const updated = (await repo.byId(accountId, id))!;
      await recordChange(repo, trx, principal, updated, 'Edit Other User', 'otherUserEdited', now);
      return updated;
    });
    await this.changed(accountId);
    return view(row);
  }

  async remove(principal: Principal, accountId: string, id: string): Promise<{ ok: true }> {
    await this.requireManager(principal, accountId);
    await this.write(async (repo, trx) => {
      const row = await repo.byId(accountId, id);
      if (!row || !(await repo.remove(accountId, id))) throw notFound();
      await recordChange(
        repo,
        trx,
        principal,
        row,
        'Remove Other User',
        'otherUserRemoved',
        this.deps.clock.now(),
      );
    });
    await this.changed(accountId);
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

  /** A change, the devices' list version and its activity entry are written together or not at all. */
  private write<T>(work: (repo: OtherUsersRepository, trx: Kysely<Database>) => Promise<T>): Promise<T> {
    return this.deps.db.kysely.transaction().execute((trx) => work(new OtherUsersRepository(trx), trx));
  }

  /** After the commit, open lists refresh. */
  private async changed(accountId: string): Promise<void> {
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

/** ZKTeco devices learn the change (list version) and the activity log keeps who made it. */
async function recordChange(
  repo: OtherUsersRepository,
  trx: Kysely<Database>,
  principal: Principal,
  row: OtherUserRow,
  eventName: string,
  key: 'otherUserAdded' | 'otherUserEdited' | 'otherUserRemoved',
  now: number,
): Promise<void> {
  await repo.bumpListVersion(row.account_id);
  await logActivity(
    trx,
    principal,
    {
      accountId: row.account_id,
      eventName,
      message: { key, params: { name: row.name } },
      subjectType: 'other-user',
      subjectId: row.id,
      data: { role: row.role },
    },
    now,
  );
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
