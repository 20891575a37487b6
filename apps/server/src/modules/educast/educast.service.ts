import type { Educast, EducastEdit, EducastList, EducastPublish, EducastStart } from '@batchwise/domain';
import type { Db } from '../../db/database';
import type { Storage } from '../../drivers/storage/storage';
import type { Principal } from '../../lib/access';
import type { Clock } from '../../lib/clock';
import { failure, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { AccessPolicy } from '../access/access.policy';
import type { JobQueue } from '../jobs/jobs.service';
import { newJoinCode, requireEditable, requireEducastManager, requireTrimFits } from './educast.policy';
import { EducastRepository } from './educast.repository';
import { EDUCAST_PUBLISH_JOB, publishJobKey } from './educast-publish';
import { educastKeys, educastView } from './educast-view';

export interface EducastDeps {
  db: Db;
  clock: Clock;
  access: AccessPolicy;
  jobs: JobQueue;
  storage: Storage;
}

/** A join code clash is rare (31^6 codes); a few fresh draws settle it. */
const CODE_ATTEMPTS = 5;

/** The teacher's side of EduCast (educast.policy.ts says who): record, trim, publish, delete. */
export class EducastService {
  constructor(private readonly deps: EducastDeps) {}

  private get repo() {
    return new EducastRepository(this.deps.db.kysely);
  }

  async list(principal: Principal, accountId: string): Promise<EducastList> {
    await this.requireManager(principal, accountId);
    const [rows, courses, chapters] = await Promise.all([
      this.repo.educasts(accountId),
      this.repo.courses(accountId),
      this.repo.chapters(accountId),
    ]);
    return {
      educasts: rows.map(educastView),
      courses: courses.map((c) => ({
        id: c.id,
        title: c.title,
        chapters: chapters
          .filter((ch) => ch.course_id === c.id)
          .map((ch) => ({ id: ch.id, title: ch.title })),
      })),
    };
  }

  async start(principal: Principal, accountId: string, input: EducastStart): Promise<Educast> {
    await this.requireManager(principal, accountId);
    const now = this.deps.clock.now();
    const id = newId(now);
    await this.repo.insert({
      id,
      account_id: accountId,
      title: input.title ?? `EduCast ${new Date(now).toISOString().slice(0, 16).replace('T', ' ')}`,
      source: input.source,
      state: 'recording',
      duration_ms: 0,
      chunk_count: 0,
      size_bytes: 0,
      trim_start_s: 0,
      trim_end_s: 0,
      course_id: null,
      chapter_id: null,
      video_id: null,
      code: null,
      error_code: null,
      published_at: null,
      created_by: principal.user.id,
      created_at: now,
      updated_at: now,
    });
    return this.view(accountId, id);
  }

  /**
   * Stores chunk `seq` and counts it in. Chunks come in order: one already counted is answered
   * as if stored again (the recorder's retry after a lost answer), one past the next is refused
   * so the recorder resends from `next`. The bytes are stored before the row, under the same key
   * each time, so a crash between the two leaves nothing counted and the retry completes it.
   */
  async chunk(
    principal: Principal,
    accountId: string,
    educastId: string,
    chunk: { seq: number; atMs: number; bytes: Buffer },
  ): Promise<{ next: number }> {
    await this.requireManager(principal, accountId);
    const educast = await this.repo.educast(accountId, educastId);
    if (!educast) throw notFound();
    const count = Number(educast.chunk_count);
    if (chunk.seq < count) return { next: count };
    if (educast.state !== 'recording') throw failure(409, 'EDUCAST_NOT_RECORDING');
    if (chunk.seq > count) throw failure(409, 'EDUCAST_CHUNK_GAP');
    const now = this.deps.clock.now();
    const key = educastKeys(accountId, educastId).chunk(chunk.seq);
    await this.deps.storage.put(key, chunk.bytes, 'video/webm');
    await this.deps.db.kysely.transaction().execute(async (trx) => {
      const repo = new EducastRepository(trx);
      await repo.insertChunk({
        educast_id: educastId,
        seq: chunk.seq,
        account_id: accountId,
        storage_key: key,
        size_bytes: chunk.bytes.length,
        at_ms: chunk.atMs,
        created_at: now,
      });
      await repo.advance(accountId, educastId, chunk.seq, {
        sizeBytes: chunk.bytes.length,
        atMs: chunk.atMs,
        now,
      });
    });
    const after = await this.repo.educast(accountId, educastId);
    return { next: Number(after?.chunk_count ?? 0) };
  }

  /** Stops a recording with what arrived: the Stop button, or the offer after a closed tab. */
  async finish(principal: Principal, accountId: string, educastId: string): Promise<Educast> {
    await this.requireManager(principal, accountId);
    const educast = await this.repo.educast(accountId, educastId);
    if (!educast) throw notFound();
    if (educast.state !== 'recording') return educastView(educast);
    if (Number(educast.chunk_count) === 0) throw failure(409, 'EDUCAST_EMPTY');
    await this.repo.update(accountId, educastId, { state: 'recorded', updated_at: this.deps.clock.now() });
    return this.view(accountId, educastId);
  }

  async edit(
    principal: Principal,
    accountId: string,
    educastId: string,
    input: EducastEdit,
  ): Promise<Educast> {
    await this.requireManager(principal, accountId);
    const educast = await this.repo.educast(accountId, educastId);
    if (!educast) throw notFound();
    requireEditable(educast.state);
    requireTrimFits(Number(educast.duration_ms), input.trimStartS, input.trimEndS);
    await this.repo.update(accountId, educastId, {
      title: input.title,
      trim_start_s: input.trimStartS,
      trim_end_s: input.trimEndS,
      updated_at: this.deps.clock.now(),
    });
    return this.view(accountId, educastId);
  }

  /**
   * Gives the recording its join code and queues the job that trims it into a lesson video of
   * the chapter (educast-publish.ts), in one transaction: one job per recording, ever.
   */
  async publish(
    principal: Principal,
    accountId: string,
    educastId: string,
    input: EducastPublish,
  ): Promise<Educast> {
    await this.requireManager(principal, accountId);
    const educast = await this.repo.educast(accountId, educastId);
    if (!educast) throw notFound();
    requireEditable(educast.state);
    if (!(await this.repo.chapter(accountId, input.courseId, input.chapterId))) {
      throw failure(404, 'EDUCAST_CHAPTER_UNKNOWN');
    }
    for (let attempt = 1; ; attempt++) {
      try {
        await this.deps.db.kysely.transaction().execute(async (trx) => {
          const now = this.deps.clock.now();
          await new EducastRepository(trx).update(accountId, educastId, {
            state: 'publishing',
            course_id: input.courseId,
            chapter_id: input.chapterId,
            code: newJoinCode(),
            published_at: now,
            updated_at: now,
          });
          await this.deps.jobs.enqueue(
            EDUCAST_PUBLISH_JOB,
            { educastId },
            { trx, idempotencyKey: publishJobKey(educastId) },
          );
        });
        break;
      } catch (error) {
        // Another recording holds the code drawn (a unique violation): draw again.
        if (attempt >= CODE_ATTEMPTS || (await this.repo.educast(accountId, educastId))?.code) throw error;
      }
    }
    return this.view(accountId, educastId);
  }

  /** The recording and its chunks go; a lesson video it became stays in its course. */
  async remove(principal: Principal, accountId: string, educastId: string): Promise<{ ok: true }> {
    await this.requireManager(principal, accountId);
    const educast = await this.repo.educast(accountId, educastId);
    if (!educast) throw notFound();
    const keys = await this.repo.allChunkKeys(accountId, educastId);
    await this.repo.delete(accountId, educastId);
    for (const { storage_key } of keys) await this.deps.storage.delete(storage_key);
    if (!educast.video_id) await this.deps.storage.delete(educastKeys(accountId, educastId).lesson);
    return { ok: true };
  }

  private async view(accountId: string, educastId: string): Promise<Educast> {
    return educastView((await this.repo.educast(accountId, educastId))!);
  }

  private async requireManager(principal: Principal, accountId: string): Promise<void> {
    requireEducastManager(await this.deps.access.requireAccount(principal, accountId));
  }
}
