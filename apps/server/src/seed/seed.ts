import type { Deps } from '../deps';

import { seedNews } from '../modules/news/news.seed';
import { seedDemoAccounts } from './demo-accounts';
import { seedDemoAssessments } from './demo-assessments';
import { seedDemoAttendance } from './demo-attendance';
import { seedDemoMoney } from './demo-money';
import { seedDemoOnlinePay } from './demo-online-pay';

export interface DemoSignIn {
  role: string;
  login: string;
  secret: string;
}

/** A seed adds demo data and names the sign-ins it created. Later modules add theirs to SEEDS. */
export type Seed = (deps: Deps) => Promise<DemoSignIn[]>;

const SEEDS: Seed[] = [
  seedDemoAccounts,
  seedDemoMoney,
  seedDemoOnlinePay,
  seedDemoAssessments,
  seedDemoAttendance,
  async (deps) => {
    await seedNews(deps);
    return [];
  },
];
const SEEDED_KEY = 'demo_seeded_at';

/**
 * Seeds demo data once, on the first start of an empty database; later starts print the same
 * sign-ins from app_meta. Production never seeds unless SEED_DEMO=true.
 */
export async function seedDemoOnce(deps: Deps, seeds: Seed[] = SEEDS): Promise<DemoSignIn[]> {
  const db = deps.db.kysely;
  const done = await db
    .selectFrom('app_meta')
    .select('value')
    .where('key', '=', SEEDED_KEY)
    .executeTakeFirst();
  if (done) {
    const stored = await db
      .selectFrom('app_meta')
      .select('value')
      .where('key', '=', 'demo_sign_ins')
      .executeTakeFirst();
    return stored ? (JSON.parse(stored.value) as DemoSignIn[]) : [];
  }
  const signIns: DemoSignIn[] = [];
  for (const seed of seeds) signIns.push(...(await seed(deps)));
  await db
    .insertInto('app_meta')
    .values([
      { key: SEEDED_KEY, value: String(deps.clock.now()) },
      { key: 'demo_sign_ins', value: JSON.stringify(signIns) },
    ])
    .execute();
  return signIns;
}
