import type { Kysely } from 'kysely';

/**
 * Fees and payments (db/schema-fees.ts). The indexes serve a student's dues (their
 * allocations, adjustments and charges), an account's dues list (the same by account), the
 * payment history by time, and receipt numbers unique per account.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema at their own point in history
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('fee_charges')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('classroom_id', 'text', (c) => c.references('classrooms.id').onDelete('cascade'))
    .addColumn('student_id', 'text', (c) => c.references('students.id').onDelete('cascade'))
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('due_month', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('removed_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('fee_charges_account_idx')
    .on('fee_charges')
    .columns(['account_id', 'due_month'])
    .execute();

  await db.schema
    .createTable('fee_adjustments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('student_id', 'text', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('classroom_id', 'text', (c) => c.notNull().references('classrooms.id').onDelete('cascade'))
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('removed_at', 'bigint')
    .addColumn('removed_by_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('fee_adjustments_student_idx')
    .on('fee_adjustments')
    .columns(['account_id', 'student_id'])
    .execute();

  await db.schema
    .createTable('payments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('student_id', 'text', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('receipt_no', 'integer', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('refund_of', 'text', (c) => c.references('payments.id').onDelete('cascade'))
    .addColumn('voided_at', 'bigint')
    .addColumn('voided_by_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('void_reason', 'text')
    .execute();
  await db.schema
    .createIndex('payments_receipt_idx')
    .on('payments')
    .columns(['account_id', 'receipt_no'])
    .unique()
    .execute();
  await db.schema
    .createIndex('payments_time_idx')
    .on('payments')
    .columns(['account_id', 'received_at'])
    .execute();
  await db.schema
    .createIndex('payments_student_idx')
    .on('payments')
    .columns(['student_id', 'received_at'])
    .execute();

  await db.schema
    .createTable('payment_allocations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('payment_id', 'text', (c) => c.notNull().references('payments.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('student_id', 'text', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('classroom_id', 'text', (c) => c.references('classrooms.id').onDelete('set null'))
    .addColumn('month', 'text')
    .addColumn('charge_id', 'text', (c) => c.references('fee_charges.id').onDelete('set null'))
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('payment_allocations_student_idx')
    .on('payment_allocations')
    .columns(['account_id', 'student_id'])
    .execute();
  await db.schema
    .createIndex('payment_allocations_payment_idx')
    .on('payment_allocations')
    .columns(['payment_id'])
    .execute();

  await db.schema
    .createTable('payment_counters')
    .addColumn('account_id', 'text', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('last_receipt_no', 'integer', (c) => c.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'payment_counters',
    'payment_allocations',
    'payments',
    'fee_adjustments',
    'fee_charges',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
