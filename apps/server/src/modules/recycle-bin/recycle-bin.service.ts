import { formatMessage, type RecycleBin, type RecycleKind, recycleExpiresAt } from '@batchwise/domain';
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
import type { PlansService } from '../plans/plans.service';
import { requireRecycleBinOwner } from './recycle-bin.policy';
import { RecycleBinRepository } from './recycle-bin.repository';

/**
 * How the module that owns a kind of item puts it back. `restore` runs inside the restoring
 * transaction and throws a failure naming the clash when the rows cannot go back as they were;
 * `announce` tells open pages once it is back.
 */
export interface RecoverableKind {
  restore(trx: Kysely<Database>, accountId: string, snapshot: unknown): Promise<void>;
  announce(accountId: string): Promise<void>;
}

/** What a deleting module hands the bin, inside its own transaction. */
export interface DeletedItem {
  kind: RecycleKind;
  entityId: string;
  label: string;
  detail: string | null;
  /** Every row the deletion removes, table by table, exactly as read. */
  snapshot: unknown;
}

export interface RecycleBinDeps {
  db: Db;
  clock: Clock;
  access: AccessPolicy;
  events: EventBus;
  plans: Pick<PlansService, 'allows' | 'limit'>;
  kinds: Record<RecycleKind, RecoverableKind>;
}

/**
 * The Recycle bin (plan feature `data-recovery`). Deleting modules ask `recoveryDays` before
 * their transaction and call `keep` inside it, so the copy and the deletion land together; every
 * other query of theirs stays as it was, since the rows really are gone until restored.
 */
export class RecycleBinService {
  constructor(private readonly deps: RecycleBinDeps) {}

  /** Days the account's plan keeps deletions; 0 when it does not include recovery. */
  async recoveryDays(accountId: string): Promise<number> {
    if (!(await this.deps.plans.allows(accountId, 'data-recovery'))) return 0;
    return (await this.deps.plans.limit(accountId, 'recoveryDays')) ?? 0;
  }

  /** Keeps a copy of a deletion for `days` (recoveryDays, above 0); call inside the deleting transaction. */
  async keep(
    trx: Kysely<Database>,
    principal: Principal,
    accountId: string,
    item: DeletedItem,
    days: number,
    now: number,
  ): Promise<void> {
    await new RecycleBinRepository(trx).insert({
      id: newId(now),
      account_id: accountId,
      kind: item.kind,
      entity_id: item.entityId,
      label: item.label,
      detail: item.detail,
      deleted_by: principal.user.id,
      deleted_by_name: principal.user.name,
      deleted_at: now,
      expires_at: recycleExpiresAt(now, days),
      snapshot: JSON.stringify(item.snapshot),
    });
  }

  /** Tells the account's owners their bin changed (after a deletion kept a copy, or a restore). */
  async announce(accountId: string): Promise<void> {
    await this.deps.events.publish({
      channel: `account:${accountId}`,
      type: 'recycle-bin.changed',
      stale: [{ resource: 'recycle-bin', params: { accountId } }],
    });
  }

  async list(principal: Principal, accountId: string): Promise<RecycleBin> {
    requireRecycleBinOwner(await this.deps.access.requireAccount(principal, accountId));
    const rows = await new RecycleBinRepository(this.deps.db.kysely).open(accountId, this.deps.clock.now());
    return {
      recoveryDays: await this.recoveryDays(accountId),
      entries: rows.map((row) => ({
        id: row.id,
        kind: row.kind as RecycleKind,
        label: row.label,
        detail: row.detail,
        deletedBy: row.deleted_by_name,
        deletedAt: Number(row.deleted_at),
        expiresAt: Number(row.expires_at),
      })),
    };
  }

  /**
   * Puts a deleted item back in one transaction: its rows with the same ids, then the entry leaves
   * the bin. A clash (the same id again, its classroom gone) refuses it and changes nothing. An
   * item kept before the plan ended can still be restored until its own expiry.
   */
  async restore(principal: Principal, accountId: string, entryId: string) {
    requireRecycleBinOwner(await this.deps.access.requireAccount(principal, accountId));
    const db = this.deps.db.kysely;
    const entry = await new RecycleBinRepository(db).find(accountId, entryId);
    if (!entry) throw notFound();
    const now = this.deps.clock.now();
    if (Number(entry.expires_at) <= now) throw failure(410, 'RECYCLE_ENTRY_EXPIRED');
    const kind = entry.kind as RecycleKind;
    const recoverable = this.deps.kinds[kind];
    await db.transaction().execute(async (trx) => {
      // Taken first: of two restores at once, the second finds nothing and is "not found".
      if ((await new RecycleBinRepository(trx).remove(entry.id)) === 0) throw notFound();
      await recoverable.restore(trx, accountId, JSON.parse(entry.snapshot));
      await logActivity(
        trx,
        principal,
        {
          accountId,
          eventName: 'Restored from Recycle bin',
          summary: `${entry.label} (${kind})`,
          subjectType: kind,
          subjectId: entry.entity_id,
        },
        now,
      );
    });
    await recoverable.announce(accountId);
    await this.announce(accountId);
    return {
      code: 'RECYCLE_RESTORED' as const,
      message: formatMessage('RECYCLE_RESTORED', { label: entry.label }),
      kind,
      entityId: entry.entity_id,
    };
  }

  /** The daily job: entries past their days leave the bin for good. */
  purge(): Promise<number> {
    return new RecycleBinRepository(this.deps.db.kysely).purge(this.deps.clock.now());
  }
}
