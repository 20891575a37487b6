import { describe, expect, it } from 'vitest';
import { signUp } from '../../test/factories';
import { DIALECTS, useTestApp } from '../../test/test-deps';
import { CODE_KEPT_MS, scheduleExpiredCredentialsPrune } from './expired-credentials-prune';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * The daily prune deletes sign-in rows nobody can use any more and keeps every live one: the
 * signed-in teacher stays signed in, open links and codes still work.
 */
describe.each(DIALECTS)('expired sign-in rows are pruned [%s]', (dialect) => {
  const ctx = useTestApp(dialect);

  it('deletes expired and revoked rows, keeps live ones and codes a week past expiry', async () => {
    const db = ctx.deps.db.kysely;
    const { userId } = await signUp(ctx.app, ctx.deps);
    // The job runs a day from now; every expiry below is relative to that moment.
    const runAt = ctx.deps.clock.now() + DAY;
    const session = (id: string, expiresAt: number, revokedAt: number | null) => ({
      id,
      token_hash: `hash-${id}`,
      user_id: userId,
      impersonator_id: null,
      active_account_id: null,
      created_at: runAt - 30 * DAY,
      last_seen_at: runAt - 30 * DAY,
      expires_at: expiresAt,
      ip: null,
      user_agent: null,
      revoked_at: revokedAt,
    });
    await db
      .insertInto('sessions')
      .values([
        session('s-expired', runAt - HOUR, null),
        session('s-revoked', runAt + 10 * DAY, runAt - 2 * DAY),
        session('s-live', runAt + 10 * DAY, null),
      ])
      .execute();
    const code = (id: string, expiresAt: number) => ({
      id,
      purpose: 'phone-sign-in' as const,
      target: '+8801711000000',
      code_hash: `hash-${id}`,
      attempts: 0,
      created_at: expiresAt - 10 * 60_000,
      expires_at: expiresAt,
      consumed_at: null,
    });
    await db
      .insertInto('verification_codes')
      .values([
        code('c-old', runAt - CODE_KEPT_MS - HOUR),
        code('c-recent', runAt - DAY),
        code('c-live', runAt + HOUR),
      ])
      .execute();
    const link = (token: string, expiresAt: number) => ({
      token_hash: token,
      email: `${token}@example.com`,
      details: '{}',
      password_hash: 'x',
      created_at: expiresAt - DAY,
      expires_at: expiresAt,
    });
    await db
      .insertInto('sign_up_confirmations')
      .values([link('l-expired', runAt - HOUR), link('l-live', runAt + HOUR)])
      .execute();
    await db
      .insertInto('known_devices')
      .values([
        { token_hash: 'd-expired', user_id: userId, created_at: runAt - 90 * DAY, expires_at: runAt - HOUR },
        { token_hash: 'd-live', user_id: userId, created_at: runAt - DAY, expires_at: runAt + 30 * DAY },
      ])
      .execute();

    await scheduleExpiredCredentialsPrune(ctx.deps.jobs, ctx.deps.clock);
    ctx.deps.clock.advance(DAY);
    await ctx.deps.createWorker().drain();

    const ids = async (table: 'sessions' | 'verification_codes', like: string) =>
      (await db.selectFrom(table).select('id').where('id', 'like', like).orderBy('id').execute()).map(
        (r) => r.id,
      );
    expect(await ids('sessions', 's-%')).toEqual(['s-live']);
    expect(await ids('verification_codes', 'c-%')).toEqual(['c-live', 'c-recent']);
    const tokens = async (table: 'sign_up_confirmations' | 'known_devices') =>
      (await db.selectFrom(table).select('token_hash').orderBy('token_hash').execute()).map(
        (r) => r.token_hash,
      );
    expect(await tokens('sign_up_confirmations')).toEqual(['l-live']);
    expect(await tokens('known_devices')).toEqual(expect.arrayContaining(['d-live']));
    expect(await tokens('known_devices')).not.toContain('d-expired');
    // The teacher's own session from sign-up has not reached its expiry: kept.
    const own = await db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', userId)
      .where('id', 'not like', 's-%')
      .execute();
    expect(own).toHaveLength(1);
  });
});
