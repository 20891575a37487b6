import type { Kysely } from 'kysely';

/**
 * Referral rewards, SMS masking names and the plan table's referral reward
 * (db/schema-referrals.ts). The reward is per plan, staff-editable like the plan's other fields;
 * existing plans start at 100 SMS (REFERRAL_REWARD_SMS in packages/domain plans/plans.ts).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema at their own point in history
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('plans')
    .addColumn('referral_reward_sms', 'integer', (c) => c.notNull().defaultTo(100))
    .execute();

  await db.schema
    .createTable('referral_rewards')
    .addColumn('referred_account_id', 'text', (c) =>
      c.primaryKey().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('referrer_account_id', 'text', (c) =>
      c.notNull().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('sms', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('referral_rewards_referrer_idx')
    .on('referral_rewards')
    .column('referrer_account_id')
    .execute();
  // Counting sign-ups by referrer (the referral card).
  await db.schema.createIndex('accounts_referred_by_idx').on('accounts').column('referred_by').execute();

  await db.schema
    .createTable('sms_sender_names')
    .addColumn('account_id', 'text', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('requested_by', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('requested_at', 'bigint', (c) => c.notNull())
    .addColumn('decided_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('decided_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('sms_sender_names_status_idx')
    .on('sms_sender_names')
    .columns(['status', 'requested_at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema at their own point in history
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sms_sender_names').execute();
  await db.schema.dropIndex('accounts_referred_by_idx').execute();
  await db.schema.dropTable('referral_rewards').execute();
  await db.schema.alterTable('plans').dropColumn('referral_reward_sms').execute();
}
