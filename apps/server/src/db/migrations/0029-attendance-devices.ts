import { type Kysely, sql } from 'kysely';

/**
 * ZKTeco devices' side of attendance (db/schema-attendance-devices.ts):
 * - `attendance_pins`: each student's user number (PIN) on the account's devices, issued once and
 *   kept (a student who comes back gets the same PIN); UNIQUE (account_id, pin).
 * - `attendance_device_commands`: the queue a device fetches on its heartbeat. The id is a small
 *   integer per device (firmware echoes it back as `ID=`), so the key is (device_id, id).
 * - `attendance_device_users`: what each device has been told (PIN → name, card), so a change of
 *   students is pushed as the difference.
 * - `attendance_device_state`: per device, the account's students list version last compared
 *   (list_versions, raised by triggers on every student change), the next command id and the
 *   upload stamps the device reported.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema at their own point in history
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('attendance_pins')
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('student_id', 'text', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('pin', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('attendance_pins_pk', ['account_id', 'student_id'])
    .addUniqueConstraint('attendance_pins_pin_key', ['account_id', 'pin'])
    .execute();

  await db.schema
    .createTable('attendance_device_commands')
    .addColumn('device_id', 'text', (c) =>
      c.notNull().references('attendance_devices.id').onDelete('cascade'),
    )
    .addColumn('id', 'integer', (c) => c.notNull())
    .addColumn('command', 'text', (c) => c.notNull())
    .addColumn('pin', 'integer')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('return_code', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('sent_at', 'bigint')
    .addColumn('done_at', 'bigint')
    .addPrimaryKeyConstraint('attendance_device_commands_pk', ['device_id', 'id'])
    .execute();
  // The heartbeat reads a device's open commands in id order; the list counts them.
  await db.schema
    .createIndex('attendance_device_commands_open_idx')
    .on('attendance_device_commands')
    .columns(['device_id', 'status', 'id'])
    .execute();

  await db.schema
    .createTable('attendance_device_users')
    .addColumn('device_id', 'text', (c) =>
      c.notNull().references('attendance_devices.id').onDelete('cascade'),
    )
    .addColumn('pin', 'integer', (c) => c.notNull())
    .addColumn('student_id', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('card', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('attendance_device_users_pk', ['device_id', 'pin'])
    .execute();

  await db.schema
    .createTable('attendance_device_state')
    .addColumn('device_id', 'text', (c) =>
      c.primaryKey().references('attendance_devices.id').onDelete('cascade'),
    )
    .addColumn('synced_version', 'bigint', (c) => c.notNull().defaultTo(sql`-1`))
    .addColumn('next_command_id', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('attlog_stamp', 'text')
    .addColumn('operlog_stamp', 'text')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'attendance_device_state',
    'attendance_device_users',
    'attendance_device_commands',
    'attendance_pins',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
