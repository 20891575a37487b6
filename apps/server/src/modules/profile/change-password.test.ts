import { describe, expect, it } from 'vitest';
import { signUp } from '../../test/factories';
import { DIALECTS, useTestApp } from '../../test/test-deps';

/** "Change password" must not let a stolen session guess the password. */
describe.each(DIALECTS)('changing the password [%s]', (dialect) => {
  const ctx = useTestApp(dialect);
  let day = 0;
  // Fixed at the start of a day, so no 15-minute window ends half-way through a test.
  const freshDay = () => ctx.deps.clock.set(Date.UTC(2031, 0, 1) + ++day * 86_400_000 + 60_000);

  it('allows five wrong current passwords per user, then waits, even for the right one', async () => {
    freshDay();
    const { client, input } = await signUp(ctx.app, ctx.deps);
    const change = (currentPassword: string) =>
      client.post('/api/me/password', { currentPassword, newPassword: 'a brand new passphrase' });
    for (let i = 0; i < 5; i++) {
      const wrong = await change(`guess ${i}`);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error.code).toBe('PASSWORD_WRONG');
    }
    const held = await change(input.password);
    expect(held.statusCode).toBe(429);
    expect(held.json().error).toEqual({
      code: 'PASSWORD_CHANGE_TOO_MANY',
      message: 'Too many wrong passwords. Please wait a while and try again.',
    });
    expect(held.headers['retry-after']).toBe(String(15 * 60 - 60));
    ctx.deps.clock.advance(15 * 60_000);
    expect((await change(input.password)).statusCode).toBe(200);
  });

  it('counts each try before checking it, so parallel tries cannot pass the limit', async () => {
    freshDay();
    const { client } = await signUp(ctx.app, ctx.deps);
    const tries = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        client.post('/api/me/password', {
          currentPassword: `guess ${i}`,
          newPassword: 'a brand new passphrase',
        }),
      ),
    );
    const statuses = tries.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 400)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
  });

  it('gives the try back when the password was right', async () => {
    freshDay();
    const { client, input } = await signUp(ctx.app, ctx.deps);
    let password = input.password;
    for (let i = 0; i < 7; i++) {
      const next = `passphrase number ${i}`;
      const res = await client.post('/api/me/password', { currentPassword: password, newPassword: next });
      expect(res.statusCode).toBe(200);
      password = next;
    }
  });
});
