import { mailedSignUpToken } from '../../lib';
import { type Api, phoneOf, type Reply } from '../api';
import { type DrillContext, type Teacher, Tracked, type WritePath } from '../write-path';

const emailOf = (n: number) => `drill-${n}@drill.batchwise.bd`;

/**
 * POST /api/auth/sign-up from an address of its own (the server trusts loopback's X-Forwarded-For),
 * then the link it mailed, which makes the account: acknowledged when that answers 200.
 */
export async function postSignUp(api: Api, n: number): Promise<Reply> {
  const forwarded = { 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` };
  const asked = await api.send('POST', '/api/auth/sign-up', {
    body: {
      accountType: 'Teacher',
      name: `Drill Teacher ${n}`,
      email: emailOf(n),
      password: 'a long drill passphrase',
      phone: phoneOf(n, '018'),
      institution: 'Drill Coaching Centre',
    },
    headers: forwarded,
  });
  if (asked.status !== 200) return asked;
  const token = await mailedSignUpToken(api.url, emailOf(n));
  return api.send('POST', '/api/auth/sign-up/confirm', { body: { token }, headers: forwarded });
}

/** Signs up and returns the new teacher's session cookie and account (drill set-up). */
export async function signUpTeacher(api: Api, n: number): Promise<Teacher> {
  const reply = await postSignUp(api, n);
  const token = /bw_session=([^;]+)/.exec(reply.headers.get('set-cookie') ?? '')?.[1];
  if (reply.status !== 200 || !token)
    throw new Error(`sign-up: ${reply.status} ${JSON.stringify(reply.body)}`);
  const cookie = `bw_session=${token}`;
  const session = await api.send('GET', '/api/session', { cookie });
  return { cookie, accountId: session.body.activeAccountId };
}

/** Sign-ups: each acknowledged one must leave its user and its teacher account. */
export function signUpPath(): WritePath {
  const writes = new Tracked<string>();
  return {
    name: 'sign-up',
    clients: 1,
    async write(ctx: DrillContext) {
      const n = ctx.unique();
      await writes.send(emailOf(n), `Drill Teacher ${n}`, () => postSignUp(ctx.api, n));
    },
    async verify(db) {
      const keys = writes.keys();
      const rows = keys.length
        ? await db
            .selectFrom('users')
            .innerJoin('accounts', 'accounts.owner_user_id', 'users.id')
            .select(['users.email', 'users.name'])
            .where('users.email', 'in', keys)
            .execute()
        : [];
      const found = new Map(rows.map((r) => [r.email!, r.name]));
      return { losses: writes.reconcile(found, (email) => `sign-up ${email}`), duplicates: [] };
    },
    figures: () => ({ acknowledged: writes.acknowledged, inFlightAtKill: writes.inFlightAtKill }),
  };
}
