import { monthOf } from '@batchwise/domain';
import { describe, expect, it } from 'vitest';
import { onPlan, signUp } from '../../test/factories';
import { addStudent, assistantWithGrant, clientFor, createClassroom } from '../../test/school';
import { DIALECTS, useTestApp } from '../../test/test-deps';
import { STUDENT_TABLES } from './student-rows.repository';

// Deleting an archived student for good, through the real app on both databases: on Pro the
// student goes to the Recycle bin with every row that went with them, and Restore puts back the
// same rows (enrolment copies, payments with their receipt numbers, allocations, dues); on Lite
// the deletion is final. Only owners and admins delete; only archived students can be deleted.

const DAY = 86_400_000;

describe.each(DIALECTS)('deleting a student for good [%s]', (dialect) => {
  const ctx = useTestApp(dialect);

  /** A student with an enrolment and a payment, then archived. */
  async function archivedWithPayment(plan: 'pro' | 'lite' = 'pro') {
    const t = await signUp(ctx.app, ctx.deps);
    if (plan === 'pro') await onPlan(ctx.deps, t.accountId, 'pro');
    const base = `/api/accounts/${t.accountId}`;
    const classroomId = await createClassroom(t.client, t.accountId, {
      name: 'Physics',
      tuitionFeePaisa: 150_000,
    });
    const s = await addStudent(t.client, t.accountId, {
      name: 'Rahim Uddin',
      parent1Phone: '01712345678',
      enrolments: [{ classroomId }],
    });
    const month = monthOf(ctx.deps.clock.now());
    const paid = await t.client.post(`${base}/students/${s.id}/payments`, {
      method: 'cash',
      allocations: [{ kind: 'month', classroomId, month, amountPaisa: 100_000 }],
    });
    expect(paid.statusCode).toBe(201);
    const archived = await t.client.post(`${base}/students/archive`, { studentIds: [s.id] });
    expect(archived.json().code).toBe('STUDENTS_ARCHIVED');
    const db = ctx.deps.db.kysely;
    const rows = async () => {
      const out: Record<string, unknown[]> = {
        students: await db.selectFrom('students').selectAll().where('id', '=', s.id).execute(),
      };
      for (const table of STUDENT_TABLES)
        out[table] = (await db.selectFrom(table).selectAll().where('student_id', '=', s.id).execute()).sort(
          (a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)),
        );
      return out;
    };
    const archiveNames = async () =>
      ((await t.client.get(`${base}/archive`)).json().items as { name: string }[]).map((i) => i.name);
    return { t, base, classroomId, s, paymentId: paid.json().id as string, rows, archiveNames };
  }

  it('keeps a deleted student on Pro and restores the same rows: enrolment copies, payment, allocations', async () => {
    const x = await archivedWithPayment();
    const before = await x.rows();
    expect(before.students).toHaveLength(1);
    expect(before.archived_enrolments).toHaveLength(1);
    expect(before.payments).toHaveLength(1);
    expect(before.payment_allocations).toHaveLength(1);
    expect(before.parent_links).toHaveLength(1);
    const payments = async () => (await x.t.client.get(`${x.base}/students/${x.s.id}/payments`)).json();
    const paymentsBefore = await payments();
    expect(await x.archiveNames()).toEqual(['Rahim Uddin']);

    const deleted = await x.t.client.delete(`${x.base}/archive/${x.s.id}`);
    expect(deleted.json()).toEqual({
      code: 'STUDENT_DELETED',
      message: 'Rahim Uddin has been deleted.',
      recoverable: true,
    });
    const gone = await x.rows();
    for (const [table, list] of Object.entries(gone)) expect({ table, list }).toEqual({ table, list: [] });
    expect(await x.archiveNames()).toEqual([]);
    expect((await x.t.client.get(`${x.base}/students/${x.s.id}`)).statusCode).toBe(404);

    const [entry] = (await x.t.client.get(`${x.base}/recycle-bin`)).json().entries;
    expect(entry).toMatchObject({ kind: 'student', label: 'Rahim Uddin', detail: 'Physics' });
    expect(entry.expiresAt - entry.deletedAt).toBe(30 * DAY);

    const restored = await x.t.client.post(`${x.base}/recycle-bin/${entry.id}/restore`);
    expect(restored.json()).toEqual({
      code: 'RECYCLE_RESTORED',
      message: 'Rahim Uddin has been restored.',
      kind: 'student',
      entityId: x.s.id,
    });
    expect(await x.rows()).toEqual(before);
    expect(await payments()).toEqual(paymentsBefore);
    expect(await x.archiveNames()).toEqual(['Rahim Uddin']);

    // Unarchived, the student is back in the classroom with the payment counted.
    const back = await x.t.client.post(`${x.base}/archive/${x.s.id}/unarchive`, {
      classroomIds: [x.classroomId],
    });
    expect(back.json().restored).toEqual([x.classroomId]);
    const detail = (await x.t.client.get(`${x.base}/students/${x.s.id}`)).json();
    expect(detail.enrolments.map((e: { classroomId: string }) => e.classroomId)).toEqual([x.classroomId]);
  });

  it('refuses a restore when the student exists again, changing nothing', async () => {
    const x = await archivedWithPayment();
    const before = await x.rows();
    await x.t.client.delete(`${x.base}/archive/${x.s.id}`);
    const [entry] = (await x.t.client.get(`${x.base}/recycle-bin`)).json().entries;
    await ctx.deps.db.kysely
      .insertInto('students')
      .values(before.students[0] as never)
      .execute();
    const clash = await x.t.client.post(`${x.base}/recycle-bin/${entry.id}/restore`);
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.code).toBe('RECYCLE_ALREADY_EXISTS');
    expect((await x.rows()).payments).toEqual([]);
    expect((await x.t.client.get(`${x.base}/recycle-bin`)).json().entries).toHaveLength(1);
  });

  it('deletes only archived students, only for owners and admins of the account', async () => {
    const x = await archivedWithPayment();
    const enrolled = await addStudent(x.t.client, x.t.accountId, {
      enrolments: [{ classroomId: x.classroomId }],
    });
    const live = await x.t.client.delete(`${x.base}/archive/${enrolled.id}`);
    expect(live.statusCode).toBe(409);
    expect(live.json().error).toMatchObject({
      code: 'STUDENT_DELETE_NOT_ARCHIVED',
      message: 'Only an archived student can be deleted. Archive the student first.',
    });
    const assistant = await clientFor(ctx.app, ctx.deps, await assistantWithGrant(ctx.deps, x.t.accountId));
    expect((await assistant.delete(`${x.base}/archive/${x.s.id}`)).statusCode).toBe(403);
    const other = await signUp(ctx.app, ctx.deps);
    expect((await other.client.delete(`${x.base}/archive/${x.s.id}`)).statusCode).toBe(404);
    expect((await other.client.delete(`/api/accounts/${other.accountId}/archive/${x.s.id}`)).statusCode).toBe(
      404,
    );
    expect((await x.rows()).students).toHaveLength(1);

    // The bin's entry is the owner's: an assistant and another account cannot restore it.
    await x.t.client.delete(`${x.base}/archive/${x.s.id}`);
    const [entry] = (await x.t.client.get(`${x.base}/recycle-bin`)).json().entries;
    expect((await assistant.post(`${x.base}/recycle-bin/${entry.id}/restore`)).statusCode).toBe(403);
    const otherBin = `/api/accounts/${other.accountId}/recycle-bin/${entry.id}/restore`;
    expect((await other.client.post(otherBin)).statusCode).toBe(404);
    expect((await x.rows()).students).toEqual([]);
  });

  it('deletes for good on Lite: nothing enters the bin', async () => {
    const x = await archivedWithPayment('lite');
    const deleted = await x.t.client.delete(`${x.base}/archive/${x.s.id}`);
    expect(deleted.json()).toMatchObject({ code: 'STUDENT_DELETED', recoverable: false });
    expect((await x.t.client.get(`${x.base}/recycle-bin`)).json()).toEqual({ recoveryDays: 0, entries: [] });
    expect((await x.rows()).payments).toEqual([]);
  });

  // Last: it moves the shared test clock on.
  it('refuses a restore after the 30 days', async () => {
    const x = await archivedWithPayment();
    await x.t.client.delete(`${x.base}/archive/${x.s.id}`);
    const [entry] = (await x.t.client.get(`${x.base}/recycle-bin`)).json().entries;
    ctx.deps.clock.advance(30 * DAY);
    const late = await clientFor(ctx.app, ctx.deps, x.t.userId);
    const expired = await late.post(`${x.base}/recycle-bin/${entry.id}/restore`);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error.code).toBe('RECYCLE_ENTRY_EXPIRED');
    expect((await x.rows()).students).toEqual([]);
  });
});
