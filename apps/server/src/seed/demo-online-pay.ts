import type { Deps } from '../deps';
import { DEMO } from './demo-accounts';
import type { DemoSignIn } from './seed';

/** Demo online payment: the demo teacher's centre, after its counter payments. */
export async function seedDemoOnlinePay(deps: Deps): Promise<DemoSignIn[]> {
  const owner = await deps.db.kysely
    .selectFrom('users as u')
    .innerJoin('accounts as a', 'a.owner_user_id', 'u.id')
    .select(['u.id as user_id', 'a.id as account_id'])
    .where('u.email', '=', DEMO.teacher.email)
    .executeTakeFirst();
  if (owner) await deps.onlinePay.seedDemo(owner.account_id, owner.user_id);
  return [];
}
