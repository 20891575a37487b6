import {
  type ClaimedUpload,
  detectFile,
  formatBytes,
  isUploadPurpose,
  quotaBytes,
  type StorageUsage,
  UPLOAD_PURPOSES,
  UPLOAD_RULES,
  type UploadPurpose,
} from '@batchwise/domain';
import type { Db } from '../../db/database';
import type { Storage } from '../../drivers/storage/storage';
import type { Principal } from '../../lib/access';
import type { Clock } from '../../lib/clock';
import { failure, notFound } from '../../lib/errors';
import type { AccessPolicy } from '../access/access.policy';
import type { PlansService } from '../plans/plans.service';
import { UploadsRepository } from './uploads.repository';

/** How long an unfinished upload may be resumed (and reserves its size against the quota). */
export const UPLOAD_EXPIRY_MS = 24 * 60 * 60 * 1000;

export interface UploadsDeps {
  db: Db;
  clock: Clock;
  access: AccessPolicy;
  plans: Pick<PlansService, 'limit'>;
  storage: Storage;
}

export interface NewUpload {
  id: string;
  accountId: string;
  purpose: string;
  fileName: string;
  fileType: string;
  /** Upload-Length; undefined when the client deferred it (refused: the quota needs it). */
  length: number | undefined;
}

/** The finished bytes as the tus store holds them: their start, and the file they are in. */
export interface FinishedBytes {
  head(): Promise<Buffer>;
  /** A file on this machine's disk, moved into storage once checked. */
  file: string;
}

/**
 * Resumable uploads (tus 1.0, tus-server.ts speaks the protocol). An upload belongs to one
 * account and one purpose from its creation; only its uploader resumes it. Its declared size is
 * checked against the purpose's limit per file and the plan's storage quota when it starts,
 * and again once the bytes are in; the file must then be what its signature says the purpose
 * takes, and only then goes into storage. The module that uses it claims it once.
 */
export class UploadsService {
  private readonly repo: UploadsRepository;

  constructor(private readonly deps: UploadsDeps) {
    this.repo = new UploadsRepository(deps.db.kysely);
  }

  /** Whether the caller may start this upload: account, purpose, size per file, quota. */
  async check(principal: Principal, upload: NewUpload): Promise<{ purpose: UploadPurpose; length: number }> {
    await this.deps.access.requireAccount(principal, upload.accountId);
    if (!isUploadPurpose(upload.purpose)) throw failure(400, 'UPLOAD_PURPOSE_INVALID');
    if (upload.length === undefined) throw failure(400, 'UPLOAD_LENGTH_REQUIRED');
    const rule = UPLOAD_RULES[upload.purpose];
    if (upload.length > rule.maxBytes)
      throw failure(413, 'UPLOAD_TOO_LARGE', { max: formatBytes(rule.maxBytes) });
    await this.requireRoom(upload.accountId, upload.purpose, upload.length, upload.id);
    return { purpose: upload.purpose, length: upload.length };
  }

  /** Records a new upload once tus accepted its headers (checked again: time has passed). */
  async create(principal: Principal, upload: NewUpload): Promise<void> {
    const { purpose, length } = await this.check(principal, upload);
    const now = this.deps.clock.now();
    await this.repo.insert({
      id: upload.id,
      account_id: upload.accountId,
      uploader_user_id: principal.user.id,
      purpose,
      file_name: upload.fileName.slice(0, 200) || 'file',
      content_type: upload.fileType.slice(0, 200) || 'application/octet-stream',
      size_bytes: length,
      storage_key: null,
      status: 'uploading',
      created_at: now,
      finished_at: null,
      claimed_at: null,
    });
  }

  /** Resuming, sending or cancelling: only the uploader, while the upload is under way. */
  async requireOwnUpload(principal: Principal, uploadId: string): Promise<void> {
    const row = await this.repo.find(uploadId);
    if (!row || row.uploader_user_id !== principal.user.id || row.status !== 'uploading') throw notFound();
    await this.deps.access.requireAccount(principal, row.account_id);
  }

  /**
   * The last byte arrived: the signature decides what the file is, the quota is checked again
   * (other uploads may have finished meanwhile), then the file goes into storage. A refused
   * upload is forgotten (the tus store's copy is removed by the caller).
   */
  async finish(uploadId: string, bytes: FinishedBytes, size: number): Promise<ClaimedUpload> {
    const row = await this.repo.find(uploadId);
    if (row?.status !== 'uploading' || !isUploadPurpose(row.purpose)) throw notFound();
    try {
      const detected = detectFile(await bytes.head(), row.file_name);
      if (!detected || !UPLOAD_RULES[row.purpose].kinds.includes(detected.kind))
        throw failure(
          415,
          row.purpose === 'lesson-video' ? 'UPLOAD_VIDEO_TYPE_REFUSED' : 'UPLOAD_FILE_TYPE_REFUSED',
        );
      await this.requireRoom(row.account_id, row.purpose, size, row.id);
      const storageKey = `uploads/${row.account_id}/${row.id}.${detected.extension}`;
      await this.deps.storage.putFile(storageKey, bytes.file, detected.contentType);
      const stored = { storageKey, contentType: detected.contentType, sizeBytes: size };
      await this.repo.markStored(row.id, { ...stored, at: this.deps.clock.now() });
      return { ...stored, fileName: row.file_name };
    } catch (error) {
      await this.repo.remove(row.id);
      throw error;
    }
  }

  /** A module uses a finished upload, once, for the purpose and account it was made for. */
  async claim(
    uploadId: string,
    owner: { accountId: string; purpose: UploadPurpose },
  ): Promise<ClaimedUpload> {
    const row = await this.repo.find(uploadId);
    if (!row || row.account_id !== owner.accountId || row.purpose !== owner.purpose || !row.storage_key)
      throw failure(404, 'UPLOAD_NOT_FOUND');
    if (!(await this.repo.claim(row.id, this.deps.clock.now()))) throw failure(404, 'UPLOAD_NOT_FOUND');
    return {
      storageKey: row.storage_key,
      fileName: row.file_name,
      contentType: row.content_type,
      sizeBytes: Number(row.size_bytes),
    };
  }

  /** Frees a claimed upload's storage when what used it is deleted. */
  async discard(uploadId: string): Promise<void> {
    const row = await this.repo.find(uploadId);
    if (!row) return;
    if (row.storage_key) await this.deps.storage.delete(row.storage_key);
    await this.repo.remove(row.id);
  }

  /** Storage the account uses for files and for video, against its plan. */
  async usage(principal: Principal, accountId: string): Promise<StorageUsage> {
    await this.deps.access.requireAccount(principal, accountId);
    const since = this.deps.clock.now() - UPLOAD_EXPIRY_MS;
    const of = async (quota: 'fileStorageGb' | 'videoStorageGb') => ({
      usedBytes: await this.repo.usedBytes(accountId, purposesCounting(quota), since),
      limitBytes: quotaBytes(await this.deps.plans.limit(accountId, quota)),
    });
    return { files: await of('fileStorageGb'), video: await of('videoStorageGb') };
  }

  private async requireRoom(accountId: string, purpose: UploadPurpose, adding: number, uploadId: string) {
    const { quota } = UPLOAD_RULES[purpose];
    const limit = quotaBytes(await this.deps.plans.limit(accountId, quota));
    if (limit === null) return;
    const since = this.deps.clock.now() - UPLOAD_EXPIRY_MS;
    const used = await this.repo.usedBytes(accountId, purposesCounting(quota), since, uploadId);
    if (used + adding > limit)
      throw failure(413, 'STORAGE_QUOTA_FULL', { used: formatBytes(used), limit: formatBytes(limit) });
  }
}

/** The purposes whose bytes count against one quota of the plan. */
function purposesCounting(quota: 'fileStorageGb' | 'videoStorageGb'): UploadPurpose[] {
  return UPLOAD_PURPOSES.filter((p) => UPLOAD_RULES[p].quota === quota);
}
