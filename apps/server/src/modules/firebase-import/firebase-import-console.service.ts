import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import {
  FIREBASE_EXPORT_MAX_BYTES,
  type FirebaseImportFile,
  type FirebaseImportReport,
  type FirebaseImportRun,
  type FirebaseImportRunList,
  type firebaseImportStartSchema,
} from '@batchwise/domain';
import type { MultipartFile } from '@fastify/multipart';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import type { Storage } from '../../drivers/storage/storage';
import type { Principal } from '../../lib/access';
import type { Clock } from '../../lib/clock';
import { failure } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { EventBus } from '../events/event-bus';
import type { JobQueue } from '../jobs/jobs.service';
import { requirePlatformStaff } from '../staff-console/staff-console.policy';
import { FirebaseImportService, type ImportProgress } from './firebase-import.service';
import { FirebaseImportRunsRepository, type RunRow } from './firebase-import-runs.repository';
import type { ImportReport } from './import-report';

export const FIREBASE_IMPORT_JOB = 'firebase.import';
const LISTED = 20;
/** An uploaded export no real run has imported is deleted this long after its upload. */
const FILE_KEPT_MS = 7 * 24 * 60 * 60 * 1000;
/** Progress is written and announced at most this often (a large export has 100,000s of records). */
const PROGRESS_EVERY_MS = 1000;

type StartInput = z.output<typeof firebaseImportStartSchema>;
export interface FirebaseImportJob {
  runId: string;
  exportFileId: string;
  authFileId?: string;
}

/**
 * The Auth export's hash parameters wait in storage for the job, deleted once it has them: not in
 * the job's payload, which the jobs table (and every backup of it) keeps.
 */
const paramsKey = (runId: string) => `firebase-imports/${runId}.params.json`;
type HashParameters = NonNullable<StartInput['auth']>['params'];

export interface FirebaseImportConsoleDeps {
  db: Db;
  clock: Clock;
  events: EventBus;
  jobs: JobQueue;
  storage: Storage;
}

/**
 * The Firebase import from the staff console (spec part 1 §3): staff upload the export, start a dry
 * or real run as a background job (one at a time), watch its progress per section and read every
 * run's report, stored in the same table as the command line's runs.
 */
export class FirebaseImportConsoleService {
  /** Progress of the runs this process is running: an SQLite dry run holds the only writer. */
  private readonly live = new Map<string, ImportProgress>();

  constructor(private readonly deps: FirebaseImportConsoleDeps) {}

  private get repo() {
    return new FirebaseImportRunsRepository(this.deps.db.kysely);
  }

  /** Streams the uploaded JSON into storage, cut off past FIREBASE_EXPORT_MAX_BYTES. */
  async upload(
    principal: Principal,
    read: () => Promise<MultipartFile | undefined>,
  ): Promise<FirebaseImportFile> {
    requirePlatformStaff(principal);
    const part = await read();
    if (!part) throw failure(400, 'BAD_REQUEST');
    const now = this.deps.clock.now();
    const id = newId(now);
    const key = `firebase-imports/${id}.json`;
    // Past the limit the part's stream fails (and is marked truncated) halfway through the put.
    const size = await this.deps.storage
      .put(key, part.file, 'application/json')
      .then((stored) => stored.size)
      .catch((error: unknown) => {
        if (!part.file.truncated) throw error;
        return -1;
      });
    if (part.file.truncated) {
      await this.deps.storage.delete(key);
      throw failure(413, 'FIREBASE_EXPORT_TOO_LARGE', { max: FIREBASE_EXPORT_MAX_BYTES / 1024 / 1024 });
    }
    const fileName = path.basename(part.filename || 'export.json').slice(0, 200);
    await this.repo.insertFile({
      id,
      file_name: fileName,
      storage_key: key,
      bytes: size,
      uploaded_by: principal.user.id,
      uploaded_at: now,
    });
    return { id, fileName, bytes: size };
  }

  async start(principal: Principal, input: StartInput): Promise<FirebaseImportRun> {
    requirePlatformStaff(principal);
    const now = this.deps.clock.now();
    const runId = newId(now);
    // Written before the transaction (no storage call while it holds the writer), gone if it fails.
    if (input.auth)
      await this.deps.storage.put(
        paramsKey(runId),
        Buffer.from(JSON.stringify(input.auth.params)),
        'application/json',
      );
    const run = await this.deps.db.kysely
      .transaction()
      .execute(async (trx) => {
        const repo = new FirebaseImportRunsRepository(trx);
        await repo.lockStarts(this.deps.db.dialect);
        if (await repo.active()) throw failure(409, 'FIREBASE_IMPORT_RUNNING');
        const file = await repo.file(input.exportFileId);
        if (!file || (input.auth && !(await repo.file(input.auth.fileId)))) throw failure(404, 'NOT_FOUND');
        const row = {
          id: runId,
          file_name: file.file_name,
          started_at: now,
          finished_at: null,
          report: null,
          dry_run: input.dryRun ? 1 : 0,
          status: 'queued',
          progress: null,
          error: null,
          started_by: principal.user.id,
        };
        await repo.insertRun(row);
        const job: FirebaseImportJob = {
          runId: row.id,
          exportFileId: file.id,
          authFileId: input.auth?.fileId,
        };
        await this.deps.jobs.enqueue(FIREBASE_IMPORT_JOB, job, { trx, maxAttempts: 1 });
        return row;
      })
      .catch(async (error: unknown) => {
        await this.deps.storage.delete(paramsKey(runId));
        throw error;
      });
    await this.changed();
    return this.view(run);
  }

  async list(principal: Principal): Promise<FirebaseImportRunList> {
    requirePlatformStaff(principal);
    await this.deleteStaleFiles();
    return { runs: (await this.repo.latest(LISTED)).map((row) => this.view(row)) };
  }

  async report(principal: Principal, runId: string): Promise<FirebaseImportReport> {
    requirePlatformStaff(principal);
    const row = await this.repo.run(runId);
    if (!row) throw failure(404, 'NOT_FOUND');
    const report = parseReport(row.report);
    return {
      ...this.view(row),
      entities: report?.entities ?? {},
      skipped: report?.skipped ?? [],
      orphans: report?.orphans ?? [],
      error: row.error,
    };
  }

  /** The worker's job: the export out of storage to a temporary file, imported, its report stored. */
  async runJob(job: FirebaseImportJob): Promise<void> {
    const row = await this.repo.run(job.runId);
    if (row?.status === 'running' && !this.live.has(row.id)) {
      await this.deps.storage.delete(paramsKey(row.id));
      // Taken up again after its lease ran out: the worker that ran it stopped halfway (a real
      // run's accounts are each whole, spec part 2 §3; a rerun completes them).
      await this.repo.updateRun(row.id, {
        status: 'failed',
        finished_at: this.deps.clock.now(),
        error: 'the worker running it stopped; start the import again',
      });
      await this.changed();
      return;
    }
    if (row?.status !== 'queued') return;
    const dryRun = row.dry_run === 1;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'batchwise-firebase-import-'));
    // An SQLite dry run is one transaction on the only writer: its progress stays in memory.
    const writesProgress = !dryRun || this.deps.db.dialect === 'postgres';
    let announced = 0;
    const onProgress = async (progress: ImportProgress) => {
      this.live.set(row.id, { ...progress });
      if (performance.now() - announced < PROGRESS_EVERY_MS) return;
      announced = performance.now();
      if (writesProgress) await this.repo.updateRun(row.id, { progress: JSON.stringify(progress) });
      await this.changed();
    };
    try {
      await this.repo.updateRun(row.id, { status: 'running' });
      await this.changed();
      const file = await this.download(job.exportFileId, path.join(dir, 'export.json'));
      const auth = job.authFileId
        ? {
            file: await this.download(job.authFileId, path.join(dir, 'auth.json')),
            params: await this.hashParameters(row.id),
          }
        : undefined;
      const importer = new FirebaseImportService({ db: this.deps.db, clock: this.deps.clock });
      const report = await importer.run(file, { dryRun, auth, onProgress, store: false });
      await this.repo.updateRun(row.id, {
        status: 'done',
        finished_at: this.deps.clock.now(),
        report: JSON.stringify(report),
        progress: JSON.stringify(this.live.get(row.id) ?? {}),
      });
      // A real run's export is in the database now: its personal data is not kept twice.
      if (!dryRun) for (const id of [job.exportFileId, job.authFileId]) if (id) await this.discard(id);
    } catch (error) {
      await this.repo.updateRun(row.id, {
        status: 'failed',
        finished_at: this.deps.clock.now(),
        error: (error as Error).message.slice(0, 500),
        progress: JSON.stringify(this.live.get(row.id) ?? {}),
      });
      throw error;
    } finally {
      this.live.delete(row.id);
      fs.rmSync(dir, { recursive: true, force: true });
      await this.deps.storage.delete(paramsKey(row.id));
      await this.changed();
    }
  }

  private async hashParameters(runId: string): Promise<HashParameters> {
    const object = await this.deps.storage.get(paramsKey(runId));
    if (!object) throw new Error('the hash parameters are gone; start the import again');
    return JSON.parse((await buffer(object.body)).toString('utf8')) as HashParameters;
  }

  private async download(fileId: string, to: string): Promise<string> {
    const file = await this.repo.file(fileId);
    const object = file && (await this.deps.storage.get(file.storage_key));
    if (!object) throw new Error('the uploaded file is gone; upload it again');
    await pipeline(object.body, fs.createWriteStream(to));
    return to;
  }

  /**
   * Exports hold every student's and parent's details: one uploaded for a dry run and never
   * imported is not kept past FILE_KEPT_MS, unless a run waiting or running still needs it.
   */
  private async deleteStaleFiles(): Promise<void> {
    if (await this.repo.active()) return;
    for (const id of await this.repo.filesBefore(this.deps.clock.now() - FILE_KEPT_MS))
      await this.discard(id);
  }

  private async discard(fileId: string): Promise<void> {
    const file = await this.repo.file(fileId);
    if (!file) return;
    await this.deps.storage.delete(file.storage_key);
    await this.repo.deleteFile(fileId);
  }

  private view(row: RunRow): FirebaseImportRun {
    const report = parseReport(row.report);
    const totals = report
      ? Object.values(report.entities).reduce(
          (sum, c) => ({
            in: sum.in + c.in,
            created: sum.created + c.created,
            updated: sum.updated + c.updated,
            unchanged: sum.unchanged + c.unchanged,
            skipped: sum.skipped + c.skipped,
            orphans: sum.orphans + c.orphans,
          }),
          { in: 0, created: 0, updated: 0, unchanged: 0, skipped: 0, orphans: 0 },
        )
      : null;
    return {
      id: row.id,
      fileName: row.file_name,
      dryRun: row.dry_run === 1,
      status: row.status as FirebaseImportRun['status'],
      startedAt: row.started_at,
      finishedAt: row.finished_at,
      progress: this.live.get(row.id) ?? (row.progress ? JSON.parse(row.progress) : {}),
      totals,
    };
  }

  private async changed(): Promise<void> {
    await this.deps.events.publish({
      channel: 'staff',
      type: 'firebase-imports.changed',
      stale: [{ resource: 'firebase-imports' }],
    });
  }
}

function parseReport(report: string | null): ReturnType<ImportReport['toJSON']> | null {
  return report ? JSON.parse(report) : null;
}
