import { applicationNumberIn, FIRST_APPLICATION_NUMBER } from '@batchwise/domain';
import type { Insertable, Kysely, Updateable } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/schema';
import type { AdmissionPicturesTable } from '../../db/schema-abuse-guards';
import type { AdmissionApplicationsTable } from '../../db/schema-admission';

export interface ApplicationFilter {
  status?: AdmissionApplicationsTable['status'];
  q?: string;
  classroomId?: string;
  from?: number;
  to?: number;
}

/** `%text%` for LIKE, with the wildcards of the text itself escaped. */
const contains = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;

/** Online admission applications and what the public form reads (modules/admission). */
export class AdmissionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The institution behind a link key: the account's public fields only. */
  institution(accountId: string) {
    return this.db
      .selectFrom('accounts')
      .select(['id', 'institution', 'logo_key', 'settings'])
      .where('id', '=', accountId)
      .executeTakeFirst();
  }

  /** Those of these classrooms that are the account's and open. */
  openClassroomsIn(accountId: string, ids: readonly string[]) {
    return this.db
      .selectFrom('classrooms')
      .select(['id', 'name'])
      .where('account_id', '=', accountId)
      .where('closed_at', 'is', null)
      .where('id', 'in', [...ids, ''])
      .execute();
  }

  /**
   * Pending applications of the account with one of these phones (as stored, so with and without
   * the duplicate mark) submitted at or after `since`: the (account_id, phone, created_at) index.
   */
  pendingWithPhones(accountId: string, phones: readonly string[], since: number) {
    return this.db
      .selectFrom('admission_applications')
      .select(['phone', 'created_at'])
      .where('account_id', '=', accountId)
      .where('phone', 'in', [...phones])
      .where('created_at', '>=', since)
      .where('status', '=', 'Pending')
      .execute();
  }

  /**
   * The account's next application number, in one statement that creates or raises its counter
   * row: the row lock (PostgreSQL) or the write lock (SQLite) makes parallel submissions wait for
   * each other, so no two get the same number.
   */
  async nextNumber(accountId: string): Promise<number> {
    const row = await this.db
      .insertInto('admission_counters')
      .values({ account_id: accountId, last_number: FIRST_APPLICATION_NUMBER })
      .onConflict((oc) =>
        oc.column('account_id').doUpdateSet((eb) => ({
          last_number: eb(eb.ref('admission_counters.last_number'), '+', 1),
        })),
      )
      .returning('last_number')
      .executeTakeFirstOrThrow();
    return Number(row.last_number);
  }

  async insert(row: Insertable<AdmissionApplicationsTable>): Promise<void> {
    await this.db.insertInto('admission_applications').values(row).execute();
  }

  find(accountId: string, id: string) {
    return this.db
      .selectFrom('admission_applications')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** A page of the account's applications, newest first, and how many match in all. */
  async page(accountId: string, filter: ApplicationFilter, page: number, pageSize: number) {
    const base = this.db
      .selectFrom('admission_applications')
      .where('account_id', '=', accountId)
      .$if(filter.status !== undefined, (qb) => qb.where('status', '=', filter.status!))
      .$if(filter.classroomId !== undefined, (qb) =>
        qb.where('course_classroom_id', '=', filter.classroomId!),
      )
      .$if(filter.from !== undefined, (qb) => qb.where('created_at', '>=', filter.from!))
      .$if(filter.to !== undefined, (qb) => qb.where('created_at', '<', filter.to!))
      .$if(Boolean(filter.q), (qb) =>
        qb.where((eb) => {
          const number = applicationNumberIn(filter.q!);
          return eb.or([
            ...(['name', 'phone', 'details'] as const).map(
              (column) => sql<boolean>`lower(${sql.ref(column)}) like ${contains(filter.q!)} escape '\\'`,
            ),
            ...(number === null ? [] : [eb('number', '=', number)]),
          ]);
        }),
      );
    const [rows, count] = await Promise.all([
      base
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute(),
      base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  /** Decides a pending application; false when it was no longer pending (decided meanwhile). */
  async decide(id: string, changes: Updateable<AdmissionApplicationsTable>): Promise<boolean> {
    const result = await this.db
      .updateTable('admission_applications')
      .set(changes)
      .where('id', '=', id)
      .where('status', '=', 'Pending')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async insertPicture(row: AdmissionPicturesTable): Promise<void> {
    await this.db.insertInto('admission_pictures').values(row).execute();
  }

  /**
   * Gives an issued picture to an application, in one statement: only on the form that issued it,
   * before it expires and once. False when any of that fails.
   */
  async claimPicture(key: string, accountId: string, applicationId: string, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('admission_pictures')
      .set({ application_id: applicationId })
      .where('key', '=', key)
      .where('account_id', '=', accountId)
      .where('application_id', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Whether the picture was issued by this account's form and claimed by this application. */
  async isPictureOf(key: string, accountId: string, applicationId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('admission_pictures')
      .select('key')
      .where('key', '=', key)
      .where('account_id', '=', accountId)
      .where('application_id', '=', applicationId)
      .executeTakeFirst();
    return row !== undefined;
  }
}
