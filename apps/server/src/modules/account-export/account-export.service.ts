import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  ACCOUNT_EXPORT_LINK_HOURS,
  type AccountExport,
  type AccountExportList,
  dayOf,
} from '@batchwise/domain';
import type { Db } from '../../db/database';
import type { AccountExportsTable } from '../../db/schema-account-export';
import type { Storage, StoredObject } from '../../drivers/storage/storage';
import type { Principal } from '../../lib/access';
import type { Clock } from '../../lib/clock';
import { failure } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { AccessPolicy } from '../access/access.policy';
import type { EventBus } from '../events/event-bus';
import type { JobQueue } from '../jobs/jobs.service';
import { collectAccount, writeAccountArchive } from './account-archive';
import { requireExportOwner } from './account-export.policy';
import { AccountExportRepository } from './account-export.repository';

export const ACCOUNT_EXPORT_JOB = 'account.export';
const LINK_MS = ACCOUNT_EXPORT_LINK_HOURS * 60 * 60 * 1000;
const LISTED = 5;

export interface AccountExportDeps {
  db: Db;
  clock: Clock;
  access: AccessPolicy;
  events: EventBus;
  jobs: JobQueue;
  storage: Storage;
}

/** The download link's signature: an HMAC of the export id and expiry with the export's own secret. */
export const signature = (row: Pick<AccountExportsTable, 'id' | 'link_secret'>, expires: number) =>
  crypto.createHmac('sha256', row.link_secret).update(`${row.id}.${expires}`).digest('base64url');

/** The owner's archive of the whole account: started here, built by the worker, downloaded signed. */
export class AccountExportService {
  constructor(private readonly deps: AccountExportDeps) {}

  private get repo() {
    return new AccountExportRepository(this.deps.db.kysely, this.deps.db.dialect);
  }

  async list(principal: Principal, accountId: string): Promise<AccountExportList> {
    await this.requireOwner(principal, accountId);
    await this.deleteExpired();
    return { exports: (await this.repo.latest(accountId, LISTED)).map((row) => this.view(row)) };
  }

  async start(principal: Principal, accountId: string): Promise<AccountExport> {
    await this.requireOwner(principal, accountId);
    const [last] = await this.repo.latest(accountId, 1);
    if (last && (last.status === 'queued' || last.status === 'running')) {
      throw failure(409, 'ACCOUNT_EXPORT_RUNNING');
    }
    const now = this.deps.clock.now();
    const row: AccountExportsTable = {
      id: newId(now),
      account_id: accountId,
      requested_by: principal.user.id,
      status: 'queued',
      progress: 0,
      file_key: null,
      bytes: null,
      error: null,
      created_at: now,
      finished_at: null,
      expires_at: null,
      link_secret: crypto.randomBytes(32).toString('base64url'),
    };
    await this.deps.db.kysely.transaction().execute(async (trx) => {
      await new AccountExportRepository(trx, this.deps.db.dialect).insert(row);
      await this.deps.jobs.enqueue(ACCOUNT_EXPORT_JOB, { exportId: row.id }, { trx, maxAttempts: 1 });
    });
    await this.changed(accountId);
    return this.view(row);
  }

  /** The archive's bytes for a signed, unexpired link of the account's owner. */
  async download(
    principal: Principal,
    accountId: string,
    exportId: string,
    query: { expires: number; signature: string },
  ): Promise<{ object: StoredObject; fileName: string }> {
    await this.requireOwner(principal, accountId);
    const row = await this.repo.find(accountId, exportId);
    if (!row) throw failure(404, 'NOT_FOUND');
    const given = Buffer.from(query.signature);
    const expected = Buffer.from(signature(row, query.expires));
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) {
      throw failure(403, 'FORBIDDEN');
    }
    if (query.expires <= this.deps.clock.now() || (row.expires_at ?? 0) <= this.deps.clock.now()) {
      throw failure(410, 'ACCOUNT_EXPORT_EXPIRED');
    }
    const object =
      row.status === 'ready' && row.file_key ? await this.deps.storage.get(row.file_key) : undefined;
    if (!object) throw failure(409, 'ACCOUNT_EXPORT_NOT_READY');
    return { object, fileName: `batchwise-account-${dayOf(Number(row.created_at))}.zip` };
  }

  /** The worker's job: reads the account, writes the zip to storage, reports progress as it goes. */
  async build(exportId: string): Promise<void> {
    const row = await this.repo.byId(exportId);
    if (row?.status !== 'queued') return;
    const { account_id: accountId } = row;
    let reported = -1;
    const progress = async (done: number, total: number) => {
      const percent = Math.floor((done / total) * 95);
      if (percent - reported < 5 && done < total) return;
      reported = percent;
      await this.repo.update(exportId, { status: 'running', progress: percent });
      await this.changed(accountId);
    };
    const file = path.join(os.tmpdir(), `batchwise-account-${exportId}.zip`);
    try {
      await progress(0, 1);
      const data = await collectAccount(this.repo, this.deps.storage, accountId, progress);
      const bytes = await writeAccountArchive(file, data, this.deps.storage, {
        accountId,
        createdAt: row.created_at,
      });
      const key = `account-exports/${accountId}/${exportId}.zip`;
      await this.deps.storage.put(key, fs.createReadStream(file), 'application/zip');
      const now = this.deps.clock.now();
      await this.repo.update(exportId, {
        status: 'ready',
        progress: 100,
        file_key: key,
        bytes,
        finished_at: now,
        expires_at: now + LINK_MS,
      });
    } catch (error) {
      await this.repo.update(exportId, {
        status: 'failed',
        error: (error as Error).message,
        finished_at: this.deps.clock.now(),
      });
      throw error;
    } finally {
      fs.rmSync(file, { force: true });
      await this.changed(accountId);
    }
  }

  /** Archives past their link's expiry are deleted; their rows stay as history. */
  private async deleteExpired(): Promise<void> {
    for (const row of await this.repo.expired(this.deps.clock.now())) {
      await this.deps.storage.delete(row.file_key!);
      await this.repo.update(row.id, { file_key: null });
    }
  }

  private view(row: AccountExportsTable): AccountExport {
    const live = row.status === 'ready' && row.file_key && (row.expires_at ?? 0) > this.deps.clock.now();
    return {
      id: row.id,
      status: row.status,
      progress: row.progress,
      bytes: row.bytes,
      createdAt: row.created_at,
      finishedAt: row.finished_at,
      expiresAt: row.expires_at,
      downloadUrl: live
        ? `/api/accounts/${row.account_id}/account-exports/${row.id}/download?expires=${row.expires_at}&signature=${signature(row, row.expires_at!)}`
        : null,
    };
  }

  private async requireOwner(principal: Principal, accountId: string): Promise<void> {
    requireExportOwner(await this.deps.access.requireAccount(principal, accountId));
  }

  private async changed(accountId: string): Promise<void> {
    await this.deps.events.publish({
      channel: `account:${accountId}`,
      type: 'account-exports.changed',
      stale: [{ resource: 'account-exports', params: { accountId } }],
    });
  }
}
