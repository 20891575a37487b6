import { describe, expect, it } from 'vitest';
import { signUp } from '../../test/factories';
import { TestClient } from '../../test/http';
import { DIALECTS, useTestApp } from '../../test/test-deps';

/** A reset link is good only while it is the password's latest word. */
describe.each(DIALECTS)('password reset links [%s]', (dialect) => {
  const ctx = useTestApp(dialect);

  const anonymous = () => new TestClient(ctx.app);
  /** The reset links mailed to an address, newest first. */
  const links = async (email: string) => {
    await ctx.deps.createWorker().drain();
    return (await ctx.deps.outbox.listNewest('mail', 200))
      .filter((m) => m.to === email && m.subject === 'Reset your Batchwise password')
      .map((m) => /token=([\w-]+)/.exec(m.body)![1]!);
  };
  const askForLink = async (email: string) => {
    expect((await anonymous().post('/api/auth/password/forgot', { email })).statusCode).toBe(200);
    ctx.deps.clock.advance(1_000);
  };
  const reset = (token: string, password: string) =>
    anonymous().post('/api/auth/password/reset', { token, password });

  it('using one link spends the others, older and newer', async () => {
    for (const use of ['newest', 'oldest'] as const) {
      const { input } = await signUp(ctx.app, ctx.deps);
      await askForLink(input.email);
      await askForLink(input.email);
      const [newest, oldest] = await links(input.email);
      const [first, second] = use === 'newest' ? [newest!, oldest!] : [oldest!, newest!];
      expect((await reset(first, `a new passphrase ${use}`)).json().code).toBe('PASSWORD_CHANGED');
      const stale = await reset(second, 'an attacker passphrase');
      expect(stale.statusCode).toBe(400);
      expect(stale.json().error.code).toBe('RESET_LINK_INVALID');
      const signIn = await anonymous().post('/api/auth/sign-in', {
        email: input.email,
        password: `a new passphrase ${use}`,
      });
      expect(signIn.statusCode).toBe(200);
    }
  });

  it('changing the password while signed in spends every open link', async () => {
    const { client, input } = await signUp(ctx.app, ctx.deps);
    await askForLink(input.email);
    const [token] = await links(input.email);
    const changed = await client.post('/api/me/password', {
      currentPassword: input.password,
      newPassword: 'changed while signed in',
    });
    expect(changed.statusCode).toBe(200);
    const stale = await reset(token!, 'an attacker passphrase');
    expect(stale.json().error.code).toBe('RESET_LINK_INVALID');
    expect(
      (
        await anonymous().post('/api/auth/sign-in', {
          email: input.email,
          password: 'changed while signed in',
        })
      ).statusCode,
    ).toBe(200);
  });

  it('refuses a link made before the password last changed, however the change was made', async () => {
    const { input, userId } = await signUp(ctx.app, ctx.deps);
    await askForLink(input.email);
    const [token] = await links(input.email);
    // A change that left the link open (e.g. made by an older server during a rolling update).
    await ctx.deps.db.kysely
      .updateTable('users')
      .set({ password_changed_at: ctx.deps.clock.now() })
      .where('id', '=', userId)
      .execute();
    ctx.deps.clock.advance(1_000);
    const stale = await reset(token!, 'an attacker passphrase');
    expect(stale.json().error.code).toBe('RESET_LINK_INVALID');
    // A link asked for after the change works.
    await askForLink(input.email);
    const [fresh] = await links(input.email);
    expect((await reset(fresh!, 'a newer passphrase')).json().code).toBe('PASSWORD_CHANGED');
  });
});
