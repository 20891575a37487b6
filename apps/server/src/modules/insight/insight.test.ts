import { dayOf, monthOf } from '@batchwise/domain';
import { describe, expect, it } from 'vitest';
import { signUp } from '../../test/factories';
import {
  addStudent,
  assistantWithGrant,
  clientFor,
  createClassroom,
  newStaffClient,
} from '../../test/school';
import { DIALECTS, useTestApp } from '../../test/test-deps';
import { logActivity } from '../activity/activity';

// Business insight and the activity summary through the real app on both databases: an owner's
// collection rate on a known fixture, their students and SMS; staff's platform figures; activity
// counts by event and day, filters, scoping and the suspicious-traffic flags.

describe.each(DIALECTS)('business insight and activity summary [%s]', (dialect) => {
  const ctx = useTestApp(dialect);

  it("computes an owner's collection rate from what is due and what was collected", async () => {
    const t = await signUp(ctx.app, ctx.deps, { institution: 'Udoy Coaching' });
    const month = monthOf(ctx.deps.clock.now());
    const physics = await createClassroom(t.client, t.accountId, { tuitionFeePaisa: 150_000 });
    const chemistry = await createClassroom(t.client, t.accountId, { tuitionFeePaisa: 50_000 });
    const rafi = await addStudent(t.client, t.accountId, {
      enrolments: [{ classroomId: physics, tuitionFeePaisa: null }],
    });
    await addStudent(t.client, t.accountId, {
      enrolments: [{ classroomId: chemistry, tuitionFeePaisa: null }],
    });
    // Due this month: 1,500 + 500 taka; collected: 1,000 of Rafi's 1,500 (the other owes all).
    const paid = await t.client.post(`/api/accounts/${t.accountId}/students/${rafi.id}/payments`, {
      method: 'cash',
      allocations: [{ kind: 'month', classroomId: physics, month, amountPaisa: 100_000 }],
    });
    expect(paid.statusCode, paid.body).toBe(201);

    const res = await t.client.get(`/api/accounts/${t.accountId}/insight?from=${month}&to=${month}`);
    expect(res.statusCode, res.body).toBe(200);
    const insight = res.json();
    expect(insight.collection).toEqual({ billedPaisa: 200_000, collectedPaisa: 100_000, rate: 0.5 });
    expect(insight.points).toEqual([
      expect.objectContaining({
        month,
        studentsIn: 2,
        studentsOut: 0,
        billedPaisa: 200_000,
        collectedPaisa: 100_000,
        collectionRate: 0.5,
        attendancePercent: null,
      }),
    ]);
    expect(insight.students).toBe(2);

    // Another teacher cannot read it; an assistant of the account is refused.
    const other = await signUp(ctx.app, ctx.deps);
    expect(
      (await other.client.get(`/api/accounts/${t.accountId}/insight?from=${month}&to=${month}`)).statusCode,
    ).toBe(404);
    const assistant = await assistantWithGrant(ctx.deps, t.accountId, {});
    const helper = await clientFor(ctx.app, ctx.deps, assistant);
    expect(
      (await helper.get(`/api/accounts/${t.accountId}/insight?from=${month}&to=${month}`)).statusCode,
    ).toBe(403);
    // A range longer than two years is refused.
    expect(
      (await t.client.get(`/api/accounts/${t.accountId}/insight?from=2020-01&to=2023-01`)).statusCode,
    ).toBe(400);

    // Staff see the platform's figures; an owner may not.
    const staff = await newStaffClient(ctx.app, ctx.deps);
    const platform = await staff.client.get(`/api/staff/insight?from=${month}&to=${month}`);
    expect(platform.statusCode, platform.body).toBe(200);
    const point = platform.json().points[0];
    expect(point.signedUp).toBeGreaterThanOrEqual(2);
    expect(point.active).toBeGreaterThanOrEqual(1);
    expect(point.students).toBeGreaterThanOrEqual(2);
    expect(platform.json().totals.students).toBe(point.students);
    expect((await t.client.get(`/api/staff/insight?from=${month}&to=${month}`)).statusCode).toBe(403);
  });

  it('counts activity by event and day, filters it, and flags suspicious traffic', async () => {
    const t = await signUp(ctx.app, ctx.deps, { institution: 'Alo Academy' });
    const other = await signUp(ctx.app, ctx.deps, { institution: 'Elsewhere' });
    const now = ctx.deps.clock.now();
    const today = dayOf(now);
    const log = (accountId: string, eventName: string, at: number) =>
      logActivity(ctx.deps.db.kysely, null, { accountId, eventName, summary: eventName }, at);
    await log(t.accountId, 'Test Export', now);
    await log(t.accountId, 'Test Export', now);
    await log(t.accountId, 'Test Import', now);
    await log(other.accountId, 'Test Export', now);

    const url = `/api/accounts/${t.accountId}/activity-summary?from=${today}&to=${today}`;
    const res = await t.client.get(url);
    expect(res.statusCode, res.body).toBe(200);
    const summary = res.json();
    expect(summary.cells).toEqual(
      expect.arrayContaining([
        { day: today, eventName: 'Test Export', count: 2 },
        { day: today, eventName: 'Test Import', count: 1 },
      ]),
    );
    expect(summary.eventNames).toEqual(expect.arrayContaining(['Test Export', 'Test Import']));
    expect(summary.accounts.map((a: { accountId: string }) => a.accountId)).toEqual([t.accountId]);
    expect(summary.flags).toEqual([]);

    const filtered = (await t.client.get(`${url}&event=Test%20Import`)).json();
    expect(filtered.cells).toEqual([{ day: today, eventName: 'Test Import', count: 1 }]);
    expect(filtered.total).toBe(1);
    expect(filtered.days).toEqual([{ day: today, count: 1 }]);

    // Staff see every account, or one; a staff flag shows as suspicious traffic.
    await ctx.deps.db.kysely
      .updateTable('users')
      .set({ suspicious_at: now })
      .where('id', '=', t.userId)
      .execute();
    const staff = await newStaffClient(ctx.app, ctx.deps);
    const all = (
      await staff.client.get(`/api/staff/activity-summary?from=${today}&to=${today}&event=Test%20Export`)
    ).json();
    expect(all.total).toBe(3);
    const one = (
      await staff.client.get(
        `/api/staff/activity-summary?from=${today}&to=${today}&accountId=${other.accountId}`,
      )
    ).json();
    expect(one.cells).toEqual(expect.arrayContaining([{ day: today, eventName: 'Test Export', count: 1 }]));
    expect(all.flags).toEqual(
      expect.arrayContaining([
        {
          accountId: t.accountId,
          institution: 'Alo Academy',
          kind: 'flagged',
          day: null,
          value: now,
          limit: 0,
        },
      ]),
    );
    expect((await t.client.get(`/api/staff/activity-summary?from=${today}&to=${today}`)).statusCode).toBe(
      403,
    );
  });
});
