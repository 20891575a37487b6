import type { AccountSummary, institutionUpdateSchema } from '@batchwise/domain';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import type { Storage } from '../../drivers/storage/storage';
import type { Principal } from '../../lib/access';
import type { Clock } from '../../lib/clock';
import { failure } from '../../lib/errors';
import type { AccessPolicy } from '../access/access.policy';
import { activityView, logActivity } from '../activity/activity';
import { ActivityRepository } from '../activity/activity.repository';
import { pictureUrl, storePicture } from '../media/images';
import { AccountsRepository } from './accounts.repository';

type InstitutionUpdate = z.output<typeof institutionUpdateSchema>;

export class AccountsService {
  private readonly accounts: AccountsRepository;

  constructor(private readonly deps: { db: Db; clock: Clock; access: AccessPolicy; storage: Storage }) {
    this.accounts = new AccountsRepository(deps.db.kysely);
  }

  /** Dashboard figures of one account, counted within what the caller may see. */
  async summary(principal: Principal, accountId: string): Promise<AccountSummary> {
    const scope = await this.deps.access.requireAccount(principal, accountId);
    const account = await this.accounts.findWithOwner(accountId);
    if (!account) throw failure(404, 'NOT_FOUND');
    const classroomIds = scope.classrooms === 'all' ? undefined : scope.classrooms;
    const counts = await this.accounts.counts(accountId, classroomIds);
    const activity = await new ActivityRepository(this.deps.db.kysely).recent(accountId, 10);
    return {
      accountId,
      institution: account.institution,
      ownerName: account.owner_name,
      classrooms: counts.classrooms,
      students: counts.students,
      studentsInClassrooms: counts.inClassrooms,
      assistants: counts.assistants,
      smsQuota: account.sms_quota,
      recentActivity: activity.map(activityView),
    };
  }

  async updateInstitution(principal: Principal, accountId: string, input: InstitutionUpdate): Promise<void> {
    await this.requireOwner(principal, accountId);
    const now = this.deps.clock.now();
    await this.deps.db.kysely.transaction().execute(async (trx) => {
      await new AccountsRepository(trx).update(accountId, {
        institution: input.institution,
        preferences: JSON.stringify({
          type: input.accountType,
          currency: input.currency,
          manageMultiBranches: input.manageMultiBranches,
        }),
        updated_at: now,
      });
      await logActivity(
        trx,
        principal,
        {
          accountId,
          eventName: 'Update Institution',
          message: { key: 'institutionChanged', params: { institution: input.institution } },
        },
        now,
      );
    });
  }

  /** The upload is read only after the caller proved ownership: nobody else's bytes are processed. */
  async setLogo(principal: Principal, accountId: string, readUpload: () => Promise<Buffer>): Promise<string> {
    await this.requireOwner(principal, accountId);
    const picture = await readUpload();
    const now = this.deps.clock.now();
    const key = await storePicture(this.deps.storage, 'logos', picture, now);
    const previous = await this.accounts.findById(accountId);
    await this.accounts.update(accountId, { logo_key: key, updated_at: now });
    if (previous?.logo_key) await this.deps.storage.delete(previous.logo_key);
    return pictureUrl(key)!;
  }

  private async requireOwner(principal: Principal, accountId: string): Promise<void> {
    const scope = await this.deps.access.requireAccount(principal, accountId);
    if (scope.relation !== 'owner') throw failure(403, 'FORBIDDEN');
  }
}
