import { setImmediate as yieldTurn } from 'node:timers/promises';
import type { Insertable, Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database, EnrolmentsTable, ParentLinksTable, StudentsTable } from '../../db/schema';
import { withSearchText } from '../students/student-filters';

/**
 * Rows a multi-row insert or an IN list carries at once: well under SQLite's 32,766 and
 * PostgreSQL's 65,535 bound parameters with a student's 17 columns.
 */
const CHUNK = 500;

/**
 * The items a chunk at a time, with a turn of the event loop between chunks: SQLite runs each
 * statement synchronously, and a 10,000-row import would otherwise keep every other request of the
 * process waiting until its last statement (reads outside the transaction go on meanwhile, on a
 * connection of their own: db/sqlite-driver.ts).
 */
async function* chunks<T>(items: readonly T[]): AsyncGenerator<T[]> {
  for (let i = 0; i < items.length; i += CHUNK) {
    if (i > 0) await yieldTurn();
    yield items.slice(i, i + CHUNK);
  }
}

/** What an onboarded file is checked against and written with (modules/onboarding). */
export class OnboardingRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Phones, student IDs and RFID codes (lower case) of these values that students of these
   * accounts already hold, archived ones included: each an indexed lookup (migration 0009).
   */
  async taken(
    accountIds: readonly string[],
    values: { phones: readonly string[]; customIds: readonly string[]; rfids: readonly string[] },
  ): Promise<{ phones: Set<string>; customIds: Set<string>; rfids: Set<string> }> {
    const taken = { phones: new Set<string>(), customIds: new Set<string>(), rfids: new Set<string>() };
    const students = () => this.db.selectFrom('students').where('account_id', 'in', [...accountIds]);
    for await (const part of chunks(values.phones)) {
      const rows = await students().select('phone').where('phone', 'in', part).execute();
      for (const row of rows) taken.phones.add(row.phone);
    }
    for await (const part of chunks(values.customIds)) {
      const rows = await students()
        .select(sql<string>`lower(custom_id)`.as('key'))
        .where(sql<string>`lower(custom_id)`, 'in', part)
        .execute();
      for (const row of rows) taken.customIds.add(row.key);
    }
    for await (const part of chunks(values.rfids)) {
      const rows = await students()
        .select(sql<string>`lower(rfid)`.as('key'))
        .where(sql<string>`lower(rfid)`, 'in', part)
        .execute();
      for (const row of rows) taken.rfids.add(row.key);
    }
    return taken;
  }

  async insertStudents(rows: readonly Omit<Insertable<StudentsTable>, 'search_text'>[]): Promise<void> {
    for await (const part of chunks(rows))
      await this.db.insertInto('students').values(part.map(withSearchText)).execute();
  }

  async insertParentLinks(rows: readonly Insertable<ParentLinksTable>[]): Promise<void> {
    for await (const part of chunks(rows)) await this.db.insertInto('parent_links').values(part).execute();
  }

  async insertEnrolments(rows: readonly Insertable<EnrolmentsTable>[]): Promise<void> {
    for await (const part of chunks(rows)) await this.db.insertInto('enrolments').values(part).execute();
  }
}
