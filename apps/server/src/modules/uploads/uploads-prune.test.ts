import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../test/test-deps';
import { tusCreate, tusPatch, tusUpload } from '../../test/tus';
import { useWorld } from '../../test/world';
import { UPLOAD_EXPIRY_MS } from './uploads.service';
import { scheduleUploadsPrune, UNCLAIMED_KEPT_MS } from './uploads-prune';

// Uploads nobody finishes or uses are cleared (uploads-prune.ts, uploads.register.ts): an
// unfinished upload past its expiry loses its record and its chunk file, a finished upload no
// module claimed within a week loses its stored file and stops counting against the plan, and
// everything claimed or still in time is kept.

const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(50_000, 0x41), Buffer.from('\n%%EOF\n')]);
const HOUR = 3_600_000;

describe.each(DIALECTS)('left uploads are pruned [%s]', (dialect) => {
  const ctx = useWorld(dialect);
  const statusOf = async (id: string) =>
    (await ctx.deps.db.kysely.selectFrom('uploads').select('status').where('id', '=', id).executeTakeFirst())
      ?.status;
  const runPrune = async () => {
    await scheduleUploadsPrune(ctx.deps.jobs, ctx.deps.clock);
    ctx.deps.clock.advance(HOUR);
    await ctx.deps.createWorker().drain();
  };

  it('forgets expired unfinished uploads and deletes finished ones never claimed, keeping the rest', async () => {
    const accountId = ctx.world.accounts.A;
    const teacher = await ctx.world.client('teacherA');
    // A fresh sign-in each time: the clock moves on by days, past the first session's idle limit.
    const usedBytes = async () =>
      (await (await ctx.world.client('teacherA')).get(`/api/accounts/${accountId}/storage-usage`)).json()
        .files.usedBytes as number;

    const started = await tusCreate(teacher, { accountId, length: PDF.length });
    const location = started.headers.location as string;
    expect((await tusPatch(teacher, location, 0, PDF.subarray(0, 10_000))).statusCode).toBe(204);
    const unfinished = location.split('/').pop()!;
    const claimed = await tusUpload(teacher, accountId, PDF);
    const { storageKey: claimedKey } = await ctx.deps.uploads.claim(claimed, {
      accountId,
      purpose: 'classroom-file',
    });
    const unclaimed = await tusUpload(teacher, accountId, PDF);
    const unclaimedKey = (
      await ctx.deps.db.kysely
        .selectFrom('uploads')
        .select('storage_key')
        .where('id', '=', unclaimed)
        .executeTakeFirstOrThrow()
    ).storage_key!;

    // A day on: the unfinished upload has expired; the unclaimed one still waits for its claim.
    ctx.deps.clock.advance(UPLOAD_EXPIRY_MS);
    await runPrune();
    expect(await statusOf(unfinished)).toBeUndefined();
    expect(await statusOf(unclaimed)).toBe('stored');
    expect(await usedBytes()).toBe(2 * PDF.length);

    // A week after it finished: its file and record go, the claimed file stays.
    ctx.deps.clock.advance(UNCLAIMED_KEPT_MS);
    await runPrune();
    expect(await statusOf(unclaimed)).toBeUndefined();
    expect(await ctx.deps.storage.head(unclaimedKey)).toBeUndefined();
    await expect(
      ctx.deps.uploads.claim(unclaimed, { accountId, purpose: 'classroom-file' }),
    ).rejects.toMatchObject({ code: 'UPLOAD_NOT_FOUND' });
    expect(await statusOf(claimed)).toBe('claimed');
    expect(await ctx.deps.storage.head(claimedKey)).toEqual({ size: PDF.length });
    expect(await usedBytes()).toBe(PDF.length);
  });

  it("removes an expired upload's chunk file from this machine's store", async () => {
    const accountId = ctx.world.accounts.A;
    const teacher = await ctx.world.client('teacherA');
    const fresh = (await tusCreate(teacher, { accountId, length: PDF.length })).headers.location as string;
    const old = (await tusCreate(teacher, { accountId, length: PDF.length })).headers.location as string;
    const store = path.join(ctx.deps.config.dataDir, 'tus');
    const chunkOf = (location: string) => path.join(store, location.split('/').pop()!);
    // tus dates its uploads by the wall clock: the old one is made to look two days old.
    const info = `${chunkOf(old)}.json`;
    const record = JSON.parse(fs.readFileSync(info, 'utf8'));
    record.creation_date = new Date(Date.now() - 2 * UPLOAD_EXPIRY_MS).toISOString();
    fs.writeFileSync(info, JSON.stringify(record));

    expect(await ctx.deps.tusUploads.cleanUp()).toBe(1);
    expect(fs.existsSync(chunkOf(old))).toBe(false);
    expect(fs.existsSync(info)).toBe(false);
    expect(fs.existsSync(chunkOf(fresh))).toBe(true);
  });
});
