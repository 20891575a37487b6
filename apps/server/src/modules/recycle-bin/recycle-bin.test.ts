import { describe, expect, it } from 'vitest';
import { assessmentSchool } from '../../test/assessments-school';
import { onPlan } from '../../test/factories';
import { assistantWithGrant, clientFor } from '../../test/school';
import { DIALECTS, useTestApp } from '../../test/test-deps';
import { RECYCLE_BIN_PURGE_JOB, scheduleRecycleBinPurge } from './recycle-bin-purge';

// The Recycle bin through the real app on both databases (plan feature data-recovery): on Pro a
// deleted assessment comes back with the same rows (subjects, marks) and the same results; a clash
// is refused and changes nothing; entries expire after the plan's 30 days and the daily purge
// removes them; on Lite a deletion is what it always was.

const DAY = 86_400_000;

describe.each(DIALECTS)('recycle bin [%s]', (dialect) => {
  const ctx = useTestApp(dialect);

  /** An assessment with marks on a Pro account, and the rows a deletion removes. */
  async function proSchool() {
    const s = await assessmentSchool(ctx.app, ctx.deps);
    await onPlan(ctx.deps, s.t.accountId, 'pro');
    await s.save(s.t.client, [
      s.cell(0, 'Bangla', 'total', 81.5),
      s.cell(1, 'Bangla', 'total', null, 0, true),
      s.cell(0, 'Physics', 'cq', 40),
      s.cell(2, 'Agriculture', 'total', 66),
    ]);
    const db = ctx.deps.db.kysely;
    const rows = async () => ({
      assessment: await db.selectFrom('assessments').selectAll().where('id', '=', s.assessment.id).execute(),
      subjects: await db
        .selectFrom('assessment_subjects')
        .selectAll()
        .where('assessment_id', '=', s.assessment.id)
        .orderBy('id')
        .execute(),
      marks: await db
        .selectFrom('assessment_marks')
        .selectAll()
        .where('assessment_id', '=', s.assessment.id)
        .orderBy('subject_id')
        .orderBy('part_key')
        .orderBy('student_id')
        .execute(),
    });
    const results = async () =>
      (
        await s.t.client.get(
          `${s.base}/classrooms/${s.classroomId}/term-results?term=${encodeURIComponent('Half-yearly 2026')}`,
        )
      ).json();
    return {
      ...s,
      bin: `${s.base}/recycle-bin`,
      url: `${s.base}/assessments/${s.assessment.id}`,
      rows,
      results,
    };
  }

  it('keeps a deleted assessment on Pro and restores it with the same ids, subjects, marks and results', async () => {
    const s = await proSchool();
    const before = await s.rows();
    expect(before.marks).toHaveLength(4);
    const resultsBefore = await s.results();
    expect(resultsBefore.results).toHaveLength(3);
    expect(resultsBefore.assessments.map((a: { id: string }) => a.id)).toEqual([s.assessment.id]);

    const deletedAt = ctx.deps.clock.now();
    expect((await s.t.client.delete(s.url)).json()).toEqual({ ok: true });
    expect((await s.t.client.get(s.url)).statusCode).toBe(404);
    expect(await s.rows()).toEqual({ assessment: [], subjects: [], marks: [] });

    const bin = (await s.t.client.get(s.bin)).json();
    expect(bin.recoveryDays).toBe(30);
    expect(bin.entries).toHaveLength(1);
    const [entry] = bin.entries;
    expect(entry).toMatchObject({
      kind: 'assessment',
      label: 'Half-yearly (Half-yearly 2026)',
      detail: 'Class 9 Science',
    });
    expect(entry.deletedAt).toBeGreaterThanOrEqual(deletedAt);
    expect(entry.expiresAt - entry.deletedAt).toBe(30 * DAY);

    const restored = await s.t.client.post(`${s.bin}/${entry.id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toEqual({
      code: 'RECYCLE_RESTORED',
      message: 'Half-yearly (Half-yearly 2026) has been restored.',
      kind: 'assessment',
      entityId: s.assessment.id,
    });
    expect(await s.rows()).toEqual(before);
    expect(await s.results()).toEqual(resultsBefore);
    expect((await s.t.client.get(s.url)).json().id).toBe(s.assessment.id);
    // It left the bin: a second restore finds nothing.
    expect((await s.t.client.get(s.bin)).json().entries).toEqual([]);
    expect((await s.t.client.post(`${s.bin}/${entry.id}/restore`)).statusCode).toBe(404);
  });

  it('refuses a restore that clashes and changes nothing', async () => {
    const s = await proSchool();
    const before = await s.rows();
    await s.t.client.delete(s.url);
    const [entry] = (await s.t.client.get(s.bin)).json().entries;
    // The same id in use again (as a racing restore or an import would leave it).
    await ctx.deps.db.kysely.insertInto('assessments').values(before.assessment[0]!).execute();
    const clash = await s.t.client.post(`${s.bin}/${entry.id}/restore`);
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error).toMatchObject({
      code: 'RECYCLE_ALREADY_EXISTS',
      message:
        'This cannot be restored because an item with the same identity exists again. Nothing was changed.',
    });
    expect((await s.t.client.get(s.bin)).json().entries.map((e: { id: string }) => e.id)).toEqual([entry.id]);
    expect((await s.rows()).subjects).toEqual([]);
  });

  it('refuses a restore whose classroom no longer exists', async () => {
    const s = await proSchool();
    await s.t.client.delete(s.url);
    const [entry] = (await s.t.client.get(s.bin)).json().entries;
    const db = ctx.deps.db.kysely;
    await db.deleteFrom('enrolments').where('classroom_id', '=', s.classroomId).execute();
    await db.deleteFrom('classrooms').where('id', '=', s.classroomId).execute();
    const missing = await s.t.client.post(`${s.bin}/${entry.id}/restore`);
    expect(missing.statusCode).toBe(409);
    expect(missing.json().error).toMatchObject({
      code: 'RECYCLE_CLASSROOM_MISSING',
      message: 'This cannot be restored because its classroom Class 9 Science no longer exists.',
    });
    expect((await s.t.client.get(s.bin)).json().entries).toHaveLength(1);
  });

  it('lets only the owner and admins see and restore the bin', async () => {
    const s = await proSchool();
    await s.t.client.delete(s.url);
    const [entry] = (await s.t.client.get(s.bin)).json().entries;
    const assistant = await clientFor(ctx.app, ctx.deps, await assistantWithGrant(ctx.deps, s.t.accountId));
    expect((await assistant.get(s.bin)).statusCode).toBe(403);
    expect((await assistant.post(`${s.bin}/${entry.id}/restore`)).statusCode).toBe(403);
    const other = await proSchool();
    expect((await other.t.client.post(`${other.bin}/${entry.id}/restore`)).statusCode).toBe(404);
    expect((await other.t.client.get(s.bin)).statusCode).toBe(404);
    expect((await s.t.client.get(s.bin)).json().entries).toHaveLength(1);
  });

  it('deletes for good on Lite, as before: nothing enters the bin', async () => {
    const s = await assessmentSchool(ctx.app, ctx.deps);
    await s.save(s.t.client, [s.cell(0, 'Bangla', 'total', 50)]);
    expect((await s.t.client.delete(`${s.base}/assessments/${s.assessment.id}`)).json()).toEqual({
      ok: true,
    });
    expect((await s.t.client.get(`${s.base}/recycle-bin`)).json()).toEqual({ recoveryDays: 0, entries: [] });
    const kept = await ctx.deps.db.kysely
      .selectFrom('recycle_bin')
      .select('id')
      .where('account_id', '=', s.t.accountId)
      .execute();
    expect(kept).toEqual([]);
  });

  // Last: it moves the shared test clock on.
  it('keeps an entry 30 days; after that it cannot be restored and the daily purge removes it', async () => {
    const s = await proSchool();
    await s.t.client.delete(s.url);
    const [entry] = (await s.t.client.get(s.bin)).json().entries;
    const count = async () =>
      (await ctx.deps.db.kysely.selectFrom('recycle_bin').select('id').where('id', '=', entry.id).execute())
        .length;

    ctx.deps.clock.advance(29 * DAY);
    expect(await ctx.deps.recycleBin.purge()).toBe(0);
    const owner = await clientFor(ctx.app, ctx.deps, s.t.userId);
    expect((await owner.get(s.bin)).json().entries).toHaveLength(1);

    ctx.deps.clock.advance(DAY);
    const late = await clientFor(ctx.app, ctx.deps, s.t.userId);
    expect((await late.get(s.bin)).json().entries).toEqual([]);
    const expired = await late.post(`${s.bin}/${entry.id}/restore`);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error.code).toBe('RECYCLE_ENTRY_EXPIRED');
    expect(await count()).toBe(1);
    // The daily job on the worker removes it, and puts the next day's purge in the queue.
    await scheduleRecycleBinPurge(ctx.deps.jobs, ctx.deps.clock);
    ctx.deps.clock.advance(DAY);
    await ctx.deps.createWorker().drain();
    expect(await count()).toBe(0);
    const next = await ctx.deps.db.kysely
      .selectFrom('jobs')
      .select('status')
      .where('type', '=', RECYCLE_BIN_PURGE_JOB)
      .where('status', '=', 'queued')
      .execute();
    expect(next).toHaveLength(1);
  });
});
