import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { reportFixture } from '../../test/report-cards';
import { addStudent, createClassroom } from '../../test/school';
import { DIALECTS, useTestApp } from '../../test/test-deps';

// The result versions' row locks on PostgreSQL (migration 0083): every raise takes its rows in
// classroom order, so writers of overlapping classrooms wait in line instead of deadlocking.
// SQLite writes one transaction at a time.
describe.runIf(DIALECTS.includes('postgres'))('result versions under concurrent writers [postgres]', () => {
  const ctx = useTestApp('postgres');

  it('a save waiting for a classroom holds none after it, whatever its enrolment order', async () => {
    const f = await reportFixture(ctx.app, ctx.deps);
    const rooms = [
      await createClassroom(f.t.client, f.t.accountId, { name: 'Room one' }),
      await createClassroom(f.t.client, f.t.accountId, { name: 'Room two' }),
    ].sort();
    const [first, second] = rooms as [string, string];
    // Enrolled in the later classroom first: in found order its raise would take `second` first.
    const student = await addStudent(f.t.client, f.t.accountId, {
      enrolments: [{ classroomId: second }, { classroomId: first }],
    });
    const db = ctx.deps.db.kysely;
    let releaseFirst!: () => void;
    const firstHeld = new Promise<void>((resolve) => {
      releaseFirst = resolve;
    });
    let holding!: () => void;
    const holds = new Promise<void>((resolve) => {
      holding = resolve;
    });
    // One writer holds the first classroom's version (a renamed classroom raises only its own).
    const holder = db.transaction().execute(async (trx) => {
      await trx.updateTable('classrooms').set({ name: 'Room one (A)' }).where('id', '=', first).execute();
      holding();
      await firstHeld;
    });
    await holds;
    // The student's save waits for it...
    let saved = false;
    const save = db
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('students').set({ name: 'Renamed' }).where('id', '=', student.id).execute();
      })
      .then(() => {
        saved = true;
      });
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(saved).toBe(false);
      // ...holding nothing: a third writer takes the second classroom's version at once.
      await db.transaction().execute(async (trx) => {
        const locked = await sql<{ classroom_id: string }>`
          SELECT classroom_id FROM result_versions WHERE classroom_id = ${second} FOR UPDATE NOWAIT`.execute(
          trx,
        );
        expect(locked.rows).toEqual([{ classroom_id: second }]);
      });
    } finally {
      // Let go whatever happened, so a failure above does not leave the transactions hanging.
      releaseFirst();
      await holder;
      await save;
    }
    expect(saved).toBe(true);
    const versions = await db
      .selectFrom('result_versions')
      .select(['classroom_id', 'version'])
      .where('classroom_id', 'in', rooms)
      .orderBy('classroom_id')
      .execute();
    // The enrolments and the save raised both; the rename only the first.
    expect(versions.map((v) => v.classroom_id)).toEqual(rooms);
    expect(Number(versions[0]!.version)).toBeGreaterThan(Number(versions[1]!.version));
  });
});
