import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/factories';
import { newStaffClient } from '../../test/school';
import { DIALECTS, freshDatabase, type TestDatabase, testApp } from '../../test/test-deps';

// The staff console's account page shows the server errors of that account's routes (running
// the platform, item 1: "recent activity and errors"), counted per fingerprint; others' errors
// and refusals below 500 stay out.

describe.each(DIALECTS)('errors per account [%s]', (dialect) => {
  let database: TestDatabase;
  let ctx: Awaited<ReturnType<typeof testApp>>;

  beforeAll(async () => {
    database = await freshDatabase(dialect);
    ctx = await testApp(database);
  });
  afterAll(async () => {
    await ctx?.close();
    await database?.drop();
  });

  it("keeps an account's 5xx for its page in the staff console, counted, and nothing else", async () => {
    const teacher = await signUp(ctx.app, ctx.deps);
    const other = await signUp(ctx.app, ctx.deps);
    const staff = await newStaffClient(ctx.app, ctx.deps);
    const errorsOf = async (accountId: string) =>
      (await staff.client.get(`/api/staff/accounts/${accountId}`)).json().errors;
    expect(await errorsOf(teacher.accountId)).toEqual([]);

    // A refusal is an answer, not an error: another tenant's page is refused with 404 or 403.
    const refused = await other.client.get(`/api/accounts/${teacher.accountId}/money/categories`);
    expect(refused.statusCode).toBeLessThan(500);
    // The money manager's table is gone: its categories fail inside the server.
    await sql`drop table money_entries`.execute(ctx.deps.db.kysely);
    for (let i = 0; i < 2; i++) {
      const failed = await teacher.client.get(`/api/accounts/${teacher.accountId}/money/categories`);
      expect(failed.statusCode).toBe(500);
    }
    await ctx.deps.accountErrors.idle();

    const errors = await errorsOf(teacher.accountId);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      method: 'GET',
      route: '/api/accounts/:accountId/money/categories',
      status: 500,
      count: 2,
    });
    expect(errors[0].lastAt).toBeGreaterThanOrEqual(errors[0].firstAt);
    expect(await errorsOf(other.accountId)).toEqual([]);
  });
});
