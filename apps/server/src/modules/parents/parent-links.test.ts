import { describe, expect, it } from 'vitest';
import { classroomWithStudent, signUp, uniquePhone } from '../../test/factories';
import { DIALECTS, useTestApp } from '../../test/test-deps';
import { scheduleParentLinkFix } from './parent-links';

describe.each(DIALECTS)('parent link fix [%s]', (dialect) => {
  const ctx = useTestApp(dialect);

  it('derives missing links from parent phones once, keeping existing ones', async () => {
    const teacher = await signUp(ctx.app, ctx.deps);
    const linkedParent = uniquePhone();
    const unlinkedParent = uniquePhone();
    const second = uniquePhone();
    await classroomWithStudent(ctx.deps, teacher.accountId, {
      name: 'Linked',
      phone: uniquePhone(),
      parentPhone: linkedParent,
    });
    const { studentId } = await classroomWithStudent(ctx.deps, teacher.accountId, {
      name: 'Legacy',
      phone: uniquePhone(),
    });
    await ctx.deps.db.kysely
      .updateTable('students')
      .set({ parent1_phone: unlinkedParent, parent2_phone: second })
      .where('id', '=', studentId)
      .execute();

    await ctx.deps.createWorker().drain(); // the set-up's own jobs (the sign-up's mail)
    await scheduleParentLinkFix(ctx.deps.jobs);
    await scheduleParentLinkFix(ctx.deps.jobs);
    expect(await ctx.deps.createWorker().drain()).toBe(1);

    const links = await ctx.deps.db.kysely
      .selectFrom('parent_links')
      .select(['parent_phone', 'student_id'])
      .execute();
    expect(links).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ parent_phone: unlinkedParent, student_id: studentId }),
        expect.objectContaining({ parent_phone: second, student_id: studentId }),
        expect.objectContaining({ parent_phone: linkedParent }),
      ]),
    );
    expect(links).toHaveLength(3);
    const flag = await ctx.deps.db.kysely
      .selectFrom('app_meta')
      .select('value')
      .where('key', '=', 'parent_links_fixed_at')
      .executeTakeFirst();
    expect(flag).toBeDefined();
  });
});
