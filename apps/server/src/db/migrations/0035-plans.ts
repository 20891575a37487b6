import { type Kysely, sql } from 'kysely';

/**
 * Plans and the tools catalogue (db/schema-plans.ts). The plan table holds prices, limits,
 * features and included tools, edited by platform staff; every account gets a plan (Lite to
 * start; a paid plan's end date for subscriptions to fill). Accounts that existed before keep
 * every tool they could use: the three add-ons are installed for them without expiry. A used
 * trial is remembered apart from the install, so removing a tool does not renew its trial.
 */
const STORAGE = { videoStorageGb: 1024, fileStorageGb: 10240 };
const CORE = [
  'students',
  'classrooms',
  'fees',
  'sms',
  'sms-templates',
  'sms-schedule',
  'sms-reports',
  'attendance',
  'admission',
  'assessments',
  'money-manager',
  'family-portal',
  'assistants',
  'assistant-permissions',
  'bangla-english',
  'business-wording',
];
const PAID = [...CORE, 'full-privilege-control', 'data-recovery', 'video-courses', 'files'];
const ALL_TOOLS = [
  ['online-pay', 'fees'],
  ['sentinel-attendance', 'attendance'],
  ['report-cards', 'reports'],
] as const;
const PLANS = [
  {
    id: 'lite',
    position: 0,
    price: 0,
    quoted: 0,
    limits: { moderators: 2, recoveryDays: 0, ...STORAGE },
    features: [...CORE, 'video-courses', 'files'],
    tools: ['online-pay', 'report-cards'],
  },
  {
    id: 'pro',
    position: 1,
    price: null,
    quoted: 0,
    limits: { moderators: null, recoveryDays: 30, ...STORAGE },
    features: PAID,
    tools: ALL_TOOLS.map(([key]) => key),
  },
  {
    id: 'elite',
    position: 2,
    price: null,
    quoted: 1,
    limits: { moderators: null, recoveryDays: 30, videoStorageGb: null, fileStorageGb: null },
    features: PAID,
    tools: ALL_TOOLS.map(([key]) => key),
  },
];

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema at their own point in history
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('plans')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('price_per_student_paisa', 'bigint')
    .addColumn('quoted_on_request', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('limits', 'text', (c) => c.notNull())
    .addColumn('features', 'text', (c) => c.notNull())
    .addColumn('tools', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint')
    .addColumn('updated_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db
    .insertInto('plans')
    .values(
      PLANS.map((plan) => ({
        id: plan.id,
        position: plan.position,
        price_per_student_paisa: plan.price,
        quoted_on_request: plan.quoted,
        limits: JSON.stringify(plan.limits),
        features: JSON.stringify(plan.features),
        tools: JSON.stringify(plan.tools),
        updated_at: null,
        updated_by: null,
      })),
    )
    .execute();

  await db.schema
    .alterTable('accounts')
    .addColumn('plan_id', 'text', (c) => c.notNull().defaultTo('lite'))
    .execute();
  // Set by subscriptions; past it the account is held to its starting plan's limits.
  await db.schema.alterTable('accounts').addColumn('plan_ends_at', 'bigint').execute();

  await db.schema
    .createTable('tool_trials')
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('tool_key', 'text', (c) => c.notNull())
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('tool_trials_pk', ['account_id', 'tool_key'])
    .execute();

  const now = Date.now();
  for (const [key, page] of ALL_TOOLS) {
    await sql`
      INSERT INTO account_tools (account_id, tool_key, route, expires_at, pinned, installed_at)
      SELECT a.id, ${key}, ${page}, NULL, 0, ${now} FROM accounts a
      WHERE NOT EXISTS (
        SELECT 1 FROM account_tools t WHERE t.account_id = a.id AND t.tool_key = ${key}
      )`.execute(db);
  }
}

/** The add-ons installed for earlier accounts stay installed: they could use them before too. */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema at their own point in history
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('tool_trials').execute();
  await db.schema.alterTable('accounts').dropColumn('plan_ends_at').execute();
  await db.schema.alterTable('accounts').dropColumn('plan_id').execute();
  await db.schema.dropTable('plans').execute();
}
